import FreeTimeCore

/// The time a person's calendar speaks for (docs/ARCHITECTURE.md, What is busy): outside it the
/// person's time is unknown, and unknown is not free. Each VCALENDAR covers all time unless it
/// says otherwise: one with `X-CALSTART`/`X-CALEND` (Outlook's export range) covers that range;
/// one whose components, VTIMEZONEs aside, are all VFREEBUSY covers their DTSTART–DTEND ranges
/// (a VFREEBUSY without both covers all time; `freetime busy` writes its window so). A person's
/// coverage is the union of their VCALENDARs'.
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
  var freeBusyRanges: [Interval] = []
  var freeBusyWithoutRange = false

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
  /// periods (its events block whether covered or not).
  func add(to coverage: inout Coverage) {
    if calRangeUnreadable {
      coverage.addNothing()
      for range in freeBusyRanges { coverage.add(range) }
    } else if sawCalRange {
      coverage.add(
        Interval(
          calStart ?? PersonCalendar.allTime.start, calEnd ?? PersonCalendar.allTime.end))
    } else if onlyFreeBusy && !freeBusyRanges.isEmpty && !freeBusyWithoutRange {
      for range in freeBusyRanges { coverage.add(range) }
    } else {
      coverage.addAll()
    }
  }
}

extension PersonAccumulator {
  /// A warning naming the person and the time their calendar covers, when the window reaches
  /// past it.
  /// With `lint` (`freetime check`), a note whatever the window.
  mutating func warnUncovered(name: String, file: String, lint: Bool) {
    guard let covered = coverage.intervals,
      lint || !FreeSlots.free(busy: covered, in: window).isEmpty
    else { return }
    let said: String
    if let first = covered.first, let last = covered.last {
      let all = PersonCalendar.allTime
      let start = first.start <= all.start ? nil : ICSWriter.compact(first.start)
      let end = last.end >= all.end ? nil : ICSWriter.compact(last.end)
      let periods = covered.count == 1 ? "" : "\(covered.count) periods between "
      switch (start, end) {
      case (let start?, let end?): said = "only \(periods)\(start)–\(end)"
      case (let start?, nil): said = "only \(periods)the time from \(start)"
      case (nil, let end?): said = "only \(periods)the time before \(end)"
      case (nil, nil): said = "all time"
      }
    } else {
      said = "no time beyond its events"
    }
    diagnostics.append(
      Diagnostic(
        file: file, line: nil,
        message: lint
          ? "the calendar speaks for \(said) (X-CALSTART/X-CALEND, or the ranges of its VFREEBUSYs); outside that its time is unknown, which counts as busy unless --unknown free"
          : "\(Sanitize.text(name, limit: 80))'s calendar speaks for \(said); the rest of the window is unknown, which counts as busy unless --unknown free",
        severity: lint ? .note : .warning))
  }
}
