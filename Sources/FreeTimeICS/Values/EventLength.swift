import FreeTimeCore

/// How long each instance of an event lasts: `civil` seconds on the wall clock (nominal days of
/// a DURATION, DATE spans, floating spans) followed by `exact` seconds (RFC 5545 §3.3.6).
struct EventLength: Equatable {
  var civil: Int64
  var exact: Int64
  /// The end cannot be read: each instance lasts from its start to the end of its day on its
  /// own clock (the time it may cover, which is unknown; docs/BAD-INPUT.md, Values).
  var toEndOfDay = false

  init(civil: Int64, exact: Int64) {
    self.civil = civil
    self.exact = exact
  }

  /// From each instance's start to the end of its day.
  static let restOfDay: EventLength = {
    var length = EventLength(civil: 0, exact: 0)
    length.toEndOfDay = true
    return length
  }()

  static let zero = EventLength(civil: 0, exact: 0)
  /// A DATE start without DTEND or DURATION lasts one day (RFC 5545 §3.6.1).
  static let oneDay = EventLength(civil: 86400, exact: 0)

  var isZero: Bool { civil == 0 && exact == 0 && !toEndOfDay }

  /// The end of an instance starting at `start`.
  func end(of start: TimeValue, startInstant: Instant, home: Zone) -> Instant {
    if toEndOfDay {
      let midnight = (CivilTime.floorDiv(start.civil, 86400) + 1) * 86400
      return max(startInstant, start.with(civil: midnight).instant(home: home))
    }
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
  var upperBound: Int64 {
    toEndOfDay ? 86400 + 7200 : abs(civil) + abs(exact) + (civil != 0 ? 7200 : 0)
  }
}
