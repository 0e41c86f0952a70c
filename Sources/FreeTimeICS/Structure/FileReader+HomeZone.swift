import FreeTimeCore

/// The components of a file that waited for the person's home zone (`AwaitingHome`), read once
/// it is decided.
extension FileReader {
  /// The components of the file just read that wait for the home zone, with the file's
  /// component reader and its last VCALENDAR, taken out of this reader: it goes on to the
  /// person's next file with new ones (`reuse`), as a vdir's thousands of files would each make
  /// and free a reader of their own.
  mutating func takeWaiting(instancesAdded: Int) -> WaitingFile {
    var taken = WaitingFile(
      reader: ComponentReader(file: file, options: options, homeOverride: homeOverride),
      calendar: CalendarScope(owner: ownerHint, home: homeOverride ?? options.defaultZone))
    swap(&taken.reader, &reader)
    swap(&taken.calendar, &calendar)
    taken.reader.home.instancesAdded = instancesAdded
    return taken
  }
}

/// A file's components that wait for the person's home zone, with what reading them needs: the
/// file's component reader (its name, notes and zones) and its last VCALENDAR
/// (`FileReader.takeWaiting`).
struct WaitingFile {
  var reader: ComponentReader
  var calendar: CalendarScope

  /// Reads the components that waited for the home zone, in `zone`.
  mutating func read(in zone: Zone, into person: inout PersonAccumulator) throws {
    reader.home.decided = true
    calendar.homeFromCalendar = false
    calendar.home = zone
    let before = person.instanceCount - reader.home.instancesAdded
    let waiting = reader.home.components
    reader.home.components = []
    for item in waiting {
      calendar.zones = item.zones
      calendar.owner = item.owner
      try reader.readComponent(
        item.kind, lines: item.lines, state: item.state, deferUnknownZones: false,
        in: &calendar, into: &person)
      try reader.checkInstances(person, since: before, line: item.lines.first?.number)
    }
  }
}
