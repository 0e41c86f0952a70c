import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimePeople
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

extension Freetime {
  /// `freetime people`: who the people file names, and whether their calendars can be read.
  struct PeopleList: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "people",
      abstract: "List the people, rooms and groups of the people file.",
      discussion: """
        For each person: their calendars (and whether each is there: a file, or a directory with \
        its number of .ics files), email, zone, hours and days; for each room its calendar, \
        email and location; for each group its members. Exit status: 0, or 2 when there is no \
        people file or it is malformed.
        """
    )

    @OptionGroup var peopleFile: PeopleFileOptions

    func run() throws {
      let people = try peopleFile.load()
      guard let file = people.file else {
        let path =
          PeopleFile.defaultPath(environment: PeopleFileOptions.environment)
          ?? "~/.config/freetime/config.toml"
        throw CommandError(
          "no people file: write one at \(path) or give --config FILE (README, People file)")
      }
      Output.writeAll(1, PeopleList.text(file))
    }

    static func text(_ file: PeopleFile) -> String {
      var out = "People file: \(file.path)\n"
      if !file.people.isEmpty { out += "\nPeople\n" }
      for person in file.people.values.sorted(by: { $0.name < $1.name }) {
        var facts: [String] = []
        if let email = person.email { facts.append(email) }
        if let zone = person.zone { facts.append(zone) }
        if let spans = person.hours { facts.append(WorkingHours.describe(spans)) }
        if let days = person.days { facts.append(WorkingHours.describe(days)) }
        out += "  " + ([person.name] + facts).joined(separator: "  ") + "\n"
        for calendar in person.calendars { out += "    \(calendar)  (\(state(calendar)))\n" }
      }
      if !file.rooms.isEmpty { out += "\nRooms\n" }
      for room in file.rooms.values.sorted(by: { $0.name < $1.name }) {
        out +=
          "  "
          + ([room.name] + [room.email, room.location].compactMap { $0 }).joined(separator: "  ")
          + "\n"
        out += "    \(room.calendar)  (\(state(room.calendar)))\n"
      }
      if !file.groups.isEmpty { out += "\nGroups\n" }
      for (name, members) in file.groups.sorted(by: { $0.key < $1.key }) {
        out += "  @\(name)  \(members.joined(separator: ", "))\n"
      }
      return out
    }

    /// Whether a calendar path can be read: a file, a directory with N calendars, or missing.
    static func state(_ path: String) -> String {
      switch CalendarArgument.kind(path) {
      case .directory(let directory):
        let count = (try? CalendarReader.calendarFiles(in: directory).count) ?? 0
        return count == 0
          ? "directory without .ics files" : "directory, \(count) .ics file\(count == 1 ? "" : "s")"
      case .file(let file):
        return access(file, R_OK) == 0
          ? "file" : access(file, F_OK) == 0 ? "not readable" : "missing"
      case .standardInput:
        return "standard input"
      }
    }
  }
}
