import Foundation
import Testing

/// The people file from the command line (docs/GUIDE.md, People file): names instead of paths,
/// groups, rooms, and each person's zone, email, hours and days.
@Suite struct PeopleFileCommandTests {
  let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]

  /// A people file for the example team, written in a fresh directory with relative paths.
  static func teamFile() throws -> String {
    let dir = Temp.directory + "/people-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for name in ["alice", "bob", "carol", "dave"] {
      try FileManager.default.copyItem(
        atPath: Run.fixtures.appendingPathComponent("team/\(name).ics").path,
        toPath: dir + "/\(name).ics")
    }
    let path = dir + "/config.toml"
    try """
    # The example team.
    [people.alice]
    calendars = ["alice.ics"]
    email = "alice@example.com"
    hours = ["09:00-12:00", "13:00-17:30"]
    days = "mon-fri"

    [people.bob]
    calendars = ["bob.ics"]
    zone = "America/Chicago"
    hours = "07:00-15:00"

    [people.carol]
    calendars = "carol.ics"
    days = ["mon-wed", "fri"]

    [rooms.dave]
    calendar = "dave.ics"
    location = "3rd floor"

    [groups]
    design = ["alice", "bob", "carol"]
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func slots(_ arguments: [String]) throws -> String {
    let run = try Run.freetime(arguments + week + ["--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    return String(run.stdout.split(separator: "\"slots\"").last ?? "")
  }

  /// The team by names is the team by paths and options, and the minute model agrees.
  @Test func namesGiveTheSameSlotsAsPathsAndOptions() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let dir = (config as NSString).deletingLastPathComponent
    let byName = try slots(["--config", config, "@design", "--room", "dave", "--min", "30m"])
    let options = [
      "alice=\(dir)/alice.ics", "bob=\(dir)/bob.ics", "carol=\(dir)/carol.ics", "--room",
      "dave=\(dir)/dave.ics", "--hours", "alice=09:00-12:00,13:00-17:30", "--days",
      "alice=mon-fri", "--zone", "bob=America/Chicago", "--hours", "bob=07:00-15:00", "--days",
      "carol=mon-wed,fri", "--owner", "alice=alice@example.com", "--min", "30m",
    ]
    let byPath = try slots(options)
    #expect(byName == byPath)
    #expect(byName.contains("\"rooms\": [\"dave\"]"))
    let model = try Run.command(
      Run.pythonPath,
      [ModelTests.model] + options.filter { $0 != "--owner" && $0 != "alice=alice@example.com" }
        + week)
    #expect(model.status == 0, "\(model.stderr)")
    let freetime = try Run.freetime(
      ["--config", config, "@design", "--room", "dave", "--min", "30m", "--format", "json"] + week)
    let compared = try Run.python(
      """
      import json, sys
      a = json.loads(sys.argv[1])["slots"]
      b = json.loads(sys.argv[2])["slots"]
      key = lambda s: (s["start"], s["end"])
      a = [s for s in a if s.get("rooms")]
      print(sorted(map(key, a)) == sorted(map(key, b)), len(b))
      """, [freetime.stdout, model.stdout])
    #expect(compared.stdout.hasPrefix("True"), "\(compared.stdout)\(compared.stderr)")
  }

  /// A person named twice (by a group and by name) is read once; a person of the file and a
  /// NAME= argument of the same name are one person.
  @Test func namedTwiceIsOnePerson() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let dir = (config as NSString).deletingLastPathComponent
    let run = try Run.freetime(
      ["--config", config, "@design", "alice", "alice=\(dir)/dave.ics", "--format", "json"]
        + week)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("both are kept"), "\(run.stderr)")
    #expect(
      run.stdout.contains(
        #""sources": ["\#(dir)/alice.ics", "alice=\#(dir)/dave.ics"]"#), "\(run.stdout)")
  }

  /// The command line wins over the file for the same person; email is the owner address.
  @Test func commandLineWins() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let run = try Run.freetime(
      ["--config", config, "alice", "--hours", "alice=10:00-11:00", "--format", "json"] + week)
    #expect(run.stdout.contains(#""owner": "alice@example.com""#))
    #expect(
      run.stdout.contains(
        #""start": "2026-11-23T10:00:00+01:00", "end": "2026-11-23T11:00:00+01:00""#),
      "\(run.stdout)")
    #expect(!run.stdout.contains("T09:00:00+01:00"))
  }

  /// Unknown names fail with suggestions; a malformed file names file, line and key;
  /// --no-config ignores a broken default file.
  @Test func mistakesAreClear() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let typo = try Run.freetime(["--config", config, "alcie"] + week)
    #expect(typo.status == 2)
    #expect(
      typo.stderr.contains(
        "'alcie' is not a file, a directory or a name in \(config); did you mean alice?"))
    let group = try Run.freetime(["--config", config, "@desing"] + week)
    #expect(group.stderr.contains("did you mean @design?"))

    let dir = Temp.directory + "/xdg-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: dir + "/freetime", withIntermediateDirectories: true)
    try "[people.alice]\ncalendars = [\"a.ics\"]\nzone = \"Mars/Olympus\"\n".write(
      toFile: dir + "/freetime/config.toml", atomically: true, encoding: .utf8)
    let environment = ["XDG_CONFIG_HOME": dir]
    let broken = try Run.freetime(["Fixtures/team/alice.ics"] + week, environment: environment)
    #expect(broken.status == 2)
    #expect(
      broken.stderr.contains(
        "\(dir)/freetime/config.toml:3: people.alice.zone: 'Mars/Olympus' is not a known time zone"),
      "\(broken.stderr)")
    let ignored = try Run.freetime(
      ["--no-config", "Fixtures/team/alice.ics"] + week, environment: environment)
    #expect(ignored.status == 0)
    try "[people.alice]\ncalendars = [\"a.ics\"\n".write(
      toFile: dir + "/freetime/config.toml", atomically: true, encoding: .utf8)
    let syntax = try Run.freetime(["Fixtures/team/alice.ics"] + week, environment: environment)
    #expect(syntax.status == 2)
    #expect(syntax.stderr.contains("\(dir)/freetime/config.toml:"))
  }

  @Test func peopleListsEveryone() throws {
    let config = try PeopleFileCommandTests.teamFile()
    // A wide terminal: each line whole (docs/GUIDE.md, Displays).
    let run = try Run.freetime(["people", "--config", config], environment: ["COLUMNS": "1000"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("  alice  alice@example.com  09:00-12:00,13:00-17:30  mon-fri\n"))
    #expect(run.stdout.contains("alice.ics  (file)\n"))
    #expect(run.stdout.contains("  dave  3rd floor\n"))
    #expect(run.stdout.contains("  @design  alice, bob, carol\n"))
    let none = try Run.freetime(["people"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("no people file"))
  }

  /// Review findings: a room after --optional stays optional; a room as a plain argument says to
  /// use --room; check reads the file's zone and email; a name taken from a file name gets none
  /// of the file's settings; conflicting --zone, --owner, --config with --no-config are refused.
  @Test func rolesNamesAndConflicts() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let optional = try Run.freetime(
      ["--config", config, "alice", "--optional", "dave", "--format", "json"] + week)
    #expect(optional.stdout.contains(#""role": "optional""#), "\(optional.stdout)")
    #expect(!optional.stdout.contains(#""rooms""#))
    let plain = try Run.freetime(["--config", config, "dave"] + week)
    #expect(plain.status == 2)
    #expect(plain.stderr.contains("'dave' is a room of \(config): give it with --room dave"))
    let check = try Run.freetime(["check", "--config", config, "bob"])
    #expect(check.stdout.contains("bob.ics: note: home zone America/Chicago, from the people file"))
    let json = try Run.freetime(["--config", config, "bob", "--format", "json"] + week)
    #expect(json.stdout.contains(#""homeZoneFrom": "people-file""#))
    let byFileName = try Run.freetime(
      ["--config", config, "Fixtures/team/alice.ics", "--format", "json"] + week)
    #expect(byFileName.stdout.contains(#""owner": "alice@example.com""#))  // its X-WR-CALNAME
    #expect(byFileName.stdout.contains(#""homeZoneFrom": "x-wr-timezone""#))
    let zones = try Run.freetime(
      ["Fixtures/team/alice.ics", "--zone", "alice=UTC", "--zone", "alice=Europe/Rome"] + week)
    #expect(zones.status == 2)
    #expect(zones.stderr.contains("--zone gives 'alice' two zones"))
    let owners = try Run.freetime(
      ["Fixtures/team/alice.ics", "--owner", "alice=a@x.org", "--owner", "alice=b@x.org"] + week)
    #expect(owners.stderr.contains("--owner gives 'alice' two addresses"))
    let both = try Run.freetime(["--config", config, "--no-config", "alice"] + week)
    #expect(both.stderr.contains("Give --config FILE or --no-config, not both."))
    let hoursForRoom = try Run.freetime(
      ["--config", config, "alice", "--room", "dave", "--hours", "dave=09:00-10:00"] + week)
    #expect(hoursForRoom.stderr.contains("names 'dave', a room"))
    let typo = try Run.freetime(
      ["Fixtures/team/alice.ics", "--hours", "alcie=09:00-10:00"] + week)
    #expect(typo.stderr.contains("did you mean alice?"))
  }
}
