import FreeTimeCore

/// The components of a file that waited for the person's home zone (`AwaitingHome`), read once
/// it is decided.
extension FileReader {
  /// Reads the components that waited for the home zone, in `zone`.
  mutating func readAwaitingHome(in zone: Zone, into person: inout PersonAccumulator) throws {
    reader.home.decided = true
    calendar.homeFromCalendar = false
    calendar.home = zone
    instancesBefore = person.instanceCount - reader.home.instancesAdded
    let waiting = reader.home.components
    reader.home.components = []
    for item in waiting {
      calendar.zones = item.zones
      calendar.owner = item.owner
      try reader.readComponent(
        item.kind, lines: item.lines, state: item.state, deferUnknownZones: false,
        in: &calendar, into: &person)
      try checkInstances(person, line: item.lines.first?.number)
    }
  }
}
