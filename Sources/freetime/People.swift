import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimePeople

#if canImport(Glibc)
  import Glibc
#endif

/// The people file as the command uses it (README, People file): which file, and what a calendar
/// argument that is not a path names.
struct People {
  var file: PeopleFile?

  /// `--config FILE`, else (unless `--no-config`) the default file when it exists.
  init(config: String?, noConfig: Bool) throws {
    let environment = People.environment
    if noConfig { return }
    let path: String
    if let given = config {
      path = given
    } else if let found = PeopleFile.defaultPath(environment: environment),
      access(found, F_OK) == 0
    {
      path = found
    } else {
      return
    }
    do {
      file = try PeopleFile(path: path, home: environment["HOME"])
    } catch {
      throw CommandError(error.description)
    }
    try checkValues()
  }

  init(file: PeopleFile?) {
    self.file = file
  }

  static var environment: [String: String] {
    var out: [String: String] = [:]
    for key in ["HOME", "XDG_CONFIG_HOME"] {
      if let value = getenv(key) { out[key] = String(cString: value) }
    }
    return out
  }

  /// Zones and addresses are the reader's to judge: a bad one fails naming file, line and key.
  private func checkValues() throws {
    guard let file else { return }
    func fail(_ kind: String, _ name: String, _ key: String, _ line: Int?, _ message: String)
      throws -> Never
    {
      var place = file.path
      if let line { place += ":\(line)" }
      throw CommandError("\(place): \(kind).\(name).\(key): \(message)")
    }
    for person in file.people.values.sorted(by: { $0.name < $1.name }) {
      if let zone = person.zone, Zone.lookUp(zone) == nil {
        try fail(
          "people", person.name, "zone", person.lines["zone"], "'\(zone)' is not a known time zone")
      }
      if let email = person.email, !ReadOptions.isOwnerAddress(email) {
        try fail(
          "people", person.name, "email", person.lines["email"],
          "'\(email)' is not an e-mail address")
      }
    }
    for room in file.rooms.values.sorted(by: { $0.name < $1.name }) {
      if let email = room.email, !ReadOptions.isOwnerAddress(email) {
        try fail(
          "rooms", room.name, "email", room.lines["email"], "'\(email)' is not an e-mail address")
      }
    }
  }

  /// The calendars an argument names: a path (or `NAME=PATH`, or `-`) as it is; else a person
  /// (`alice`), a group (`@design`: every member) or, for `--room` and `--optional`, a room.
  func sources(_ argument: String, role: Role) throws -> [CalendarSource] {
    if argument == "-" || access(argument, F_OK) == 0 || argument.contains("=") || file == nil
      || argument.contains("/")
    {
      return [try Setup.source(argument, role: role)]
    }
    let file = file!
    if argument.hasPrefix("@") {
      guard let members = file.groups[String(argument.dropFirst())] else {
        throw unknown(argument, in: file)
      }
      return try members.map { member in
        if let person = file.people[member] { return source(person, role: role) }
        return source(file.rooms[member]!, role: role == .optional ? .optional : .room)
      }
    }
    if let person = file.people[argument] { return [source(person, role: role)] }
    if let room = file.rooms[argument] {
      guard role != .required else {
        throw CommandError(
          "'\(Sanitize.text(argument, limit: 80))' is a room of \(file.path): give it with --room \(argument)"
        )
      }
      return [source(room, role: role)]
    }
    if argument.lowercased().hasSuffix(".ics") { return [try Setup.source(argument, role: role)] }
    throw unknown(argument, in: file)
  }

  private func unknown(_ argument: String, in file: PeopleFile) -> CommandError {
    let close = Spelling.closest(to: argument, among: file.names)
    var message =
      "'\(Sanitize.text(argument, limit: 80))' is not a file, a directory or a name in \(file.path)"
    if !close.isEmpty { message += "; did you mean \(close.joined(separator: ", "))?" }
    return CommandError(message)
  }

  private func source(_ person: PeopleFile.Person, role: Role) -> CalendarSource {
    var source = CalendarSource(
      kinds: person.calendars.map(People.kind), name: person.name, role: role,
      arguments: person.calendars)
    source.isNamed = true
    return source
  }

  private func source(_ room: PeopleFile.Room, role: Role) -> CalendarSource {
    var source = CalendarSource(
      kinds: [People.kind(room.calendar)], name: room.name, role: role,
      arguments: [room.calendar])
    source.isNamed = true
    return source
  }

  static func kind(_ path: String) -> CalendarSource.Kind {
    var info = stat()
    let isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    return isDirectory ? .directory(path) : .file(path)
  }

  /// The file's settings of a person, when the file names them.
  func person(_ name: String) -> PeopleFile.Person? { file?.people[name] }
}
