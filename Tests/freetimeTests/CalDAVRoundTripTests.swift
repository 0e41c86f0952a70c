import Foundation
import TestSupport
import Testing

/// The round trip of docs/GUIDE.md's Cookbook ("A round trip through a CalDAV server") against a
/// real server and real clients from the test venv (scripts/venv): the team's calendars on a
/// Radicale CalDAV server on 127.0.0.1, synced down into vdirs by vdirsyncer; `freetime suggest` on
/// those vdirs; the first suggestion's `freetime book` line with `--add-to` for every attendee
/// and the room; `vdirsyncer sync` up; the event read back from the server (GET and a
/// calendar-query REPORT, RFC 4791 §7.8); the invitation imported by khal, whose `khal list`
/// shows it at the suggested local time. Everything lives in one temporary directory (HOME
/// and the XDG directories point there), and the server is stopped also when a step fails.
@Suite struct CalDAVRoundTripTests {
  static let window = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]
  static let people = ["alice", "bob", "carol"]
  static let room = "atlas"
  static let roomAddress = "atlas@rooms.example.com"
  static let roomLocation = "3rd floor, Atlas"

  /// The room's own calendar (the team's are Fixtures/team/): taken on Monday afternoon, the
  /// team's best hour, so the suggestion must move for the room.
  static let atlasCalendar = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Example Corp//Room booking 4.2//EN\r
    X-WR-CALNAME:Atlas\r
    X-WR-TIMEZONE:Europe/Prague\r
    BEGIN:VEVENT\r
    UID:atlas-board-2026-11-23@rooms.example.com\r
    DTSTAMP:20261110T090000Z\r
    DTSTART:20261123T140000Z\r
    DTEND:20261123T163000Z\r
    SUMMARY:Board meeting\r
    ORGANIZER;CN=Facilities:mailto:facilities@example.com\r
    STATUS:CONFIRMED\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:atlas-cleaning@rooms.example.com\r
    DTSTAMP:20261110T090000Z\r
    DTSTART:20261102T070000Z\r
    DTEND:20261102T080000Z\r
    RRULE:FREQ=WEEKLY;BYDAY=MO,TH\r
    SUMMARY:Cleaning\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  @Test func suggestBookAndSyncThroughRadicale() throws {
    let world = try CalDAVWorld()
    let server = try RadicaleServer(world)
    defer { server.stop() }

    // The team's calendars on the server: a principal's home (MKCOL; a PUT below a home that
    // does not exist is 409 Conflict, RFC 4918 §9.7.1) and a calendar collection PUT whole
    // (Radicale splits it into one resource per UID).
    let sources = Dictionary(
      uniqueKeysWithValues: Self.people.map {
        ($0, Run.fixtures.appendingPathComponent("team/\($0).ics").path)
      } + [(Self.room, world.write(Self.atlasCalendar, to: "atlas.ics"))])
    for (name, path) in sources.sorted(by: { $0.key < $1.key }) {
      try world.dav(["mkcol", server.url + "\(name)/"])
      try world.dav(["put", server.url + "\(name)/calendar/", path])
    }

    // vdirsyncer finds each home's collections and syncs them into vdirs/NAME/calendar/.
    try world.writeVdirsyncerConfig(names: sources.keys.sorted(), server: server.url)
    try world.vdirsyncer(["discover"], answers: sources.count)
    try world.vdirsyncer(["sync"])
    for name in sources.keys.sorted() {
      // The server's copy reads as the original: each one's free time is the same.
      let original = try Run.freetime([sources[name]!, "--format", "csv"] + Self.window)
      let synced = try Run.freetime(
        [world.path("vdirs/\(name)"), "--format", "csv"] + Self.window)
      #expect(synced.status == 0, "\(name): \(synced.stderr)")
      #expect(
        Self.times(synced.stdout) == Self.times(original.stdout)
          && Self.times(original.stdout).count > 1,
        "\(name): the synced vdir's free time differs from \(sources[name]!)")
    }

    // freetime suggest on the vdirs, through a people file in the temporary directory.
    let config = try world.writePeopleFile(names: Self.people)
    let suggest = try Run.freetime(
      ["suggest", "--config", config] + Self.people
        + ["--room", Self.room, "--duration", "1h", "--hours", "09:00-17:00", "--count", "2"]
        + ["--format", "json"] + Self.window, environment: world.environment)
    #expect(suggest.status == 0, "\(suggest.stderr)")
    let suggestions = try Self.suggestions(suggest.stdout)
    try #require(suggestions.count == 2, "\(suggest.stdout)")
    // The same suggestions as from the original files.
    let fromFiles = try Run.freetime(
      ["suggest"]
        + sources.sorted(by: { $0.key < $1.key }).flatMap { name, path in
          name == Self.room ? ["--room", "\(name)=\(path)"] : ["\(name)=\(path)"]
        } + ["--duration", "1h", "--hours", "09:00-17:00", "--count", "2", "--format", "json"]
        + Self.window)
    #expect(
      try Self.suggestions(fromFiles.stdout).map(\.times) == suggestions.map(\.times),
      "\(fromFiles.stdout)")
    let first = suggestions[0]
    // The room's Monday board meeting moved it off Monday 16:00, the team's best hour.
    #expect(first.start != "2026-11-23T16:00:00+01:00")
    #expect(first.book.contains("--room \(Self.room)"), "\(first.book)")

    // Its book line, with --add-to for every attendee and the room.
    let invite = world.path("invite.ics")
    let addTo = (Self.people + [Self.room]).flatMap { ["--add-to", $0] }
    let booked = try world.freetimeLine(first.book, adding: addTo + ["-o", invite])
    #expect(booked.status == 0, "\(first.book): \(booked.stderr)")
    let uid = try #require(Self.uid(of: try String(contentsOfFile: invite, encoding: .utf8)))
    for name in sources.keys {
      #expect(
        FileManager.default.fileExists(atPath: world.path("vdirs/\(name)/calendar/\(uid).ics")),
        "\(name) has no \(uid).ics")
    }

    // Up to the server, and read back from every collection.
    try world.vdirsyncer(["sync"])
    var sequence = -1
    for name in sources.keys.sorted() {
      let event = try server.event(world, collection: name, uid: uid)
      #expect(event.start == first.start.instant && event.end == first.end.instant, "\(name)")
      #expect(event.status == "CONFIRMED" && event.location == Self.roomLocation, "\(name)")
      #expect(event.sequence == 0 && event.summary == "Meeting", "\(name)")
      #expect(
        Set(event.attendees.map(\.address))
          == Set(Self.people.map { "\($0)@example.com" } + [Self.roomAddress]), "\(name)")
      #expect(
        event.attendees.filter { $0.cutype == "ROOM" }.map(\.address) == [Self.roomAddress])
      // In each one's own copy, they accepted it.
      let own = name == Self.room ? Self.roomAddress : "\(name)@example.com"
      #expect(
        event.attendees.first { $0.address == own }?.partstat == "ACCEPTED", "\(name)")
      sequence = event.sequence
    }
    // The server places it at that time: a time-range query finds it then, and not after.
    let end = try #require(first.end.instant)
    let start = try #require(first.start.instant)
    #expect(try server.report(world, collection: "alice", start, end).contains(uid))
    #expect(
      try !server.report(world, collection: "alice", end, end.addingTimeInterval(3600))
        .contains(uid))

    // khal, in bob's zone, shows the invitation at bob's local time from the suggestion.
    let bob = try #require(first.attendees["bob"])
    try world.writeKhalConfig(zone: "America/New_York")
    try world.khal(["import", "--batch", invite])
    let listed = try world.khal(
      [
        "list", "--format", "{start}|{end}|{title}|{location}", "--day-format", "", "2026-11-23",
        "6d",
      ])
    let expected =
      "\(Self.wallClock(bob.start))|\(Self.wallClock(bob.end))|Meeting|\(Self.roomLocation)"
    #expect(listed.split(separator: "\n").map(String.init).contains(expected), "\(listed)")

    // Then the meeting moves, and is cancelled, the same way.
    sequence = try reschedule(
      world, server, uid: uid, to: suggestions[1], after: sequence, addTo: addTo,
      names: sources.keys.sorted())
    try cancel(
      world, server, uid: uid, after: sequence, addTo: addTo, names: sources.keys.sorted())
  }

  // MARK: - Reschedule and cancel: `book --reschedule UID --at WHEN`, `book --cancel UID`

  /// Moves the booked meeting to `suggestion`'s time with `freetime book --reschedule UID --at
  /// WHEN`, syncs it up, and checks every collection: the new times, the same UID once, a
  /// larger SEQUENCE (RFC 5546 §2.1.4). Returns that SEQUENCE.
  func reschedule(
    _ world: CalDAVWorld, _ server: RadicaleServer, uid: String, to suggestion: Suggestion,
    after sequence: Int, addTo: [String], names: [String]
  ) throws -> Int {
    let output = world.path("reschedule.ics")
    let run = try Run.freetime(
      ["book", "--reschedule", uid, "--at", suggestion.start, "--tz", "Europe/Prague"]
        + ["--config", world.path("people.toml")] + Self.people + ["--room", Self.room]
        + addTo + ["-o", output], environment: world.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("METHOD:REQUEST"))
    try world.vdirsyncer(["sync"])
    var newSequence = sequence
    for name in names {
      let event = try server.event(world, collection: name, uid: uid)
      #expect(event.start == suggestion.start.instant, "\(name)")
      #expect(event.end == suggestion.end.instant, "\(name)")
      #expect(event.status == "CONFIRMED", "\(name)")
      #expect(event.sequence > sequence, "\(name): SEQUENCE \(event.sequence)")
      newSequence = event.sequence
    }
    return newSequence
  }

  /// Cancels the meeting with `freetime book --cancel UID`, syncs it up, and checks every
  /// collection: STATUS:CANCELLED and a larger SEQUENCE (RFC 5546 §3.2.5).
  func cancel(
    _ world: CalDAVWorld, _ server: RadicaleServer, uid: String, after sequence: Int,
    addTo: [String], names: [String]
  ) throws {
    let output = world.path("cancel.ics")
    let run = try Run.freetime(
      ["book", "--cancel", uid, "--config", world.path("people.toml")] + Self.people
        + ["--room", Self.room] + addTo + ["-o", output], environment: world.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("METHOD:CANCEL"))
    try world.vdirsyncer(["sync"])
    for name in names {
      let event = try server.event(world, collection: name, uid: uid)
      #expect(event.status == "CANCELLED", "\(name)")
      #expect(event.sequence > sequence, "\(name): SEQUENCE \(event.sequence)")
    }
  }

  // MARK: - Reading what freetime and the server say

  struct Suggestion {
    var start: String
    var end: String
    var book: String
    /// Each attendee's local start and end (RFC 3339 with their offset).
    var attendees: [String: (start: String, end: String)]
    var times: [String] { [start, end] }
  }

  static func suggestions(_ json: String) throws -> [Suggestion] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let list = try #require(object?["suggestions"] as? [[String: Any]])
    return list.map { s in
      var attendees: [String: (String, String)] = [:]
      for a in s["attendees"] as? [[String: Any]] ?? [] {
        if let name = a["name"] as? String, let start = a["start"] as? String,
          let end = a["end"] as? String
        {
          attendees[name] = (start, end)
        }
      }
      return Suggestion(
        start: s["start"] as? String ?? "", end: s["end"] as? String ?? "",
        book: s["book"] as? String ?? "", attendees: attendees)
    }
  }

  /// The start and end columns of freetime's CSV.
  static func times(_ csv: String) -> [String] {
    csv.split(separator: "\n").map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
  }

  static func uid(of ics: String) -> String? {
    ics.split(separator: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
  }

  /// "2026-11-24T09:30:00-05:00" as khal prints it with the config's datetimeformat.
  static func wallClock(_ rfc3339: String) -> String {
    String(rfc3339.prefix(16)).replacingOccurrences(of: "T", with: " ")
  }
}

extension String {
  /// An RFC 3339 time as an instant.
  fileprivate var instant: Date? {
    ISO8601DateFormatter().date(from: self)
  }
}

/// The temporary directory of one round trip: HOME and the XDG directories point into it, so
/// vdirsyncer's status, khal's database and anything else a client writes stays there; the
/// clients come from the test venv (scripts/venv), next to `FREETIME_PYTHON`.
struct CalDAVWorld {
  let root: String
  let bin: String
  let environment: [String: String]

  init() throws {
    root = Temp.directory + "/caldav-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    bin = URL(fileURLWithPath: Python.path).deletingLastPathComponent().path
    for tool in ["vdirsyncer", "khal"] {
      try #require(
        FileManager.default.isExecutableFile(atPath: bin + "/" + tool),
        "no \(tool) next to \(Python.path): run the tests through scripts/test, or `. scripts/venv` first"
      )
    }
    environment = [
      "HOME": root, "XDG_CONFIG_HOME": root + "/xdg/config", "XDG_DATA_HOME": root + "/xdg/data",
      "XDG_CACHE_HOME": root + "/xdg/cache", "XDG_STATE_HOME": root + "/xdg/state",
      "VDIRSYNCER_CONFIG": root + "/vdirsyncer.conf",
      // Loopback only: no proxy from the environment.
      "http_proxy": "", "https_proxy": "", "HTTP_PROXY": "", "HTTPS_PROXY": "", "ALL_PROXY": "",
      "all_proxy": "", "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost",
    ]
  }

  func path(_ name: String) -> String { root + "/" + name }

  func write(_ text: String, to name: String) -> String {
    let file = path(name)
    _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
    return file
  }

  /// Runs Tests/reference/caldav.py (the requests of the test itself); fails on its failure.
  @discardableResult
  func dav(_ arguments: [String]) throws -> String {
    let script = Run.packageRoot.appendingPathComponent("Tests/reference/caldav.py").path
    let run = try Run.command(Python.path, [script] + arguments, environment: environment)
    try #require(run.status == 0, "caldav.py \(arguments.joined(separator: " ")): \(run.stderr)")
    return run.stdout
  }

  /// One pair a person (or room): their home on the server, its collections discovered
  /// ("from b"), and vdirs/NAME/ with one directory a collection (vdirsyncer's docs, Config).
  func writeVdirsyncerConfig(names: [String], server: String) throws {
    var text = "[general]\nstatus_path = \"\(path("vdirsyncer-status"))/\"\n"
    for name in names {
      text += """

        [pair \(name)]
        a = "\(name)_local"
        b = "\(name)_remote"
        collections = ["from b"]

        [storage \(name)_local]
        type = "filesystem"
        path = "\(path("vdirs/\(name)"))/"
        fileext = ".ics"

        [storage \(name)_remote]
        type = "caldav"
        url = "\(server)\(name)/"

        """
    }
    _ = write(text, to: "vdirsyncer.conf")
  }

  /// `vdirsyncer discover` asks once a collection whether to create it locally: `answers` yes.
  func vdirsyncer(_ arguments: [String], answers: Int = 0) throws {
    let run = try Run.command(
      bin + "/vdirsyncer", arguments, stdin: String(repeating: "y\n", count: answers),
      environment: environment)
    try #require(run.status == 0, "vdirsyncer \(arguments): \(run.stdout)\(run.stderr)")
  }

  /// The people and the room with their vdirs (docs/GUIDE.md, People file).
  func writePeopleFile(names: [String]) throws -> String {
    var text = ""
    for name in names {
      text += "[people.\(name)]\ncalendars = \"vdirs/\(name)\"\nemail = \"\(name)@example.com\"\n\n"
    }
    text += """
      [rooms.\(CalDAVRoundTripTests.room)]
      calendar = "vdirs/\(CalDAVRoundTripTests.room)"
      email = "\(CalDAVRoundTripTests.roomAddress)"
      location = "\(CalDAVRoundTripTests.roomLocation)"

      """
    return write(text, to: "people.toml")
  }

  /// Runs a `freetime book ...` line that suggest printed, with `adding` after it.
  func freetimeLine(_ line: String, adding: [String]) throws -> Run {
    let command =
      line.replacingOccurrences(of: "freetime ", with: "\"$FREETIME\" ", options: .anchored)
      + " " + adding.map { "'\($0)'" }.joined(separator: " ")
    var env = environment
    env["FREETIME"] = Run.binary.path
    return try Run.command("/bin/bash", ["-c", command], environment: env)
  }

  /// khal with one calendar, an empty vdir of its own, in `zone` (khal's docs, Configuration).
  func writeKhalConfig(zone: String) throws {
    try FileManager.default.createDirectory(
      atPath: path("khal/invites"), withIntermediateDirectories: true)
    _ = write(
      """
      [calendars]
      [[invites]]
      path = \(path("khal/invites"))
      type = calendar

      [sqlite]
      path = \(path("khal/khal.db"))

      [locale]
      local_timezone = \(zone)
      default_timezone = \(zone)
      timeformat = %H:%M
      dateformat = %Y-%m-%d
      longdateformat = %Y-%m-%d
      datetimeformat = %Y-%m-%d %H:%M
      longdatetimeformat = %Y-%m-%d %H:%M

      [default]
      default_calendar = invites

      """, to: "khal/config")
  }

  @discardableResult
  func khal(_ arguments: [String]) throws -> String {
    let run = try Run.command(
      bin + "/khal", ["-c", path("khal/config")] + arguments, environment: environment)
    try #require(run.status == 0, "khal \(arguments): \(run.stdout)\(run.stderr)")
    return run.stdout
  }
}

/// A Radicale CalDAV server on 127.0.0.1 at a free port, its config, rights and storage in the
/// world's directory, no authentication. `stop()` (and deinit) end it; a test defers `stop()`
/// so a failing step never leaves it running.
final class RadicaleServer {
  let process = Process()
  let url: String
  let log: String

  init(_ world: CalDAVWorld) throws {
    let port = try world.dav(["port"]).trimmingCharacters(in: .whitespacesAndNewlines)
    url = "http://127.0.0.1:\(port)/"
    log = world.path("radicale.log")
    // Everyone may read and write every collection (Radicale's docs, Rights: from_file).
    let rights = world.write(
      "[anyone]\nuser: .*\ncollection: .*\npermissions: RrWw\n", to: "rights")
    let config = world.write(
      """
      [server]
      hosts = 127.0.0.1:\(port)

      [auth]
      type = none

      [rights]
      type = from_file
      file = \(rights)

      [storage]
      filesystem_folder = \(world.path("radicale-storage"))

      [web]
      type = none

      [logging]
      level = warning

      """, to: "radicale.conf")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.executableURL = URL(fileURLWithPath: Python.path)
    process.arguments = ["-m", "radicale", "--config", config]
    process.environment = ProcessInfo.processInfo.environment.merging(world.environment) { $1 }
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    do {
      try world.dav(["wait", url])
    } catch {
      stop()
      Issue.record(
        "radicale did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
      throw error
    }
  }

  /// SIGKILL: a child of the test runner starts with SIGTERM blocked (the runner's threads
  /// block it, and the child inherits the mask), so `terminate()` would wait forever; the
  /// server keeps nothing that outlives the test.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  deinit { stop() }

  struct Event: Decodable {
    struct Attendee: Decodable {
      var address: String
      var cutype: String
      var role: String
      var partstat: String
    }
    var uid: String
    var start: Date?
    var end: Date?
    var summary: String
    var location: String
    var status: String
    var sequence: Int
    var attendees: [Attendee]
  }

  /// The one VEVENT with `uid` in NAME's calendar, as the server returns the collection (GET).
  func event(_ world: CalDAVWorld, collection name: String, uid: String) throws -> Event {
    struct Found: Decodable {
      var count: Int
      var events: [Event]
    }
    let json = try world.dav(["event", url + "\(name)/calendar/", uid])
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let found = try decoder.decode(Found.self, from: Data(json.utf8))
    try #require(found.count == 1, "\(name)'s calendar holds \(found.count) events \(uid)")
    return found.events[0]
  }

  /// The UIDs a calendar-query REPORT with a time-range from `start` to `end` returns.
  func report(_ world: CalDAVWorld, collection name: String, _ start: Date, _ end: Date) throws
    -> [String]
  {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return try world.dav(
      ["report", url + "\(name)/calendar/", format.string(from: start), format.string(from: end)]
    ).split(separator: "\n").map(String.init)
  }
}
