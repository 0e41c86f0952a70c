import FreeTimeCore

/// How long each instance lasts (RFC 5545 §3.6.1, §3.8.2.2, §3.8.2.5).
extension EventInterpreter {
  /// The length of each instance from DTEND or DURATION; nil (with a warning) when the event
  /// is skipped.
  ///
  /// DTEND before DTSTART or a negative DURATION skips the event; DTEND and DURATION both
  /// present block until the later of the two ends; a DATE start with a DATE-TIME end is an
  /// all-day event through the end's day; a DATE end equal to a DATE start is one day (as
  /// Google and Outlook mean it). An end that cannot be read makes the time from each instance's
  /// start to the end of its day unknown (`endIsUnknown`; docs/BAD-INPUT.md, Values). Each
  /// with a warning or, for `freetime check`, a note.
  mutating func length(of start: TimeValue) throws -> EventLength? {
    var fromEnd: EventLength? = nil
    var fromDuration: EventLength? = nil
    // What cannot be read of DTEND and DURATION (nil: nothing; Optional strings cost nothing
    // when nil, where an array of them costs a retain and a release per event).
    var unreadableEnd: String? = nil
    var unreadableDuration: String? = nil
    switch event.end {
    case .value(let written):
      let end = try resolve(written, .dtend)
      guard let length = lengthToEnd(start: start, end: end) else { return nil }
      fromEnd = length
    case .unreadable:
      unreadableEnd = "DTEND has no valid date or time"
    case .dropped:
      unreadableEnd = "DTEND '\(shownDropped(.dtend))' cannot be read"
    case .absent:
      break
    }
    switch event.duration {
    case .value(let duration):
      if duration.isNegative && (duration.days != 0 || duration.seconds != 0) {
        warn(
          line: event.line(of: .duration), "event skipped: DURATION is negative", severity: .error)
        return nil
      }
      fromDuration = duration.length
      // An all-day event lasts days (RFC 5545 §3.8.2.5 wants a DURATION of days or weeks with
      // a DATE): Google's `PT86400S` is one day on the calendar, and `P0D` one day as a DATE
      // DTEND equal to DTSTART is. Other times of day (`PT5H`) are read as written.
      if start.isDate && duration.seconds % 86400 == 0
        && (duration.seconds != 0 || duration.days == 0)
      {
        let days = max(1, duration.days + duration.seconds / 86400)
        fromDuration = EventLength(civil: days * 86400, exact: 0)
        if options.lint {
          warn(
            line: event.line(of: .duration),
            "DURATION of an all-day event is not written in days (RFC 5545 §3.8.2.5); read as \(days) day\(days == 1 ? "" : "s")",
            severity: .note)
        }
      }
    case .unreadable:
      unreadableDuration = "DURATION cannot be read"
    case .dropped:
      unreadableDuration = "DURATION '\(shownDropped(.duration))' cannot be read"
    case .absent:
      break
    }
    if unreadableEnd != nil || unreadableDuration != nil {
      let unreadable = [(PropertyName.dtend, unreadableEnd), (.duration, unreadableDuration)]
        .compactMap { kind, what in what.map { (kind, $0) } }
      // A readable end beside the unreadable one still says how long the event lasts.
      if let known = fromEnd ?? fromDuration {
        let other = fromEnd != nil ? "DTEND" : "DURATION"
        for (kind, what) in unreadable {
          warn(line: event.line(of: kind), "\(what); the event ends as its \(other) says")
        }
        return known
      }
      // The time each instance may cover, from its start to the end of its day, is unknown
      // (an error in `freetime check`); an all-day event covers that day at least.
      for (kind, what) in unreadable where !blocksTime {
        if options.lint {
          warn(line: event.line(of: kind), "\(what); the event blocks no time", severity: .note)
        }
      }
      for (kind, what) in unreadable where blocksTime {
        warn(
          line: event.line(of: kind),
          start.isDate
            ? "\(what); the all-day event is read as its first day (it covers that day at least)"
            : "\(what); the time from the event's start to the end of its day is unknown (busy unless --unknown free)",
          severity: .error)
      }
      if start.isDate { return .oneDay }
      endIsUnknown = true
      return .restOfDay
    }
    switch (fromEnd, fromDuration) {
    case (let a?, let b?):
      warn(.duration, "event has both DTEND and DURATION; it blocks until the later end")
      let s = start.instant(home: home)
      return a.end(of: start, startInstant: s, home: home)
        >= b.end(of: start, startInstant: s, home: home) ? a : b
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (nil, nil):
      // A DATE start alone lasts one day, a DATE-TIME start alone no time.
      if !start.isDate && options.lint {
        warn(
          line: event.lines[.dtstart],
          "a date-time DTSTART without DTEND or DURATION blocks no time (RFC 5545 §3.6.1)",
          severity: .note)
      }
      return start.isDate ? .oneDay : .zero
    }
  }

  /// The value of the first property of this kind that was dropped, as it is shown in messages.
  private func shownDropped(_ kind: PropertyName) -> String {
    Sanitize.text(event.dropped.first { $0.name == kind }?.value ?? "", limit: 60)
  }

  /// The length from DTSTART to DTEND, or nil (with a warning) when DTEND is before DTSTART; a
  /// DATE start with a DATE-TIME end is an all-day event through the end's day (warned); a DATE
  /// end on the DATE start's day is one day (noted).
  private mutating func lengthToEnd(start: TimeValue, end: TimeValue) -> EventLength? {
    let length: EventLength
    if start.isDate && !end.isDate {
      warn(.dtend, "DATE start with a DATE-TIME end; read as an all-day event")
      let endCivil: Int64
      switch end.kind {
      case .utc: endCivil = LocalTimeResolver.civil(end.civil, in: home)
      case .zoned, .floating: endCivil = end.civil
      }
      let days = max(1, (endCivil - start.civil + 86399) / 86400)
      length = EventLength(civil: days * 86400, exact: 0)
    } else if start.isDate && end.isDate && end.civil == start.civil {
      if options.lint {
        warn(
          line: event.line(of: .dtend),
          "DATE DTEND equal to DTSTART (RFC 5545 wants the day after); read as one day, as Google and Outlook mean it",
          severity: .note)
      }
      length = .oneDay
    } else if (start.isFloating && end.isFloating && start.isDate == end.isDate)
      || (start.isDate && end.isDate)
    {
      // Days on the calendar (also two DATEs, each with a TZID), or a floating span.
      length = EventLength(civil: end.civil - start.civil, exact: 0)
    } else {
      length = EventLength(civil: 0, exact: end.instant(home: home) - start.instant(home: home))
    }
    if length.civil < 0 || length.exact < 0 {
      warn(line: event.line(of: .dtend), "event skipped: DTEND is before DTSTART", severity: .error)
      return nil
    }
    return length
  }
}
