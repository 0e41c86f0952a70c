import FreeTimeCore

/// How long each instance of an event lasts: `civil` seconds on the wall clock (nominal days of
/// a DURATION, DATE spans, floating spans) followed by `exact` seconds (RFC 5545 §3.3.6).
struct EventLength: Equatable {
  var civil: Int64
  var exact: Int64

  /// From each instance's start to the end of its day on its own clock (for a UTC time, the
  /// later end of its day in UTC and in the home zone), for an end that cannot be read (the time it may cover, which is unknown; docs/BAD-INPUT.md, Values). Marked by an
  /// `exact` no length has, so the struct stays two words.
  static let restOfDay = EventLength(civil: 0, exact: .min)

  /// Whether this is `restOfDay`.
  var toEndOfDay: Bool { exact == .min }

  static let zero = EventLength(civil: 0, exact: 0)
  /// A DATE start without DTEND or DURATION lasts one day (RFC 5545 §3.6.1).
  static let oneDay = EventLength(civil: 86400, exact: 0)

  var isZero: Bool { civil == 0 && exact == 0 }

  /// The end of an instance starting at `start`.
  func end(of start: TimeValue, startInstant: Instant, home: Zone) -> Instant {
    if civil == 0 && exact != .min { return startInstant + exact }
    return wallClockEnd(of: start, startInstant: startInstant, home: home)
  }

  /// The end on the wall clock: after nominal days, or at the end of the start's day.
  @inline(never)
  private func wallClockEnd(of start: TimeValue, startInstant: Instant, home: Zone) -> Instant {
    if toEndOfDay {
      let midnight = (CivilTime.floorDiv(start.civil, 86400) + 1) * 86400
      var end = start.instant(civil: midnight, home: home)
      // A time in UTC names no one's day: the later of UTC's midnight and the home zone's.
      if case .utc = start.kind {
        let local = LocalTimeResolver.civil(startInstant, in: home)
        end = max(end, home.instant(civil: (CivilTime.floorDiv(local, 86400) + 1) * 86400))
      }
      return max(startInstant, end)
    }
    return start.instant(civil: start.civil + civil, home: home) + exact
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
