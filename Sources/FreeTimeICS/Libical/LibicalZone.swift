internal import CLibical
import FoundationEssentials
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A zone a file defines by a VTIMEZONE, as libical builds it: the UTC offset at each instant.
/// libical zones are built under `Libical`'s lock; libical guards their expansion with its own.
///
/// libical answers an offset from its list of the zone's changes (each change's instant and
/// the offset from then on, sorted; before the first change, the offset the first one changes
/// from). That list is made once, when the zone is built, up to the end of `listedUntil`:
/// by `ObservanceChanges` for the shapes real zones are written in, else read from libical
/// (`icaltimezone_dump_changes`). An offset there is a binary search, not a libical call with
/// its mutex, its civil-date conversion and its search (docs/ARCHITECTURE.md, Time zones).
/// Before the first change and after the list, libical is asked. `ZoneTests` checks the two
/// answers equal on every VTIMEZONE of the fixtures and on random ones.
final class LibicalZone: @unchecked Sendable {
  private let zone: OpaquePointer  // icaltimezone *, owned
  /// libical's changes: `offsets[i]` holds from `starts[i]` to the next start, or to `end`.
  private let starts: [Instant]
  private let offsets: [Int]
  private let end: Instant
  /// The entry of `starts` the last lookup found.
  private let last = Atomic<Int>(0)
  /// Whether `ObservanceChanges` made the list (for tests).
  let changesAreOwn: Bool

  /// The end of the list: 1 January in fifteen years (where nearly every lookup falls before).
  static let listedUntil: Instant = {
    let year = CivilTime.fields(Instant(Date().timeIntervalSince1970)).year
    return CivilTime.seconds(year + 15, 1, 1)
  }()

  /// The zone of a VTIMEZONE's lines, or nil when libical cannot build one.
  init?(_ lines: [ContentLine]) {
    let end = LibicalZone.listedUntil
    let lastYear = CivilTime.fields(end - 1).year
    let own = ObservanceChanges.changes(lines, before: end)
    // libical warns on standard error when it writes an offset of a day or more.
    var printable: Bool {
      lines.allSatisfy { line in
        guard line.name == "TZOFFSETFROM" || line.name == "TZOFFSETTO" else { return true }
        return ValueSyntax.utcOffset(line.value.trimmingWhitespace().utf8).map { abs($0) < 86400 }
          ?? false
      }
    }
    let built: (OpaquePointer, [Instant], [Int])? = Libical.withLock(exclusive: false) {
      guard let comp = Libical.parseOwnedUnlocked(lines) else { return nil }
      guard let zone = icaltimezone_new() else {
        icalcomponent_free(comp)
        return nil
      }
      if icaltimezone_set_component(zone, comp) == 0 {
        icaltimezone_free(zone, 1)
        icalcomponent_free(comp)
        return nil
      }
      let (starts, offsets) =
        own ?? (printable ? Self.changes(of: zone, through: lastYear) : ([], []))
      return (zone, starts, offsets)
    }
    guard let built else { return nil }
    (zone, starts, offsets) = built
    self.end = end
    changesAreOwn = own != nil
  }

  deinit { icaltimezone_free(zone, 1) }

  func utcOffset(at instant: Instant) -> Int {
    utcOffsetSpan(at: instant).offset
  }

  /// The offset at `instant` and the span around it between two of libical's changes (a
  /// second wide before the first change and after the list).
  func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    guard let first = starts.first, instant >= first, instant < end else {
      return (askLibical(at: instant), instant, instant + 1)
    }
    // Lookups come in runs in one span (a series' instances, an event's start and end): try
    // the last one's first.
    let k = last.load(ordering: .relaxed)
    if k < starts.count, starts[k] <= instant {
      let span = OffsetTable.entry(k, starts, offsets, to: end)
      if instant < span.to { return span }
    }
    let found = OffsetTable.entry(of: instant, in: starts)
    last.store(found, ordering: .relaxed)
    return OffsetTable.entry(found, starts, offsets, to: end)
  }

  /// libical's own answer, without the table.
  func askLibical(at instant: Instant) -> Int {
    var utcTime = ICSTime.icaltime(utc: instant)
    var isDaylight: Int32 = 0
    return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &utcTime, &isDaylight))
  }

  /// The instants of the changes the table holds (for tests).
  var changeInstants: [Instant] { starts }

  /// libical's changes of `zone` in years up to `lastYear`, from the text
  /// `icaltimezone_dump_changes` writes: a line per change, its UTC time and new offset in the
  /// last three tab-separated fields (`<location>\t 1 Mar 2026\t 1:00:00\t+0200`). Of changes
  /// at one instant, libical uses the last; so does the table. Empty when a line cannot be read.
  private static func changes(of zone: OpaquePointer, through lastYear: Int) -> (
    [Instant], [Int]
  ) {
    var buffer: UnsafeMutablePointer<CChar>? = nil
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return ([], []) }
    icaltimezone_dump_changes(zone, Int32(lastYear), stream)
    fclose(stream)
    defer { free(buffer) }
    guard let buffer else { return ([], []) }
    let text = Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size))
    var starts: [Instant] = []
    var offsets: [Int] = []
    for line in text.split(separator: 0x0A) {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).suffix(3)
      guard fields.count == 3, let change = Self.instant(fields.first!, fields.dropFirst().first!),
        let offset = ValueSyntax.utcOffset(fields.last!)
      else { return ([], []) }
      if let last = starts.last {
        if change < last { return ([], []) }
        if change == last {
          offsets[offsets.count - 1] = offset
          continue
        }
      }
      starts.append(change)
      offsets.append(offset)
    }
    return (starts, offsets)
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ].map { Array($0.utf8) }

  /// `%2i %s %04i` and `%2i:%02i:%02i` as UTC civil seconds.
  private static func instant(_ date: ArraySlice<UInt8>, _ time: ArraySlice<UInt8>) -> Instant? {
    let d = date.split(separator: 0x20)
    let t = time.split(separator: 0x3A, omittingEmptySubsequences: false)
    // A date that is not a real one (29 February 1700: libical's calendar is Julian up to 1752
    // when it adds an offset) makes the whole list unread: libical answers then.
    guard d.count == 3, t.count == 3, let month = months.firstIndex(of: Array(d[1])),
      let day = number(d[0]), let year = number(d[2]), let hour = number(t[0]),
      let minute = number(t[1]), let second = number(t[2]),
      CivilTime.isValid(year: year, month: month + 1, day: day)
    else { return nil }
    return CivilTime.seconds(year, month + 1, day) + Int64(hour * 3600 + minute * 60 + second)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    let trimmed = digits.drop { $0 == 0x20 }
    guard !trimmed.isEmpty, trimmed.count < 9, trimmed.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return trimmed.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}
