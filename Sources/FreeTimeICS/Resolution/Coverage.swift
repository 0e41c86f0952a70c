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
  /// Whether every component so far, VTIMEZONEs aside, is a VFREEBUSY.
  var onlyFreeBusy = true
  var freeBusyRanges: [Interval] = []
  var freeBusyWithoutRange = false

  /// Adds what this VCALENDAR covers to a person's coverage.
  func add(to coverage: inout Coverage) {
    if let calStart, let calEnd, calStart < calEnd {
      coverage.add(Interval(calStart, calEnd))
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
    let said =
      covered.isEmpty
      ? "no time"
      : "only \(ICSWriter.compact(covered[0].start))–\(ICSWriter.compact(covered.last!.end))"
    diagnostics.append(
      Diagnostic(
        file: file, line: nil,
        message: lint
          ? "the calendar speaks for \(said) (X-CALSTART/X-CALEND, or the ranges of its VFREEBUSYs); outside that its time is unknown, which counts as busy unless --unknown free"
          : "\(Sanitize.text(name, limit: 80))'s calendar speaks for \(said); the rest of the window is unknown, which counts as busy unless --unknown free",
        severity: lint ? .note : .warning))
  }
}
