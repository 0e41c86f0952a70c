import FreeTimeCore

/// Each top-level component, once collected, goes to its reader: VEVENT, VTIMEZONE, VFREEBUSY,
/// VAVAILABILITY (RFC 7953); VTODO, VJOURNAL and X- components never block.
extension FileReader {
  mutating func read(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    into person: inout PersonAccumulator
  ) throws {
    let before = person.diagnostics.count
    for (line, message, lint) in state.notes where !lint || options.lint {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: line, uid: state.uidRaw, message: message,
          severity: lint ? .note : .warning))
    }
    if state.hidesTime {
      count(read: false, since: before, into: &person)
    }
    if let (line, message) = state.invalid {
      // The component is skipped: its time is lost (an error in `freetime check`).
      let why = Diagnostic(
        file: file, line: line, uid: state.uidRaw, message: message, severity: .error)
      person.diagnostics.append(why)
      if FileReader.holdsTime.contains(kind),
        kind != "VEVENT" || state.seenOnce & PropertyName.dtstart.singletonBit != 0
      {
        tally(read: false, why: why, into: &person)
      }
      return
    }
    try readComponent(
      kind, lines: lines, state: state, deferUnknownZones: deferUnknownZones, into: &person)
  }

  /// Reads a component whose pre-pass notes were given out already (also when it is read
  /// again, after waiting for a VTIMEZONE or for the home zone).
  mutating func readComponent(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    into person: inout PersonAccumulator
  ) throws {
    switch kind {
    case "VTIMEZONE":
      readTimeZone(lines, into: &person)
    case "VEVENT":
      try readEvent(lines, state: state, deferUnknownZones: deferUnknownZones, into: &person)
    case "VFREEBUSY":
      readFreeBusy(lines, into: &person)
    case "VAVAILABILITY":
      readAvailability(lines, into: &person)
    default:
      break  // VTODO, VJOURNAL, X- components: never busy
    }
  }

  /// The components whose time a calendar is read for (`Readability`); a VEVENT only when it
  /// has a DTSTART.
  static let holdsTime: Set<String> = ["VEVENT", "VFREEBUSY", "VAVAILABILITY"]

  /// Counts a component that holds time as read or not; `since` is the number of the person's
  /// diagnostics before it was read (the last warning after it says why it was not).
  mutating func count(read: Bool, since: Int, into person: inout PersonAccumulator) {
    let why = read ? nil : person.diagnostics[since...].last { $0.severity != .note }
    tally(read: read, why: why, into: &person)
  }

  /// Counts a component that holds time as read or not, for its file (`Readability`) and its
  /// VCALENDAR (`CalendarCoverage`: one none of whose components could be read speaks for no
  /// time of its own).
  @inline(__always)
  mutating func tally(read: Bool, why: Diagnostic?, into person: inout PersonAccumulator) {
    person.readability.add(source: source, read: read, why: why)
    if read { calendar.coverage.readSome = true } else { calendar.coverage.ignoredSome = true }
  }

  /// What events around here are read with: the last one made while the zones, the home zone
  /// and `deferUnknownZones` are the same.
  mutating func eventContext(deferUnknownZones: Bool) -> EventContext {
    if let last = lastContext, last.zones === calendar.zones, last.home === calendar.home,
      last.homeFromCalendar == calendar.homeFromCalendar,
      last.deferUnknownZones == deferUnknownZones
    {
      return last
    }
    let context = EventContext(
      file: file, zones: calendar.zones, home: calendar.home,
      homeFromCalendar: calendar.homeFromCalendar, options: options,
      deferUnknownZones: deferUnknownZones)
    lastContext = context
    return context
  }
}
