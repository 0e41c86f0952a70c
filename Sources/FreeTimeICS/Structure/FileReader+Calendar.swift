import FreeTimeCore

/// The VCALENDAR level of a file: where calendars begin and end, their X-WR-TIMEZONE, text
/// outside them, and the limits checked per component.
extension FileReader {
  /// BEGIN:VCALENDAR (or a bare component read as if inside one): a new `CalendarScope`.
  mutating func startCalendar() {
    calendars += 1
    calendar = CalendarScope(owner: ownerHint, home: homeOverride ?? options.defaultZone)
  }

  /// END:VCALENDAR: components waiting for a VTIMEZONE defined later get a last try.
  mutating func endCalendar(into person: inout PersonAccumulator) throws {
    calendar.implicit = false
    // A calendar without components still names its owner.
    if person.owner == nil { person.owner = calendar.owner.address }
    warnPendingZone(into: &person)
    // Outlook's working hours in the zone its TZID names, as its events are: the VCALENDAR's
    // own VTIMEZONE of that name first (Outlook's custom zones, and the old rules Outlook 2003
    // keeps for a Windows name), the system's zone of the name when the two agree in the window.
    if let tzid = person.ownHours.outlook.tzid {
      let system = person.ownHours.outlook.zone
      if calendar.zones.source(of: tzid) == .file, let own = calendar.zones.zone(for: tzid) {
        if system == nil || !system!.agrees(with: own, in: options.window) {
          person.ownHours.outlook.zone = own
        }
      } else if system == nil {
        person.ownHours.outlook.zone = calendar.zones.namedZone(for: tzid)
      }
    }
    if calendar.coverage.calRangeUnreadable, let start = calendar.coverage.calStart,
      calendar.coverage.calEnd != nil
    {
      // Both read, but backwards (an unreadable one was warned about where it is).
      person.diagnostics.append(
        Diagnostic(
          file: file, line: calendar.coverage.calStartLine,
          message:
            "X-CALEND is not after X-CALSTART (\(ICSWriter.compact(start))); the calendar speaks for no time beyond its events and the ranges of its VFREEBUSYs (within the other of X-CALSTART and X-CALEND, if that one can be read); the rest of its time is unknown (busy unless --unknown free)",
          severity: .error))
    }
    let waiting = calendar.deferred
    calendar.deferred = []
    for (lines, state) in waiting {
      try reader.readComponent(
        "VEVENT", lines: lines, state: state, deferUnknownZones: false, in: &calendar,
        into: &person)
    }
    calendar.coverage.add(to: &person.coverage)
  }

  /// X-WR-TIMEZONE (Google's and others'): the calendar's home zone, before its first
  /// component.
  mutating func calendarZone(_ line: ContentLine, into person: inout PersonAccumulator) {
    let value = line.value.trimmingWhitespace()
    if calendar.components > 0 {
      person.diagnostics.append(
        warning(line.number, "X-WR-TIMEZONE after the first component is ignored"))
    } else if let zone = Zone.lookUp(value) {
      calendar.home = zone
      calendar.homeFromCalendar = true
      if person.homeZones.calendarZone == nil { person.homeZones.calendarZone = zone }
    } else {
      calendar.pendingZone = (value, line.number)
    }
  }

  /// An X-WR-TIMEZONE that named no zone, once the VCALENDAR's VTIMEZONEs can no longer
  /// define it (its first other component, or its end).
  mutating func warnPendingZone(into person: inout PersonAccumulator) {
    guard let (name, line) = calendar.pendingZone else { return }
    calendar.pendingZone = nil
    person.diagnostics.append(
      warning(
        line,
        "X-WR-TIMEZONE '\(Sanitize.text(name, limit: 80))' is not a known zone, nor a VTIMEZONE of its calendar; ignored (the home zone comes from the next rule: freetime check names it)"
      ))
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

  /// Instances kept from this file so far (`ReadLimits.instancesPerFile`). Mutating only so
  /// that the reader, called after each component, is not copied to be passed.
  mutating func checkInstances(_ person: PersonAccumulator, line: Int?) throws {
    try reader.checkInstances(person, since: instancesBefore ?? 0, line: line)
  }

  /// Whether a line bound for a component's reader has more parameters than the limit; the
  /// component is then skipped with a warning.
  mutating func tooManyParameters(_ line: ContentLine) -> Bool {
    component.tooManyParameters(line, limit: options.limits.parameters)
  }
}
