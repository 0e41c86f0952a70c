import FreeTimeCore

/// Each top-level component, once collected, goes to its reader: VEVENT, VTIMEZONE, VFREEBUSY,
/// VAVAILABILITY (RFC 7953); VTODO, VJOURNAL and X- components never block.
extension FileReader {
  mutating func read(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    into person: inout PersonAccumulator
  ) throws {
    for (line, message) in state.notes {
      person.diagnostics.append(
        Diagnostic(file: file, line: line, uid: state.uidRaw, message: message))
    }
    if let (line, message) = state.invalid {
      person.diagnostics.append(
        Diagnostic(file: file, line: line, uid: state.uidRaw, message: message))
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

  /// What events around here are read with: the last one made while the zones, the home zone
  /// and `deferUnknownZones` are the same.
  mutating func eventContext(deferUnknownZones: Bool) -> EventContext {
    if let last = lastContext, last.zones === zones, last.home === homeZone,
      last.homeFromCalendar == homeFromCalendar, last.deferUnknownZones == deferUnknownZones
    {
      return last
    }
    let context = EventContext(
      file: file, zones: zones, home: homeZone, homeFromCalendar: homeFromCalendar,
      options: options, deferUnknownZones: deferUnknownZones)
    lastContext = context
    return context
  }
}
