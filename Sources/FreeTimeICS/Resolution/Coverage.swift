import FreeTimeCore

/// The time a person's calendar speaks for (docs/ARCHITECTURE.md, What is busy): outside it the
/// person's time is unknown, and unknown is not free. Each VCALENDAR covers all time unless it
/// says otherwise: one with `X-CALSTART`/`X-CALEND` (Outlook's export range) covers that range,
/// or the time from or before the one written; one whose components, VTIMEZONEs aside, are all
/// VFREEBUSY covers what they speak for (`CalendarCoverage.addFreeBusy`; `freetime busy` writes
/// its window so); a range that cannot be read is never all time. A person's coverage is the
/// union of their VCALENDARs'.
struct Coverage {
  /// Whether some VCALENDAR covers all time.
  private(set) var all = false
  private(set) var ranges: [Interval] = []
  /// Whether any VCALENDAR was read.
  private(set) var said = false

  mutating func addAll() {
    all = true
    said = true
  }

  /// A calendar that speaks for no time of its own.
  mutating func addNothing() {
    said = true
  }

  mutating func add(_ range: Interval) {
    ranges.append(range)
    said = true
  }

  /// The covered time, sorted and merged; nil for all time (also when nothing was read).
  var intervals: [Interval]? {
    guard said, !all else { return nil }
    return ranges.merged()
  }
}

/// What one VCALENDAR says about the time it covers, gathered while it is read.
struct CalendarCoverage {
  var calStart: Instant? = nil
  var calEnd: Instant? = nil
  /// The lines of X-CALSTART and X-CALEND, when they were there (read or not).
  var calStartLine: Int? = nil
  var calEndLine: Int? = nil
  var sawCalRange: Bool { calStartLine != nil || calEndLine != nil }
  /// Whether every component so far, VTIMEZONEs aside, is a VFREEBUSY.
  var onlyFreeBusy = true
  /// Whether a component holding time was read, and whether one could not be.
  var readSome = false
  var ignoredSome = false
  /// What the VFREEBUSYs speak for: their ranges, and the periods listed by those whose range
  /// cannot be read.
  private(set) var freeBusyRanges: [Interval] = []
  /// Whether a VFREEBUSY has neither DTSTART nor DTEND (it covers all time).
  private(set) var freeBusyWithoutRange = false
  /// Whether a VFREEBUSY's range cannot be read (it speaks only for what it lists, perhaps
  /// nothing).
  private(set) var freeBusyRangeUnreadable = false

  /// What one VFREEBUSY speaks for (RFC 5545 §3.6.4): its DTSTART–DTEND; all time without
  /// either; only the periods it lists, whatever their FBTYPE, when its range cannot be read
  /// (`range` nil: a value that is no DATE-TIME, one end alone, an end not after the start).
  mutating func addFreeBusy(range: Interval?, written: Bool, listed: [Interval]) {
    if let range {
      freeBusyRanges.append(range)
    } else if !written {
      freeBusyWithoutRange = true
    } else {
      freeBusyRangeUnreadable = true
      freeBusyRanges += listed
    }
  }

  /// Whether X-CALSTART/X-CALEND were written and cannot be read as a range: one is there but
  /// not a DATE-TIME, or the end is not after the start.
  var calRangeUnreadable: Bool {
    if calStartLine != nil && calStart == nil { return true }
    if calEndLine != nil && calEnd == nil { return true }
    if let calStart, let calEnd { return calStart >= calEnd }
    return false
  }

  /// Adds what this VCALENDAR covers to a person's coverage. X-CALSTART alone covers all time
  /// from it, X-CALEND alone all time before it (Outlook writes an open export range so). One
  /// whose X-CALSTART/X-CALEND cannot be read speaks only for what it lists: its VFREEBUSY
  /// periods (its events block whether covered or not). One of VFREEBUSYs only speaks for what
  /// they do (`addFreeBusy`), unless one of them covers all time. One that has components
  /// holding time and could read none speaks for nothing.
  func add(to coverage: inout Coverage) {
    if (ignoredSome && !readSome) || calRangeUnreadable
      || (!sawCalRange && onlyFreeBusy && !freeBusyWithoutRange
        && (!freeBusyRanges.isEmpty || freeBusyRangeUnreadable))
    {
      coverage.addNothing()
      // Within the one of X-CALSTART and X-CALEND that can be read, if the other cannot.
      let within =
        calStartLine != nil && calEndLine != nil && (calStart == nil) != (calEnd == nil)
        ? Interval(
          calStart ?? PersonCalendar.allTime.start, calEnd ?? PersonCalendar.allTime.end)
        : PersonCalendar.allTime
      for range in freeBusyRanges {
        if let clipped = range.clamped(to: within) { coverage.add(clipped) }
      }
    } else if sawCalRange {
      coverage.add(
        Interval(
          calStart ?? PersonCalendar.allTime.start, calEnd ?? PersonCalendar.allTime.end))
    } else {
      coverage.addAll()
    }
  }
}

extension PersonAccumulator {
  /// A warning naming the person and the time their calendar covers, when the window reaches
  /// past it, with times as people read them on `zone`'s clock (`--tz`).
  /// With `lint` (`freetime check`), a note whatever the window.
  mutating func warnUncovered(name: String, file: String, lint: Bool, zone: Zone) {
    guard let covered = coverage.intervals,
      lint || !FreeSlots.free(busy: covered, in: window).isEmpty
    else { return }
    let said = PersonCalendar.coverageText(covered, zone: zone)
    diagnostics.append(
      Diagnostic(
        file: file, line: nil,
        message: lint
          ? "the calendar speaks for \(said) (X-CALSTART/X-CALEND, the ranges of its VFREEBUSYs, or a VCALENDAR of which nothing could be read); outside that its time is unknown, which counts as busy unless --unknown free"
          : "\(Sanitize.text(name, limit: 80))'s calendar speaks for \(said); the rest of the window is unknown, which counts as busy unless --unknown free",
        severity: lint ? .note : .warning))
  }
}

extension PersonCalendar {
  /// What a calendar speaks for, as people read it (the coverage warning, `--explain` and
  /// `suggest` without a slot): `only Mon 2026-11-23 00:00 – Mon 2026-11-30 00:00 UTC`, `only
  /// the time from …`, `only the time before …`, `all time`, or `no time beyond its events`.
  public static func coverageText(_ covered: [Interval], zone: Zone) -> String {
    guard let first = covered.first, let last = covered.last else {
      return "no time beyond its events"
    }
    let start = first.start <= allTime.start ? nil : HumanTime.text(first.start, zone: zone)
    let end = last.end >= allTime.end ? nil : HumanTime.text(last.end, zone: zone)
    let periods = covered.count == 1 ? "" : "\(covered.count) periods between "
    switch (start, end) {
    case (let start?, let end?): return "only \(periods)\(start) – \(end) \(zone.name)"
    case (let start?, nil): return "only \(periods)the time from \(start) \(zone.name)"
    case (nil, let end?): return "only \(periods)the time before \(end) \(zone.name)"
    case (nil, nil): return "all time"
    }
  }
}
