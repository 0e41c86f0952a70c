import FreeTimeCore

/// The VCALENDAR level of a file: where calendars begin and end, their X-WR-TIMEZONE, text
/// outside them, and the limits checked per component.
extension FileReader {
  mutating func startCalendar() {
    calendars += 1
    componentsInCalendar = 0
    implicitCalendar = false
    homeZone = homeOverride ?? options.defaultZone
    homeFromCalendar = false
    zones = ZoneTable()
    owner = ownerHint
    coverage = CalendarCoverage()
    cancels = false
    inMessage = false
    answers = false
    adds = false
  }

  /// X-WR-CALNAME or X-OWNER naming the calendar's owner, when it is an address and nothing
  /// stronger named one (`OwnerSource`).
  mutating func calendarOwner(_ line: ContentLine, source: OwnerSource) {
    guard source > owner.source, let address = OwnerAddress(line.value) else { return }
    owner = OwnerHint(address: address, source: source)
  }

  /// END:VCALENDAR: components waiting for a VTIMEZONE defined later get a last try.
  mutating func endCalendar(into person: inout PersonAccumulator) throws {
    implicitCalendar = false
    // A calendar without components still names its owner.
    if person.owner == nil { person.owner = owner.address }
    if coverage.calRangeUnreadable, let start = coverage.calStart, coverage.calEnd != nil {
      // Both read, but backwards (an unreadable one was warned about where it is).
      person.diagnostics.append(
        Diagnostic(
          file: file, line: coverage.calStartLine,
          message:
            "X-CALEND is not after X-CALSTART (\(ICSWriter.compact(start))); the calendar speaks for no time beyond its events and the ranges of its VFREEBUSYs (within the other of X-CALSTART and X-CALEND, if that one can be read); the rest of its time is unknown (busy unless --unknown free)",
          severity: .error))
    }
    let waiting = deferred
    deferred = []
    for (lines, state) in waiting {
      try readComponent(
        "VEVENT", lines: lines, state: state, deferUnknownZones: false, into: &person)
    }
    coverage.add(to: &person.coverage)
  }

  /// X-WR-TIMEZONE (Google's and others'): the calendar's home zone, before its first
  /// component.
  mutating func calendarZone(_ line: ContentLine, into person: inout PersonAccumulator) {
    let value = line.value.trimmingWhitespace()
    if componentsInCalendar > 0 {
      person.diagnostics.append(
        warning(line.number, "X-WR-TIMEZONE after the first component is ignored"))
    } else if let zone = Zone.lookUp(value) {
      homeZone = zone
      homeFromCalendar = true
      if person.homeZones.calendarZone == nil { person.homeZones.calendarZone = zone }
    } else {
      person.diagnostics.append(
        warning(
          line.number,
          "X-WR-TIMEZONE '\(Sanitize.text(value, limit: 80))' is not a known zone; floating times are read in \(homeZone.name)"
        ))
    }
  }

  /// A line outside every component: an error before the first calendar (this is not
  /// iCalendar), a warning after one (trailing text, e.g. a cache comment).
  mutating func outside(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    guard calendars > 0 else {
      throw error(line.number, "not iCalendar: expected BEGIN:VCALENDAR")
    }
    if !warnedOutside {
      warnedOutside = true
      person.diagnostics.append(warning(line.number, "text outside a VCALENDAR ignored"))
    }
  }

  /// The end of the file: a component still open, or no calendar at all, is an error.
  mutating func finish(bytesRead: Int) throws {
    if let open = stack.last {
      throw error(
        nil,
        "truncated: BEGIN:\(Sanitize.text(open.name, limit: 40)) of line \(open.line) never ends")
    }
    if bytesRead == 0 { throw error(nil, "empty file: no calendar data") }
    if calendars == 0 {
      throw error(
        nil, sawContent ? "not iCalendar: no BEGIN:VCALENDAR" : "not iCalendar: only blank lines")
    }
  }

  /// Instances kept from this file so far (`ReadLimits.instancesPerFile`).
  func checkInstances(_ person: PersonAccumulator, line: Int?) throws {
    let count = person.instanceCount
    let base = instancesBefore ?? 0
    if count - base > options.limits.instancesPerFile {
      throw error(
        line,
        "more than \(options.limits.instancesPerFile) instances in this file up to the window's end; --max-file-instances raises the limit, or narrow the window"
      )
    }
  }

  /// Whether a line bound for a component's reader has more parameters than the limit; the
  /// component is then skipped with a warning.
  mutating func tooManyParameters(_ line: ContentLine) -> Bool {
    guard line.hasMoreParameters(than: options.limits.parameters) else { return false }
    let what = componentName == "VEVENT" ? "event" : componentName
    current.invalid =
      current.invalid
      ?? (
        line.number,
        "\(what) skipped: more than \(options.limits.parameters) parameters on \(Sanitize.text(line.name, limit: 40))"
      )
    return true
  }
}
