import FreeTimeCore

/// The home zone of a calendar that names none (README, Time zones): `--zone`, else its
/// X-WR-TIMEZONE, else the zone most of the person's timed events name (`HomeZoneVotes`), else
/// `--tz`. Without `--zone` or X-WR-TIMEZONE that is known only once every file of the person
/// is read, so the components that read a time in it (all-day events, floating times) wait.
extension FileReader {
  /// A component that waits for the person's home zone, with the zones of its VCALENDAR.
  struct Awaiting {
    var kind: String
    var lines: [ContentLine]
    var state: ComponentState
    var zones: ZoneTable
    var owner: OwnerHint
  }

  /// Whether the home zone of the current VCALENDAR is not known yet.
  var homeUndecided: Bool { homeOverride == nil && !calendar.homeFromCalendar && !homeDecided }

  /// Reads the components that waited for the home zone, in `zone`.
  mutating func readAwaitingHome(in zone: Zone, into person: inout PersonAccumulator) throws {
    homeDecided = true
    calendar.homeFromCalendar = false
    calendar.home = zone
    instancesBefore = person.instanceCount - instancesAdded
    let waiting = awaitingHome
    awaitingHome = []
    for item in waiting {
      calendar.zones = item.zones
      calendar.owner = item.owner
      try readComponent(
        item.kind, lines: item.lines, state: item.state, deferUnknownZones: false, into: &person)
      try checkInstances(person, line: item.lines.first?.number)
    }
  }
}
