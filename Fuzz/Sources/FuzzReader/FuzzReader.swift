import CFuzzShim
import FreeTimeCore
import FreeTimeICS

/// libFuzzer target for the calendar reader (scripts/fuzz). The first byte picks the options:
/// a year's window or a wide one, --explain, `freetime check`'s lint, a small instance cap.
/// Throwing a ReadError is a fine answer; a crash, a hang (libFuzzer's -timeout) or an
/// AddressSanitizer report is a finding.
let year = Interval(1_798_761_600, 1_830_297_600)  // 2027
let wide = Interval(631_152_000, 2_208_988_800)  // 1990–2040

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let choice = bytes.first ?? 0
  var options = ReadOptions(
    window: choice & 1 == 0 ? year : wide, defaultZone: Zone.utc,
    maxInstances: choice & 2 == 0 ? 100_000 : 1_000)
  options.explain = choice & 4 != 0
  options.lint = choice & 8 != 0
  if let person = try? CalendarReader.read(bytes: bytes, name: "fuzz.ics", options: options) {
    _ = FreeSlots.free(busy: person.busy, in: options.window)
  }
  return 0
}

@_cdecl("FuzzReader_main")
public func fuzzMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}
