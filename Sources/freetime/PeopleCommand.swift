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
      usage: "freetime people [<options>]",
      discussion: """
        For each person: their calendars (and whether each is there: a file, or a directory with \
        its number of .ics files), email, zone, hours, days, building and floor; for each room \
        its calendar, email, location, capacity, building, floor and features; for each group \
        its members. --format json gives the same as one JSON object. Exit status: 0, or 2 when \
        there is no people file or it is malformed.
        """
    )

    @OptionGroup var peopleFile: PeopleFileOptions

    @Option(help: ArgumentHelp("Output format.", valueName: "format"))
    var format: PeopleFormat = .table

    func run() throws {
      let people = try peopleFile.load()
      guard let file = people.file else {
        let path =
          PeopleFile.defaultPath(environment: PeopleFileOptions.environment)
          ?? "~/.config/freetime/config.toml"
        throw CommandError(
          "no people file: write one at \(path) or give --config FILE (docs/GUIDE.md, People file)")
      }
      Output.writeAll(
        1,
        format == .json
          ? PeopleList.json(file) : PeopleList.text(file).wrapped(width: Terminal.columns))
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
        facts += place(person.building, person.floor)
        out += Terminal.pack([person.name] + facts, lead: 2) + "\n"
        for calendar in person.calendars { out += "    \(calendar)  (\(state(calendar)))\n" }
      }
      if !file.rooms.isEmpty { out += "\nRooms\n" }
      for room in file.rooms.values.sorted(by: { $0.name < $1.name }) {
        let facts =
          [room.name] + [room.email, room.location].compactMap { $0 }
          + (room.capacity.map { ["\($0) seats"] } ?? []) + place(room.building, room.floor)
          + (room.features.isEmpty ? [] : [room.features.joined(separator: ", ")])
        out += Terminal.pack(facts, lead: 2) + "\n"
        out += "    \(room.calendar)  (\(state(room.calendar)))\n"
      }
      if !file.groups.isEmpty { out += "\nGroups\n" }
      for (name, members) in file.groups.sorted(by: { $0.key < $1.key }) {
        out += "  @\(name)  \(members.joined(separator: ", "))\n"
      }
      return out
    }

    /// `building B`, `floor N`, as the file gives them.
    static func place(_ building: String?, _ floor: Int?) -> [String] {
      (building.map { ["building \($0)"] } ?? []) + (floor.map { ["floor \($0)"] } ?? [])
    }

    /// The people file as JSON: `{"path", "people": [{"name", "calendars": [{"path", "state"}],
    /// "email", "zone", "hours", "days", "building", "floor"}], "rooms": [{"name", "calendar",
    /// "state", "email", "location", "capacity", "building", "floor", "features"}], "groups":
    /// [{"name", "members"}]}`; what the file does not say is null.
    static func json(_ file: PeopleFile) -> String {
      func text(_ value: String?) -> String { value.map(JSON.string) ?? "null" }
      func number(_ value: Int?) -> String { value.map { "\($0)" } ?? "null" }
      func list(_ values: [String]) -> String {
        "[" + values.map(JSON.string).joined(separator: ", ") + "]"
      }
      let people = file.people.values.sorted { $0.name < $1.name }.map { person in
        let calendars = person.calendars.map {
          "{\"path\": \(JSON.string($0)), \"state\": \(JSON.string(state($0)))}"
        }
        return "{\"name\": \(JSON.string(person.name)), "
          + "\"calendars\": [\(calendars.joined(separator: ", "))], "
          + "\"email\": \(text(person.email)), \"zone\": \(text(person.zone)), "
          + "\"hours\": \(text(person.hours.map(WorkingHours.describe))), "
          + "\"days\": \(text(person.days.map(WorkingHours.describe))), "
          + "\"building\": \(text(person.building)), \"floor\": \(number(person.floor))}"
      }
      let rooms = file.rooms.values.sorted { $0.name < $1.name }.map { room in
        "{\"name\": \(JSON.string(room.name)), \"calendar\": \(JSON.string(room.calendar)), "
          + "\"state\": \(JSON.string(state(room.calendar))), \"email\": \(text(room.email)), "
          + "\"location\": \(text(room.location)), \"capacity\": \(number(room.capacity)), "
          + "\"building\": \(text(room.building)), \"floor\": \(number(room.floor)), "
          + "\"features\": \(list(room.features))}"
      }
      let groups = file.groups.sorted { $0.key < $1.key }.map {
        "{\"name\": \(JSON.string($0.key)), \"members\": \(list($0.value))}"
      }
      func array(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]"
      }
      return "{\n  \"path\": \(JSON.string(file.path)),\n  \"people\": \(array(people)),\n"
        + "  \"rooms\": \(array(rooms)),\n  \"groups\": \(array(groups))\n}\n"
    }

    /// Whether a calendar path can be read: a file, a directory with N calendars, missing, or a
    /// URL.
    static func state(_ path: String) -> String {
      // A URL is not read: fetched first, its file is (docs/GUIDE.md, People file).
      if PathText.isURL(path) { return "URL: freetime reads files; fetch it first" }
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

/// `freetime people --format`.
/// `table` is the human format's name in every command; `text` reads as it too (docs/GUIDE.md,
/// Usage: --format).
enum PeopleFormat: String, CaselessArgument {
  case table, json
  static let aliases: [String: PeopleFormat] = ["text": .table]
}
