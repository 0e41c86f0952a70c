import FreeTimeCore

/// How long each instance of an event lasts: `civil` seconds on the wall clock (nominal days of
/// a DURATION, DATE spans, floating spans) followed by `exact` seconds (RFC 5545 §3.3.6).
struct EventLength: Equatable {
  var civil: Int64
  var exact: Int64

  static let zero = EventLength(civil: 0, exact: 0)
  /// A DATE start without DTEND or DURATION lasts one day (RFC 5545 §3.6.1).
  static let oneDay = EventLength(civil: 86400, exact: 0)

  var isZero: Bool { civil == 0 && exact == 0 }

  /// The end of an instance starting at `start`.
  func end(of start: TimeValue, startInstant: Instant, home: Zone) -> Instant {
    if civil == 0 { return startInstant + exact }
    return start.with(civil: start.civil + civil).instant(home: home) + exact
  }

  /// The span of an instance starting at `start` (`startInstant` when already known), forwards
  /// even when the length would run backwards.
  func span(of start: TimeValue, startInstant: Instant? = nil, home: Zone) -> Interval {
    let s = startInstant ?? start.instant(home: home)
    let e = end(of: start, startInstant: s, home: home)
    return e >= s ? Interval(s, e) : Interval(e, s)
  }

  /// The longest real time this length can take, for window margins.
  var upperBound: Int64 { abs(civil) + abs(exact) + (civil != 0 ? 7200 : 0) }
}
