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
  var homeUndecided: Bool { homeOverride == nil && !homeFromCalendar && !homeDecided }

  /// Reads the components that waited for the home zone, in `zone`.
  mutating func readAwaitingHome(in zone: Zone, into person: inout PersonAccumulator) throws {
    homeDecided = true
    homeFromCalendar = false
    homeZone = zone
    instancesBefore = person.instanceCount - instancesAdded
    let waiting = awaitingHome
    awaitingHome = []
    for item in waiting {
      zones = item.zones
      owner = item.owner
      try readComponent(
        item.kind, lines: item.lines, state: item.state, deferUnknownZones: false, into: &person)
      try checkInstances(person, line: item.lines.first?.number)
    }
  }
}

extension PersonAccumulator {
  /// The person's home zone and where it came from, once every file is read (README, Time
  /// zones), strongest first: `--zone` (or the people file's zone, which the caller passes the
  /// same way), X-WR-TIMEZONE, the zone of the person's own working hours (Outlook's, a
  /// VAVAILABILITY's), the zone most of their own timed events name, the zone most of their
  /// timed events name; nil for `--tz`.
  func homeZone(option: Zone?) -> (zone: Zone?, from: HomeZoneSource) {
    if let option { return (option, .option) }
    if let calendarZone { return (calendarZone, .xWRTimezone) }
    if let zone = hoursZone { return (zone, .workingHours) }
    if let voted = homeVotes.winner { return (voted.zone, voted.own ? .ownEvents : .events) }
    return (nil, .tz)
  }

  /// The zone of the person's own working hours: Outlook's, when they can be read and their
  /// TZID names a zone, else the first VAVAILABILITY's.
  var hoursZone: Zone? {
    if outlookHours.isRead, let zone = outlookHours.zone { return zone }
    return availabilityZone
  }

  /// `freetime check`'s note on the home zone chosen, and why.
  func homeZoneNote(_ home: (zone: Zone?, from: HomeZoneSource), file: String, tz: Zone)
    -> Diagnostic
  {
    let message: String
    switch home.from {
    case .option:
      message = "home zone \(home.zone!.name), from --zone"
    case .peopleFile:
      message = "home zone \(home.zone!.name), from the people file"
    case .xWRTimezone:
      message = "home zone \(home.zone!.name), from X-WR-TIMEZONE"
    case .workingHours:
      message =
        "home zone \(home.zone!.name), the zone of the person's own working hours (no X-WR-TIMEZONE)"
    case .ownEvents:
      let tally = homeVotes.tally!
      message =
        "home zone \(home.zone!.name), the zone \(tally.count) of the \(tally.total) timed events of the person's own (organised by them, or without an ORGANIZER) with a known TZID name (no X-WR-TIMEZONE, no working hours)"
    case .events:
      let tally = homeVotes.tally!
      message =
        "home zone \(home.zone!.name), the zone \(tally.count) of the \(tally.total) timed events with a known TZID name (no X-WR-TIMEZONE, no working hours, none of the person's own)"
    case .tz:
      message =
        "no home zone (no X-WR-TIMEZONE, no timed event names a zone): read in --tz \(tz.name)"
    }
    return Diagnostic(
      file: file, line: nil,
      message: message + "; all-day events, floating times and working hours are read in it",
      severity: .note)
  }
}
