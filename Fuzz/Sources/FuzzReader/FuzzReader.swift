import CFuzzShim
import FreeTimeCore
import FreeTimeICS

/// libFuzzer target for the calendar reader (scripts/fuzz).
///
/// An input is one options byte followed by the calendar: the byte picks the `ReadOptions`
/// (`FuzzOptions.make`), the rest goes to `CalendarReader.read(bytes:)`; on success the busy time
/// goes through the free-slot sweep. A thrown `ReadError` is a fine answer. Findings are crashes
/// (traps included), AddressSanitizer reports, hangs (libFuzzer's -timeout), running out of
/// memory, and the checks below: any other error type, `--explain` origins that are not parallel
/// to the busy list, tentative time that is not busy, and free slots that are not sorted,
/// disjoint, non-empty and inside the window.
///
/// scripts/fuzz prefixes each seed calendar with an options byte; a finding kept in
/// Fixtures/fuzz is stored without it (a plain calendar), and FuzzRegressionTests reads it with
/// many option mixes.
enum FuzzOptions {
  /// 2026, 1990–2040, the week of 2026-11-23, and 2038 (UTC).
  static let windows = [
    Interval(1_767_225_600, 1_798_761_600),
    Interval(631_152_000, 2_208_988_800),
    Interval(1_795_392_000, 1_795_996_800),
    Interval(2_145_916_800, 2_177_452_800),
  ]
  static let newYork = Zone.named("America/New_York") ?? Zone.utc

  /// bits 0 and 7: the window; 1: a cap of 100 instances per series (else 1,000: far below
  /// freetime's 100,000, because expanding instances is most of an execution's time and the
  /// fuzzer is after the reader, not the count; the cap is the same code at any size);
  /// 2: --explain; 3: lint (`freetime check`); 4: --tentative free; 5: --all-day free;
  /// 6: floating times in America/New_York (else UTC).
  static func make(_ choice: UInt8) -> ReadOptions {
    let window = windows[Int(choice & 1) | Int(choice >> 7) << 1]
    var options = ReadOptions(
      window: window, defaultZone: choice & 0x40 != 0 ? newYork : Zone.utc,
      tentative: choice & 0x10 != 0 ? .free : .busy,
      allDay: choice & 0x20 != 0 ? .free : .busy,
      maxInstances: choice & 2 != 0 ? 100 : 1_000)
    options.explain = choice & 4 != 0
    options.lint = choice & 8 != 0
    return options
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let options = FuzzOptions.make(data[0])
  let calendar = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let person: PersonCalendar
  do {
    person = try CalendarReader.read(bytes: calendar, name: "fuzz.ics", options: options)
  } catch is ReadError {
    return 0
  } catch {
    fatalError("read(bytes:) threw something other than a ReadError: \(error)")
  }
  if options.explain {
    precondition(
      person.origins.count == person.busy.count,
      "--explain: \(person.origins.count) origins for \(person.busy.count) busy intervals")
  }
  if !person.tentative.isEmpty {
    let busy = Set(person.busy)
    precondition(person.tentative.allSatisfy(busy.contains), "tentative time that is not busy")
  }
  let window = options.window
  let free = FreeSlots.free(busy: person.busy, in: window)
  precondition(free.isSortedAndDisjoint, "free slots not sorted, disjoint and non-empty")
  precondition(free.allSatisfy { window.contains($0) }, "a free slot outside the window")
  return 0
}

/// SwiftPM links an executable with `--defsym main=FuzzReader_main`; -parse-as-library leaves
/// no Swift main, so this is it: libFuzzer's driver, with the command line.
@_cdecl("FuzzReader_main")
public func fuzzMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}
