internal import CLibical
import FreeTimeCore
import FoundationEssentials
import FoundationInternationalization
import Synchronization

#if canImport(_FoundationICU)
  internal import _FoundationICU
#endif

/// A time zone as freetime uses it: a name and the UTC offset at every instant.
///
/// Zones named in the system tz database come from Foundation (the same zoneinfo files libical's
/// builtin zones read); zones defined by a file's VTIMEZONE are libical zones built from that
/// component. Either way, wall-clock times become instants through `LocalTimeResolver`, which
/// applies the RFC 5545 §3.3.5 fold and gap rules (libical 3.0.16 picks the second occurrence in
/// a fold, see LIBICAL_NOTES.md).
public final class Zone: UTCOffsetSource, @unchecked Sendable {
  public let name: String
  private let system: TimeZone?
  private let libical: OpaquePointer?  // icaltimezone *, owned
  /// A file's VTIMEZONE says nothing about times before its first observance; before
  /// `coveredFrom`, the system zone of the same name (if any) answers instead.
  private let coveredFrom: Instant
  private let before: Zone?
  /// A system zone's offsets from 1970 to 2100, looked up instead of asking ICU each time
  /// (before and after, ICU answers: slower, and rarely needed).
  private let table: OffsetTable?

  private init(
    name: String, system: TimeZone?, libical: OpaquePointer?, coveredFrom: Instant = .min,
    before: Zone? = nil
  ) {
    self.name = name
    self.system = system
    self.libical = libical
    self.coveredFrom = coveredFrom
    self.before = before
    self.table = system.map(OffsetTable.shared)
  }

  deinit {
    if let libical { icaltimezone_free(libical, 1) }
  }

  /// Every IANA zone name `named` knows, sorted (shell completion of `--tz`).
  public static var knownNames: [String] { TimeZone.knownTimeZoneIdentifiers.sorted() }

  /// A zone of the system tz database by IANA name (`Europe/Prague`, `UTC`), or nil.
  public static func named(_ name: String) -> Zone? {
    let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
    guard !trimmed.isEmpty, let tz = TimeZone(identifier: trimmed) else { return nil }
    return Zone(name: trimmed, system: tz, libical: nil)
  }

  /// A zone by a Windows name ("W. Europe Standard Time"), through CLDR's mapping in ICU.
  public static func windows(_ name: String) -> Zone? {
    #if canImport(_FoundationICU)
      let id = Array(name.utf16)
      guard !id.isEmpty, id.count < 128 else { return nil }
      var buffer = [UInt16](repeating: 0, count: 128)
      var status = U_ZERO_ERROR
      let n = swift_ucal_getTimeZoneIDForWindowsID(
        id, Int32(id.count), nil, &buffer, Int32(buffer.count), &status)
      guard status.rawValue <= 0, n > 0 else { return nil }
      return named(String(decoding: buffer[0..<Int(n)], as: UTF16.self))
    #else
      return nil
    #endif
  }

  /// The system's zone (/etc/localtime), else UTC.
  public static var system: Zone {
    let tz = TimeZone.current
    return Zone(name: tz.identifier, system: tz, libical: nil)
  }

  /// The UTC zone.
  public static let utc = Zone(name: "UTC", system: TimeZone(identifier: "UTC")!, libical: nil)

  /// A zone defined by a VTIMEZONE component; takes ownership of `component`.
  ///
  /// - Parameter coveredFrom: the first onset of its observances; before it, a system zone of
  ///   the same name is used when there is one (exporters often ship only recent rules).
  static func fromComponent(_ component: OpaquePointer, tzid: String, coveredFrom: Instant)
    -> Zone?
  {
    guard let zone = icaltimezone_new() else {
      icalcomponent_free(component)
      return nil
    }
    if icaltimezone_set_component(zone, component) == 0 {
      icaltimezone_free(zone, 1)
      icalcomponent_free(component)
      return nil
    }
    return Zone(
      name: tzid, system: nil, libical: zone, coveredFrom: coveredFrom, before: Zone.named(tzid))
  }

  public func utcOffset(at instant: Instant) -> Int {
    if instant < coveredFrom, let before { return before.utcOffset(at: instant) }
    if let table, let offset = table.offset(at: instant) { return offset }
    if let system {
      return system.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }
    guard let libical else { return 0 }
    var utcTime = ICSTime.icaltime(utc: instant)
    var isDaylight: Int32 = 0
    return Int(icaltimezone_get_utc_offset_of_utc_time(libical, &utcTime, &isDaylight))
  }

  public func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    if instant < coveredFrom, let before {
      let span = before.utcOffsetSpan(at: instant)
      return (span.offset, span.from, min(span.to, coveredFrom))
    }
    if let table, let span = table.span(at: instant) {
      return (span.offset, before == nil ? span.from : max(span.from, coveredFrom), span.to)
    }
    return (utcOffset(at: instant), instant, instant + 1)
  }

  /// The instant of a wall-clock time here (RFC 5545 §3.3.5 in folds and gaps).
  public func instant(civil: Int64) -> Instant {
    LocalTimeResolver.instant(civil: civil, in: self)
  }
}

/// Conversions between libical's `icaltimetype` and freetime's numbers.
enum ICSTime {
  /// Civil seconds of the fields of a time (its wall clock, whatever its zone).
  static func civil(_ t: icaltimetype) -> Int64 {
    if t.is_date != 0 { return CivilTime.seconds(Int(t.year), Int(t.month), Int(t.day)) }
    return CivilTime.seconds(
      Int(t.year), Int(t.month), Int(t.day), Int(t.hour), Int(t.minute), Int(t.second))
  }

  /// A UTC `icaltimetype` for an instant.
  static func icaltime(utc instant: Instant) -> icaltimetype {
    let f = CivilTime.fields(instant)
    var t = icaltime_null_time()
    t.year = Int32(f.year)
    t.month = Int32(f.month)
    t.day = Int32(f.day)
    t.hour = Int32(f.hour)
    t.minute = Int32(f.minute)
    t.second = Int32(f.second)
    t.is_date = 0
    t.zone = icaltimezone_get_utc_timezone()
    return t
  }

  /// A floating `icaltimetype` with the wall-clock fields of civil seconds.
  static func icaltime(civil: Int64, isDate: Bool) -> icaltimetype {
    let f = CivilTime.fields(civil)
    var t = icaltime_null_time()
    t.year = Int32(f.year)
    t.month = Int32(f.month)
    t.day = Int32(f.day)
    if !isDate {
      t.hour = Int32(f.hour)
      t.minute = Int32(f.minute)
      t.second = Int32(f.second)
    }
    t.is_date = isDate ? 1 : 0
    t.zone = nil
    return t
  }
}

/// A system zone's UTC offsets as a sorted list of transitions (everything ICU reports: daylight
/// saving and changes of standard time), so an offset is a binary search, not an ICU call.
/// `ZoneTests` checks it against `TimeZone.secondsFromGMT` for every zone.
///
/// ICU charges a few hundred microseconds of a small run per decade of transitions, so a table
/// first holds the years from ten before to fifteen after this one (where nearly every lookup
/// falls); the rest of 1970–2100 is read once, on the first lookup there.
///
/// A class: as a struct held by `Zone`, every lookup copied it out and retained its parts.
final class OffsetTable: Sendable {
  static let from: Instant = 0  // 1970-01-01
  static let to: Instant = 4_102_444_800  // 2100-01-01
  /// The years read first: 1 January ten years ago to 1 January in fifteen years.
  static let near: (from: Instant, to: Instant) = {
    let year = CivilTime.fields(Instant(Date().timeIntervalSince1970)).year
    return (
      max(from, CivilTime.seconds(year - 10, 1, 1)), min(to, CivilTime.seconds(year + 15, 1, 1))
    )
  }()
  /// One table per zone name for the whole process.
  private static let cache = Mutex<[String: OffsetTable]>([:])

  static func shared(_ zone: TimeZone) -> OffsetTable {
    if let table = cache.withLock({ $0[zone.identifier] }) { return table }
    let table = OffsetTable(zone)
    cache.withLock { $0[zone.identifier] = table }
    return table
  }

  /// `offsets[i]` holds from `starts[i]` to the next start, within `near`.
  private let starts: [Instant]
  private let offsets: [Int]
  private let zone: TimeZone
  /// All of 1970–2100, read on the first lookup outside `near`.
  private let whole = WholeTable()

  final class WholeTable: Sendable {
    let transitions = Mutex<([Instant], [Int])?>(nil)
  }

  init(_ zone: TimeZone) {
    self.zone = zone
    (starts, offsets) = OffsetTable.transitions(
      zone, from: OffsetTable.near.from, to: OffsetTable.near.to)
  }

  /// The offsets from `from` to `to`: the offset at `from`, then every change.
  private static func transitions(_ zone: TimeZone, from: Instant, to: Instant) -> (
    [Instant], [Int]
  ) {
    #if canImport(_FoundationICU)
      if let found = transitionsICU(zone.identifier, from: from, to: to) { return found }
    #endif
    var date = Date(timeIntervalSince1970: TimeInterval(from))
    var starts = [from]
    var offsets = [zone.secondsFromGMT(for: date)]
    let end = Date(timeIntervalSince1970: TimeInterval(to))
    while let next = zone.nextDaylightSavingTimeTransition(after: date), next < end,
      next > date
    {
      let instant = Instant((next.timeIntervalSince1970).rounded(.down))
      let offset = zone.secondsFromGMT(for: next)
      if offset != offsets.last {
        starts.append(instant)
        offsets.append(offset)
      }
      date = next
    }
    return (starts, offsets)
  }

  #if canImport(_FoundationICU)
    /// The transitions from ICU's calendar API directly, one calendar for the whole walk (a bit
    /// cheaper than Foundation's `nextDaylightSavingTimeTransition`). Each step still costs ICU
    /// a copy of the zone's transition list.
    private static func transitionsICU(_ identifier: String, from: Instant, to: Instant)
      -> ([Instant], [Int])?
    {
      let id = Array(identifier.utf16)
      var status = U_ZERO_ERROR
      guard let calendar = swift_ucal_open(id, Int32(id.count), nil, UCAL_GREGORIAN, &status),
        status.rawValue <= 0
      else { return nil }
      defer { swift_ucal_close(calendar) }
      func offset(at millis: Double) -> Int? {
        var status = U_ZERO_ERROR
        swift_ucal_setMillis(calendar, millis, &status)
        let zone = swift_ucal_get(calendar, UCAL_ZONE_OFFSET, &status)
        let dst = swift_ucal_get(calendar, UCAL_DST_OFFSET, &status)
        return status.rawValue <= 0 ? Int(zone + dst) / 1000 : nil
      }
      var millis = Double(from) * 1000
      guard let first = offset(at: millis) else { return nil }
      var starts = [from]
      var offsets = [first]
      let end = Double(to) * 1000
      while true {
        var next = 0.0
        var status = U_ZERO_ERROR
        swift_ucal_setMillis(calendar, millis, &status)
        guard
          swift_ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, &next, &status)
            != 0,
          status.rawValue <= 0, next > millis, next < end
        else { break }
        guard let o = offset(at: next) else { return nil }
        if o != offsets.last {
          starts.append(Instant((next / 1000).rounded(.down)))
          offsets.append(o)
        }
        millis = next
      }
      return (starts, offsets)
    }
  #endif

  /// The offset at `instant`, or nil outside 1970–2100.
  func offset(at instant: Instant) -> Int? {
    span(at: instant)?.offset
  }

  /// The offset at `instant` and a span around it without a change (between the transitions
  /// around it, or the edge of the years read), or nil outside 1970–2100.
  func span(at instant: Instant) -> (offset: Int, from: Instant, to: Instant)? {
    if instant >= OffsetTable.near.from && instant < OffsetTable.near.to {
      return OffsetTable.span(at: instant, starts, offsets, to: OffsetTable.near.to)
    }
    guard instant >= OffsetTable.from, instant < OffsetTable.to else { return nil }
    let (starts, offsets) = whole.transitions.withLock { built in
      if let built { return built }
      let read = OffsetTable.transitions(zone, from: OffsetTable.from, to: OffsetTable.to)
      built = read
      return read
    }
    return OffsetTable.span(at: instant, starts, offsets, to: OffsetTable.to)
  }

  private static func span(
    at instant: Instant, _ starts: [Instant], _ offsets: [Int], to end: Instant
  ) -> (offset: Int, from: Instant, to: Instant) {
    var low = 0
    var high = starts.count  // the answer is the last start <= instant
    while high - low > 1 {
      let mid = (low + high) / 2
      if starts[mid] <= instant { low = mid } else { high = mid }
    }
    return (offsets[low], starts[low], low + 1 < starts.count ? starts[low + 1] : end)
  }
}
