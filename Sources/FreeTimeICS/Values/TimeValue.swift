import FreeTimeCore

/// A time value with its zone looked up, before it becomes an instant.
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

  /// The instant of the same kind of value at the wall-clock time `other` (as
  /// `with(civil: other).instant(home:)`, without a value made, and its zone's references
  /// counted, for each instance of a series).
  func instant(civil other: Int64, home: Zone) -> Instant {
    switch kind {
    case .utc: return other
    case .zoned(let zone): return zone.instant(civil: other)
    case .floating: return home.instant(civil: other)
    }
  }

  /// The same kind of value at another wall-clock time.
  func with(civil: Int64) -> TimeValue {
    TimeValue(civil: civil, kind: kind, isDate: isDate)
  }

  /// Whether the value is floating (no `Z`, no TZID that names a zone).
  var isFloating: Bool {
    if case .floating = kind { return true }
    return false
  }
}

extension TimeValue {
  /// The zone of a DATE with a TZID freetime knows (its day there), else floating.
  @inline(never)
  static func dayKind(of written: WrittenTime, zones: ZoneTable) -> Kind {
    guard let tzid = written.tzid, let zone = zones.zone(for: tzid), !zone.isOffsetOnly else {
      return .floating
    }
    return .zoned(zone)
  }

  /// A TZID this calendar may define later in the file: try again at the end of its VCALENDAR.
  struct UnknownZone: Error {
    var tzid: String
  }

  /// A written value with its zone looked up (docs/ARCHITECTURE.md, Time zones): `Z` times as
  /// they are; a TZID the file's own VTIMEZONE first, then the system's zones (`ZoneTable`); an
  /// unknown TZID is read in the home zone, with a warning. A DATE is the home zone's day, but
  /// one with a TZID freetime knows (Connect Daily, ownCloud and SabreDAV write
  /// `DTSTART;TZID=America/Denver;VALUE=DATE:20040503`) is that zone's day.
  ///
  /// - Parameter deferUnknown: throw `UnknownZone` for a TZID not known yet instead of warning.
  init(
    _ written: WrittenTime, zones: ZoneTable, home: Zone, deferUnknown: Bool,
    warn: (String) -> Void
  ) throws {
    civil = written.civil
    isDate = written.isDate
    kind = .floating
    if isDate {
      if written.tzid != nil { kind = TimeValue.dayKind(of: written, zones: zones) }
      return
    }
    if written.isUTC {
      kind = .utc
      return
    }
    guard let tzid = written.tzid else { return }
    if let zone = zones.zone(for: tzid) {
      kind = .zoned(zone)
      if zone.isOffsetOnly {
        warn(
          "time zone '\(Sanitize.text(tzid, limit: 80))' is a Windows display name freetime does not know; read at its offset, \(zone.name), all year (no daylight saving time)"
        )
      }
      return
    }
    if deferUnknown { throw UnknownZone(tzid: tzid) }
    warn(
      "unknown time zone '\(Sanitize.text(tzid, limit: 80))'; read in the calendar's home zone \(home.name)"
    )
  }
}
