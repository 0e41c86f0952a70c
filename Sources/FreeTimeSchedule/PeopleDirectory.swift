import FreeTimeCore
import FreeTimeICS
import FreeTimePeople

#if canImport(Glibc)
  import Glibc
#endif

/// The people file as scheduling uses it (docs/GUIDE.md, People file): which file, and what a
/// calendar argument that is not a path names.
public struct PeopleDirectory: Sendable {
  public var file: PeopleFile?

  /// `config` (a path), else (unless `noConfig`) the default file when it exists; `environment`
  /// gives HOME and XDG_CONFIG_HOME.
  public init(config: String?, noConfig: Bool, environment: [String: String]) throws(ScheduleError)
  {
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
      file = try PeopleFile(path: PathText.tidy(path), home: environment["HOME"])
    } catch {
      throw ScheduleError(error.description)
    }
    try checkValues()
  }

  public init(file: PeopleFile?) {
    self.file = file
  }

  /// Warnings for people whose `zone` is an abbreviation (`zone = "EST"`): what it is read as,
  /// and the zone more likely meant (docs/GUIDE.md, Usage: zones).
  public var zoneNotes: [String] {
    guard let file else { return [] }
    return file.people.values.sorted(by: { $0.name < $1.name }).compactMap { person in
      guard let zone = person.zone, let note = Zone.abbreviationNote(zone) else { return nil }
      let line = person.lines["zone"].map { ":\($0)" } ?? ""
      return "\(file.path)\(line): people.\(person.name).zone \(zone) \(note)"
    }
  }

  /// Zones and addresses are the reader's to judge: a bad one fails naming file, line and key.
  private func checkValues() throws(ScheduleError) {
    guard let file else { return }
    func fail(_ kind: String, _ name: String, _ key: String, _ line: Int?, _ message: String)
      -> ScheduleError
    {
      var place = file.path
      if let line { place += ":\(line)" }
      return ScheduleError("\(place): \(kind).\(name).\(key): \(message)")
    }
    for person in file.people.values.sorted(by: { $0.name < $1.name }) {
      if let zone = person.zone, Zone.lookUpGiven(zone) == nil {
        throw fail(
          "people", person.name, "zone", person.lines["zone"],
          "'\(zone)' is not a known time zone (\(SchedulingRequest.zoneHint(zone)))")
      }
      if let email = person.email, !ReadOptions.isOwnerAddress(email) {
        throw fail(
          "people", person.name, "email", person.lines["email"],
          "'\(email)' is not an e-mail address")
      }
    }
    for room in file.rooms.values.sorted(by: { $0.name < $1.name }) {
      if let email = room.email, !ReadOptions.isOwnerAddress(email) {
        throw fail(
          "rooms", room.name, "email", room.lines["email"], "'\(email)' is not an e-mail address")
      }
    }
  }

  /// The calendars an argument names: a path (or `NAME=PATH`, or `-`) as it is; else a person
  /// (`alice`), a group (`@design`: every member) or, for `--room` and `--optional`, a room. A
  /// word that is both a path and a name in the file is refused (docs/GUIDE.md, People file): the
  /// path is given as `./alice`, the person by a name that is no path.
  public func sources(_ argument: String, role: Role) throws(ScheduleError) -> [CalendarSource] {
    let isPath = access(argument, F_OK) == 0
    if role == .room && argument == "any" && file == nil && !isPath {
      throw ScheduleError(
        "--room any chooses among the rooms of the people file, and there is none (docs/GUIDE.md, People file)"
      )
    }
    if argument == "-" || argument.contains("=") || file == nil || argument.contains("/") {
      return [try CalendarArgument.source(argument, role: role)]
    }
    let file = file!
    let named =
      file.people[argument] != nil || file.rooms[argument] != nil
      || (argument.hasPrefix("@") && file.groups[String(argument.dropFirst())] != nil)
    if isPath {
      guard !named else {
        let shown = Sanitize.text(argument, limit: 80)
        let what =
          file.people[argument] != nil ? "person" : file.rooms[argument] != nil ? "room" : "group"
        let kind = CalendarArgument.kind(argument)
        let path = if case .directory = kind { "a directory" } else { "a file" }
        throw ScheduleError(
          "'\(shown)' names both \(path) here (./\(shown)) and a \(what) of \(file.path): write ./\(shown) for the \(path == "a directory" ? "directory" : "file"), or run freetime from a directory without it for the \(what)"
        )
      }
      return [try CalendarArgument.source(argument, role: role)]
    }
    if role == .room && argument == "any" && file.rooms["any"] == nil {
      guard !file.rooms.isEmpty else {
        throw ScheduleError("--room any: \(file.path) names no rooms ([rooms.NAME])")
      }
      var rooms: [CalendarSource] = []
      for name in file.rooms.keys.sorted() {
        rooms.append(try source(file.rooms[name]!, role: .room))
      }
      return rooms
    }
    if argument.hasPrefix("@") {
      guard let members = file.groups[String(argument.dropFirst())] else {
        throw unknown(argument, in: file)
      }
      if role == .room, let person = members.first(where: { file.people[$0] != nil }) {
        throw ScheduleError(
          "--room \(Sanitize.text(argument, limit: 80)): '\(person)' is a person, not a room (a group given to --room must hold only rooms)"
        )
      }
      var sources: [CalendarSource] = []
      for member in members {
        if let person = file.people[member] {
          sources.append(try source(person, role: role))
        } else {
          sources.append(
            try source(file.rooms[member]!, role: role == .optional ? .optional : .room))
        }
      }
      return sources
    }
    if let person = file.people[argument] { return [try source(person, role: role)] }
    if let room = file.rooms[argument] {
      guard role != .required else {
        throw ScheduleError(
          "'\(Sanitize.text(argument, limit: 80))' is a room of \(file.path): give it with --room \(argument)"
        )
      }
      return [try source(room, role: role)]
    }
    if argument.lowercased().hasSuffix(".ics") {
      return [try CalendarArgument.source(argument, role: role)]
    }
    throw unknown(argument, in: file)
  }

  private func unknown(_ argument: String, in file: PeopleFile) -> ScheduleError {
    let close = Spelling.closest(to: argument, among: file.names)
    var message =
      "'\(Sanitize.text(argument, limit: 80))' is not a file, a directory or a name in \(file.path)"
    if !close.isEmpty { message += "; did you mean \(close.joined(separator: ", "))?" }
    return ScheduleError(message)
  }

  /// A URL where the file gives a calendar: refused with the advice a URL argument gets
  /// (`CalendarArgument.refuseURL`), naming the person or room and the file's line.
  private func refuseURLs(
    _ paths: [String], of name: String, kind: String, line: Int?, in file: PeopleFile
  ) throws(ScheduleError) {
    for path in paths where PathText.isURL(path) {
      do {
        try CalendarArgument.refuseURL(path, name: name, inPeopleFile: true)
      } catch {
        var place = file.path
        if let line { place += ":\(line)" }
        throw ScheduleError("\(place): \(kind).\(name): \(error.description)")
      }
    }
  }

  private func source(_ person: PeopleFile.Person, role: Role) throws(ScheduleError)
    -> CalendarSource
  {
    try refuseURLs(
      person.calendars, of: person.name, kind: "people",
      line: person.lines["calendars"]
        ?? person.lines["calendar"], in: file!)
    var source = CalendarSource(
      kinds: person.calendars.map(CalendarArgument.kind), name: person.name, role: role,
      arguments: person.calendars)
    source.isNamed = true
    source.fromPeopleFile = true
    return source
  }

  private func source(_ room: PeopleFile.Room, role: Role) throws(ScheduleError)
    -> CalendarSource
  {
    try refuseURLs(
      [room.calendar], of: room.name, kind: "rooms", line: room.lines["calendar"], in: file!)
    var source = CalendarSource(
      kinds: [CalendarArgument.kind(room.calendar)], name: room.name, role: role,
      arguments: [room.calendar])
    source.isNamed = true
    source.fromPeopleFile = true
    return source
  }

  /// The file's settings of a person, when the file names them.
  public func person(_ name: String) -> PeopleFile.Person? { file?.people[name] }

  /// The file's room of that name.
  public func room(_ name: String) -> PeopleFile.Room? { file?.rooms[name] }

  /// What the file says of a room for choosing it (nothing for a room given by its path).
  public func roomFacts(_ source: CalendarSource) -> RoomChoice.Room {
    guard source.fromPeopleFile, let room = room(source.name) else {
      return RoomChoice.Room(name: source.name)
    }
    return RoomChoice.Room(
      name: room.name, capacity: room.capacity, building: room.building, floor: room.floor,
      features: room.features)
  }

  /// Where the file says a person sits (nothing for a calendar given by its path).
  public func attendee(_ source: CalendarSource) -> RoomChoice.Attendee {
    guard source.fromPeopleFile, let person = person(source.name) else {
      return RoomChoice.Attendee()
    }
    return RoomChoice.Attendee(building: person.building, floor: person.floor)
  }
}

/// A calendar argument that is a path: `-`, `NAME=PATH`, a directory, or a file.
public enum CalendarArgument {
  /// The source a path argument names (a URL is refused: freetime reads files).
  public static func source(_ argument: String, role: Role = .required) throws(ScheduleError)
    -> CalendarSource
  {
    try refuseURL(argument, name: nil)
    let (name, given) = split(argument)
    if let name {
      if name.isEmpty || given.isEmpty {
        throw .usage("'\(argument)' must be NAME=PATH with a name and a path.")
      }
      try refuseURL(given, name: name)
    }
    let path = tidy(given)
    let shown = name.map { "\($0)=\(path)" } ?? path
    var source =
      path == "-"
      ? CalendarSource(kind: .standardInput, name: name ?? "stdin", role: role, argument: argument)
      : CalendarSource(
        kind: kind(path), name: name ?? defaultName(path), role: role, argument: shown)
    source.isNamed = name != nil
    return source
  }

  /// `NAME=PATH`'s name and path, or no name and the argument (`-`, or a path that exists
  /// as written, `=` and all).
  static func split(_ argument: String) -> (name: String?, path: String) {
    guard argument != "-", access(argument, F_OK) != 0, let eq = argument.firstIndex(of: "=")
    else { return (nil, argument) }
    return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
  }

  /// A path as the calendar's source holds it: tidy (docs/GUIDE.md, Output formats), and still
  /// a path when read again (a word without '/' may be a name: `./alice`). `-` stays.
  static func tidy(_ given: String) -> String {
    let path = PathText.tidy(given)
    return given.contains("/") && !path.contains("/") && path != "." ? "./" + path : path
  }

  /// Has the directories among `arguments` listed on another core while they are parsed
  /// (`EarlyListings`), by the paths their sources will hold: the first 64 arguments that are
  /// not options, and not names ending in `.ics` (taken for files without a look, so that ten
  /// thousand busy exports cost no stat each).
  /// (A loop over an array: a lazy filter and map, made an array, cost the runtime its first
  /// look-up of their generic types, a third of a millisecond before the listing began.)
  public static func listAhead(_ arguments: ArraySlice<String>) {
    var paths: [String] = []
    for argument in arguments.prefix(64)
    where !argument.hasPrefix("-") && !CalendarReader.hasICSName(argument)
      && !PathText.isURL(argument)
    {
      paths.append(tidy(split(argument).path))
    }
    EarlyListings.start(paths)
  }

  /// A URL where a calendar file goes (`https://…`, `webcal://…`, also as `NAME=URL`): refused
  /// with the command that fetches it (webcal is https) and the argument to give then.
  /// In the people file (`inPeopleFile`), the path to write there instead is the advice.
  static func refuseURL(_ text: String, name: String?, inPeopleFile: Bool = false)
    throws(ScheduleError)
  {
    guard PathText.isURL(text), let scheme = text.firstRange(of: "://") else { return }
    let kind = text[..<scheme.lowerBound].lowercased()
    let url = Sanitize.text(
      kind.hasPrefix("webcal") ? "https" + text[scheme.lowerBound...] : text, limit: 120)
    let file = (name.map { Sanitize.text($0, limit: 40) } ?? "calendar") + ".ics"
    let then =
      inPeopleFile
      ? " and write that path in the people file instead"
      : name.map { " and give \(Sanitize.text($0, limit: 40))=\(file)" } ?? ""
    throw ScheduleError(
      "\(Sanitize.text(text, limit: 120)): freetime reads calendar files, not URLs; fetch it first (curl -fsSL -o \(file) '\(url)')\(then), or keep it in sync with vdirsyncer"
    )
  }

  /// A directory or a file.
  public static func kind(_ path: String) -> CalendarSource.Kind {
    var info = stat()
    let isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    return isDirectory ? .directory(path) : .file(path)
  }

  /// A person's name from a path: its base name without `.ics`; a file descriptor's path
  /// (`/dev/fd/63` from the shell's `<(...)`) is `fd63`.
  public static func defaultName(_ path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if parts.count == 3, parts[0] == "dev", parts[1] == "fd", parts[2].allSatisfy(\.isNumber) {
      return "fd" + parts[2]
    }
    if parts.count == 4, parts[0] == "proc", parts[2] == "fd", parts[3].allSatisfy(\.isNumber) {
      return "fd" + parts[3]
    }
    let base = parts.last ?? path
    return base.lowercased().hasSuffix(".ics") ? String(base.dropLast(4)) : base
  }
}
