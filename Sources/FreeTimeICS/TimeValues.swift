internal import CLibical
import FreeTimeCore

/// A time value as written in a calendar, before it becomes an instant.
struct TimeValue {
  enum Kind {
    /// `…Z`: civil is already the instant.
    case utc
    /// `TZID=…` resolved to a zone.
    case zoned(Zone)
    /// No zone: read in the calendar's home zone.
    case floating
  }

  /// Wall-clock seconds (`CivilTime`); for DATE values, midnight.
  var civil: Int64
  var kind: Kind
  var isDate: Bool
  /// The exact instant when it is known beyond the wall clock (a UTC time moved onto a zone's
  /// wall clock keeps its instant, also in a DST fold).
  var pinned: Instant? = nil

  /// The instant, reading floating times and dates in `home`.
  func instant(home: Zone) -> Instant {
    if let pinned { return pinned }
    switch kind {
    case .utc: return civil
    case .zoned(let zone): return zone.instant(civil: civil)
    case .floating: return home.instant(civil: civil)
    }
  }

  /// The same kind of value at another wall-clock time.
  func with(civil: Int64) -> TimeValue {
    TimeValue(civil: civil, kind: kind, isDate: isDate)
  }
}

/// How long each instance of an event lasts: `civil` seconds on the wall clock (nominal days of
/// a DURATION, DATE spans, floating spans) followed by `exact` seconds (RFC 5545 §3.3.6).
struct EventLength {
  var civil: Int64
  var exact: Int64

  static let zero = EventLength(civil: 0, exact: 0)

  var isZero: Bool { civil == 0 && exact == 0 }

  /// The end of an instance starting at `start`.
  func end(of start: TimeValue, startInstant: Instant, home: Zone) -> Instant {
    if civil == 0 { return startInstant + exact }
    return start.with(civil: start.civil + civil).instant(home: home) + exact
  }

  /// The longest real time this length can take, for window margins.
  var upperBound: Int64 { abs(civil) + abs(exact) + (civil != 0 ? 7200 : 0) }
}

/// Reads the time-valued properties of a parsed component.
struct PropertyReader {
  let comp: OpaquePointer
  let zones: ZoneTable
  let file: String
  let home: Zone

  enum Failure: Error {
    /// A TZID this calendar may define later in the file: try again at its end.
    case unknownZone(String)
  }

  /// The TZID parameter of a property, if any.
  static func tzid(_ prop: OpaquePointer) -> String? {
    guard let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER),
      let raw = icalparameter_get_tzid(param)
    else { return nil }
    return String(cString: raw)
  }

  /// A time value from libical's fields and the property's TZID.
  ///
  /// - Parameter deferUnknown: throw `unknownZone` for a TZID not known yet instead of warning.
  func value(
    _ t: icaltimetype, prop: OpaquePointer, warn: (String) -> Void, deferUnknown: Bool
  ) throws -> TimeValue? {
    if icaltime_is_null_time(t) != 0 || icaltime_is_valid_time(t) == 0 { return nil }
    return try PropertyReader.value(
      civil: ICSTime.civil(t), isDate: t.is_date != 0, utc: icaltime_is_utc(t) != 0,
      tzid: PropertyReader.tzid(prop), zones: zones, home: home, warn: warn,
      deferUnknown: deferUnknown)
  }

  /// A time value from its wall clock, its form and its TZID (libical's reading or
  /// `SimpleEvent`'s).
  static func value(
    civil: Int64, isDate: Bool, utc: Bool, tzid: String?, zones: ZoneTable, home: Zone,
    warn: (String) -> Void, deferUnknown: Bool
  ) throws -> TimeValue {
    if isDate { return TimeValue(civil: civil, kind: .floating, isDate: true) }
    if utc { return TimeValue(civil: civil, kind: .utc, isDate: false) }
    if let tzid {
      if let zone = zones.zone(for: tzid) {
        return TimeValue(civil: civil, kind: .zoned(zone), isDate: false)
      }
      if deferUnknown { throw Failure.unknownZone(tzid) }
      warn(
        "unknown time zone '\(Sanitize.text(tzid, limit: 80))'; read in the calendar's home zone \(home.name)"
      )
    }
    return TimeValue(civil: civil, kind: .floating, isDate: false)
  }
}

/// The zones a calendar file can name: its own VTIMEZONEs first, then the system tz database.
final class ZoneTable {
  private var defined: [String: Zone] = [:]
  private var system: [String: Zone?] = [:]
  /// The last answer of `zone(for:)`: a calendar names the same TZID line after line.
  private var last: (tzid: String, zone: Zone?)? = nil

  func define(_ zone: Zone, tzid: String) {
    defined[tzid] = zone
    last = nil
  }

  /// Where a TZID's zone comes from, for `freetime check`.
  enum Source {
    case file, system, windows, unknown
  }

  func source(of tzid: String) -> Source {
    if defined[tzid] != nil { return .file }
    guard let zone = zone(for: tzid) else { return .unknown }
    return Zone.named(zone.name) != nil && zone.name != tzid && Zone.named(tzid) == nil
      && !tzid.hasPrefix("/") ? .windows : .system
  }

  func zone(for tzid: String) -> Zone? {
    if let last, last.tzid == tzid { return last.zone }
    let zone = lookUp(tzid)
    last = (tzid, zone)
    return zone
  }

  private func lookUp(_ tzid: String) -> Zone? {
    if let zone = defined[tzid] { return zone }
    if let cached = system[tzid] { return cached }
    var name = tzid
    // Some producers prefix IANA names ("/mozilla.org/20050126_1/Europe/Berlin").
    if name.hasPrefix("/") {
      let parts = name.split(separator: "/")
      if parts.count >= 2 { name = parts.suffix(2).joined(separator: "/") }
      if parts.count >= 3, Zone.named(parts.suffix(3).joined(separator: "/")) != nil {
        name = parts.suffix(3).joined(separator: "/")
      }
    }
    let zone = Zone.named(name) ?? Zone.windows(name)
    system[tzid] = zone
    return zone
  }
}
