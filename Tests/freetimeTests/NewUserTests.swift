import Foundation
import TestSupport
import Testing

/// What a new user meets first: options where they put them, help that fits a terminal, and
/// notes on calendars that are not quite calendars (docs/GUIDE.md).
@Suite struct NewUserTests {
  static let alice = "Fixtures/team/alice.ics"
  static let bob = "Fixtures/team/bob.ics"
  static let window = ["--from", "2026-11-23", "--to", "+2d"]

  // MARK: Options before the subcommand

  /// Options before a subcommand's name are that subcommand's: the same output as after it,
  /// with values carried along (`--tz X`, `--tz=X`, `-o FILE`, `--config FILE`).
  @Test func optionsBeforeTheSubcommandAreItsOwn() throws {
    let w = Self.window
    let cases: [([String], String, [String])] = [
      (["--tz", "Europe/Berlin"], "suggest", ["--duration", "30m", Self.alice, Self.bob] + w),
      (
        ["--tz=America/Chicago", "--format", "json"], "suggest",
        ["--duration", "1h", Self.alice] + w
      ),
      (["--min", "45m", "--format", "csv"], "slots", [Self.alice, Self.bob] + w),
      (["--tz", "Asia/Tokyo"], "busy", [Self.bob] + w),
      (["--tz", "UTC", "--no-config"], "check", [Self.bob]),
    ]
    for (options, name, rest) in cases {
      let before = try Run.freetime(options + [name] + rest)
      let after = try Run.freetime([name] + options + rest)
      #expect(after.status == 0 || after.status == 1, "\(name) \(options): \(after.stderr)")
      #expect(before.status == after.status, "\(options) \(name): \(before.stderr)")
      #expect(before.stdout == after.stdout, "\(options) \(name)")
      #expect(!before.stdout.isEmpty, "\(options) \(name)")
      #expect(!before.stderr.contains("did you mean"), "\(before.stderr)")
    }
  }

  /// `-o FILE` and `--config FILE` before the subcommand take their values with them.
  @Test func valuesTravelWithTheirOptions() throws {
    let out = Temp.directory + "/lead-\(UUID().uuidString).ics"
    let busy = try Run.freetime(["-o", out, "--tz", "UTC", "busy", Self.alice] + Self.window)
    #expect(busy.status == 0, "\(busy.stderr)")
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(written.contains("BEGIN:VFREEBUSY"))

    let config = try PeopleFileCommandTests.teamFile()
    let named = try Run.freetime(
      ["--config", config, "suggest", "alice", "bob", "--duration", "30m"] + Self.window)
    let after = try Run.freetime(
      ["suggest", "--config", config, "alice", "bob", "--duration", "30m"] + Self.window)
    #expect(named.status == after.status)
    #expect(named.stdout == after.stdout)
    #expect(named.stdout.contains("alice"), "\(named.stderr)")
    let people = try Run.freetime(["--config=" + config, "people"])
    #expect(people.status == 0, "\(people.stderr)")
    #expect(people.stdout.contains("carol"))
  }

  /// An option the named subcommand does not take: one message naming whose option it is and
  /// where it goes.
  @Test func anOptionOfAnotherSubcommandIsNamed() throws {
    let quiet = try Run.freetime(["-q", "busy", Self.alice])
    #expect(quiet.status == 2)
    #expect(quiet.stderr.contains("-q is an option of freetime slots, not of freetime busy"))
    #expect(quiet.stderr.contains("freetime slots -q"), "\(quiet.stderr)")
    #expect(quiet.stderr.split(separator: "\n").count == 1, "\(quiet.stderr)")

    let duration = try Run.freetime(["--duration", "1h", "check", Self.alice])
    #expect(duration.status == 2)
    #expect(
      duration.stderr.contains(
        "--duration is an option of freetime suggest and book, not of freetime check"),
      "\(duration.stderr)")

    let min = try Run.freetime(["--min=30m", "people"])
    #expect(min.status == 2)
    #expect(min.stderr.contains("--min is an option of freetime slots"), "\(min.stderr)")
    #expect(min.stderr.contains("not of freetime people"), "\(min.stderr)")
    let tz = try Run.freetime(["--tz", "Europe/Berlin", "people"])
    #expect(tz.status == 2)
    #expect(
      tz.stderr.contains(
        "--tz is an option of freetime slots, suggest, book, busy, check and replies, not of freetime people"
      ), "\(tz.stderr)")
  }

  /// The default command, help, version and `help SUB` are as they were.
  @Test func defaultCommandAndHelpStay() throws {
    let slots = try Run.freetime(["--min", "30m", Self.alice, Self.bob] + Self.window)
    let named = try Run.freetime(["slots", "--min", "30m", Self.alice, Self.bob] + Self.window)
    #expect(slots.status == 0, "\(slots.stderr)")
    #expect(slots.stdout == named.stdout)

    let help = try Run.freetime(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("SUBCOMMANDS:"))
    let version = try Run.freetime(["--version"])
    #expect(version.status == 0)
    #expect(!version.stdout.isEmpty)
    let helpSuggest = try Run.freetime(["help", "suggest"])
    #expect(helpSuggest.status == 0)
    #expect(helpSuggest.stdout.contains("--duration"))
    let helpFirst = try Run.freetime(["--help", "busy"])
    #expect(helpFirst.status == 0)
    #expect(
      helpFirst.stdout.hasPrefix("OVERVIEW: Write a person's busy time"), "\(helpFirst.stdout)")
    let leadHelp = try Run.freetime(["--tz", "UTC", "suggest", "--help"])
    #expect(leadHelp.status == 0)
    #expect(leadHelp.stdout.contains("--duration"))
  }

  /// A calendar file named like a subcommand, right after the options, stays a calendar of the
  /// default command; so does one later in the list.
  @Test func aFileNamedLikeASubcommandIsACalendar() throws {
    let dir = Temp.directory + "/named-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (from, to) in [("alice", "suggest"), ("bob", "bob.ics")] {
      try FileManager.default.copyItem(
        atPath: Run.fixtures.appendingPathComponent("team/\(from).ics").path,
        toPath: dir + "/" + to)
    }
    var env = ProcessInfo.processInfo.environment
    env["TZ"] = "Europe/Prague"
    env["XDG_CONFIG_HOME"] = "/nonexistent/freetime-tests"
    let first = try Subprocess.run(
      Run.binary.path, ["--min", "30m", "suggest", "bob.ics"] + Self.window, environment: env,
      directory: URL(fileURLWithPath: dir))
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.hasPrefix("Free for suggest, bob"), "\(first.stdout)")
    let last = try Run.freetime(["--min", "30m", Self.alice, "check"] + Self.window)
    #expect(last.status == 2)
    #expect(!last.stderr.contains("not of freetime"), "\(last.stderr)")
  }

  /// A person of the people file named like a subcommand is that person.
  @Test func aPersonNamedLikeASubcommandIsThatPerson() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let text = try String(contentsOfFile: config, encoding: .utf8)
    try (text + "\n[people.check]\ncalendars = [\"alice.ics\"]\n").write(
      toFile: config, atomically: true, encoding: .utf8)
    let run = try Run.freetime(["--config", config, "check", "bob"] + Self.window)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Free for check, bob"), "\(run.stdout)")
  }

  // MARK: When working hours are why nothing fits

  /// Three people whose hours (the people file's, and `--hours NAME=`) share 30 minutes: the
  /// advice names the hours, the stretch, who bounds it, and only what would help.
  @Test func suggestNamesWorkingHoursAsTheCause() throws {
    let config = try PeopleFileCommandTests.teamFile()
    let text = try String(contentsOfFile: config, encoding: .utf8)
    try text.replacingOccurrences(
      of: "days = [\"mon-wed\", \"fri\"]", with: "hours = \"17:00-20:00\""
    ).write(toFile: config, atomically: true, encoding: .utf8)
    let args = [
      "suggest", "--config", config, "alice", "bob", "carol", "--duration", "1h", "--tz", "UTC",
    ]
    // alice works 08:00-16:30 UTC (Prague), carol 16:00-20:00 (London, --hours carol=).
    let run = try Run.freetime(args + ["--hours", "carol=16:00-20:00"] + Self.window)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "freetime: no suggestion: the working hours of alice, bob and carol have no common stretch of 1h in the window: the longest is 30m, Mon 2026-11-23 16:00–16:30 (carol's hours start at 16:00, alice's end at 16:30)"
      ), "\(run.stderr)")
    #expect(run.stderr.contains("--no-own-hours (alice's hours are their own)"), "\(run.stderr)")
    #expect(run.stderr.contains("--hours carol=HH:MM-HH:MM or --hours alice=HH:MM-HH:MM"))
    #expect(run.stderr.contains("--duration 30m or less"))
    #expect(run.stderr.contains("--quorum 2"), "a quorum of 2 finds time: \(run.stderr)")
    #expect(!run.stderr.contains("--unknown free"), "\(run.stderr)")
    // As the people file says them, carol's and alice's hours never meet.
    let apart = try Run.freetime(args + Self.window)
    #expect(apart.status == 1)
    #expect(
      apart.stderr.contains("alice's and carol's working hours do not overlap in the window; try"),
      "\(apart.stderr)")
    #expect(apart.stderr.contains("--no-own-hours (alice's and carol's hours are their own)"))
    // Without their own hours there is time.
    let ignored = try Run.freetime(args + ["--no-own-hours"] + Self.window)
    #expect(ignored.status == 0, "\(ignored.stderr)")
  }

  /// A VAVAILABILITY that leaves 30 minutes a day with the others' hours is named.
  @Test func availabilityIsNamedAsTheLimit() throws {
    let erin = Temp.file(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VAVAILABILITY",
        "UID:av@example.com", "DTSTAMP:20261101T000000Z", "BEGIN:AVAILABLE", "UID:a1",
        "DTSTAMP:20261101T000000Z", "DTSTART:20261102T143000Z", "DTEND:20261102T150000Z",
        "RRULE:FREQ=DAILY", "END:AVAILABLE", "END:VAVAILABILITY", "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    // alice (Prague) 08:00-16:00 UTC, bob (New York) 14:00-22:00 UTC, erin 14:30-15:00.
    let run = try Run.freetime(
      [
        "suggest", Self.alice, Self.bob, "erin=" + erin, "--hours", "09:00-17:00", "--duration",
        "45m", "--tz", "UTC",
      ] + Self.window)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "have no common stretch of 45m in the window: the longest is 30m, Mon 2026-11-23 14:30–15:00 (erin's hours start at 14:30 and end at 15:00)"
      ), "\(run.stderr)")
    #expect(run.stderr.contains("--no-own-hours (erin's hours are their own)"), "\(run.stderr)")
    #expect(run.stderr.contains("--quorum 2"), "alice and bob share 2h: \(run.stderr)")
  }

  /// Days that never meet (`--days NAME=`) are named with what helps: not a shorter meeting.
  @Test func daysThatNeverMeetAreNamed() throws {
    let run = try Run.freetime(
      [
        "suggest", Self.alice, Self.bob, "--hours", "09:00-17:00", "--days", "alice=sat",
        "--days", "bob=mon-fri", "--duration", "30m", "--from", "2026-11-23", "--to", "+1w",
      ])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "alice's and bob's working hours do not overlap in the window; try --hours alice=HH:MM-HH:MM or --hours bob=HH:MM-HH:MM for wider hours, --days alice=DAYS for more days\n"
      ), "\(run.stderr)")
    #expect(!run.stderr.contains("--duration"), "\(run.stderr)")
    #expect(!run.stderr.contains("--quorum"), "\(run.stderr)")
  }

  /// `slots --explain` finding nothing gives the same reason, with --min.
  @Test func slotsExplainNamesWorkingHours() throws {
    let run = try Run.freetime(
      [
        Self.alice, Self.bob, "--hours", "alice=09:00-10:00", "--hours", "bob=07:00-08:00",
        "--min", "1h", "--explain", "--tz", "UTC",
      ] + Self.window, environment: ["COLUMNS": "1000"])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "alice's and bob's working hours do not overlap in the window; try --hours alice=HH:MM-HH:MM or --hours bob=HH:MM-HH:MM for wider hours\n"
      ), "their hours never meet on any day: \(run.stdout)")
    #expect(!run.stdout.contains("--min"), "a shorter --min cannot help: \(run.stdout)")
    let half = try Run.freetime(
      [
        Self.alice, Self.bob, "--hours", "alice=09:00-15:30", "--hours", "bob=09:00-17:00",
        "--min", "1h", "--explain", "--tz", "UTC",
      ] + Self.window, environment: ["COLUMNS": "1000"])
    #expect(half.status == 1)
    #expect(
      half.stdout.contains(
        "the longest is 30m, Mon 2026-11-23 14:00–14:30 (bob's hours start at 14:00, alice's end at 14:30)"
      ),
      "\(half.stdout)")
    #expect(half.stdout.contains("--min 30m or less"))
    #expect(!half.stdout.contains("--no-own-hours"), "no one's own hours: \(half.stdout)")
  }

  // MARK: check's notes

  /// METHOD:CANCEL and METHOD:REPLY files, a TZID on a UTC time and a VAVAILABILITY each get a
  /// note at their line; nothing else changes (exit 0).
  @Test func checkNotesMessagesUTCZonesAndAvailability() throws {
    func calendar(_ method: String, _ start: String) -> String {
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", method, "BEGIN:VEVENT",
        "UID:m1@example.com", "DTSTAMP:20261101T000000Z", start, "DTEND:20261124T100000Z",
        "SUMMARY:Sync", "END:VEVENT", "END:VCALENDAR", "",
      ].joined(separator: "\r\n")
    }
    let cancel = Temp.file(calendar("METHOD:CANCEL", "DTSTART:20261124T090000Z"))
    let reply = Temp.file(calendar("METHOD:REPLY", "DTSTART:20261124T090000Z"))
    let utc = Temp.file(
      calendar("X-WR-CALNAME:u", "DTSTART;TZID=America/Denver:20261124T090000Z"))
    let run = try Run.freetime(["check", cancel, reply, utc])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(run.stdout.contains("\(cancel):4: note: METHOD:CANCEL"), "\(run.stdout)")
    #expect(run.stdout.contains("its events are not busy time"))
    #expect(run.stdout.contains("\(reply):4: note: METHOD:REPLY"), "\(run.stdout)")
    #expect(run.stdout.contains("answer an invitation (freetime replies UID shows the answers)"))
    #expect(
      run.stdout.contains(
        "\(utc):8: note: DTSTART is a UTC time (ending in Z) with TZID 'America/Denver', which RFC 5545 §3.3.5 forbids; it is read as UTC"
      ), "\(run.stdout)")
    // The TZID does not move the event: it is busy 09:00–10:00 UTC.
    let busy = try Run.freetime(
      ["busy", utc, "--tz", "UTC", "--from", "2026-11-24", "--to", "+1d"])
    #expect(busy.stdout.contains("FBTYPE=BUSY:20261124T090000Z/20261124T100000Z"), "\(busy.stdout)")

    let availability = Temp.file(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VAVAILABILITY",
        "UID:av@example.com", "DTSTAMP:20261101T000000Z", "DTSTART:20261101T000000Z",
        "DTEND:20270101T000000Z", "BEGIN:AVAILABLE", "UID:a1", "DTSTAMP:20261101T000000Z",
        "DTSTART:20261102T080000Z", "DTEND:20261102T160000Z", "RRULE:FREQ=DAILY",
        "END:AVAILABLE", "END:VAVAILABILITY", "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    let noted = try Run.freetime(["check", availability])
    #expect(noted.status == 0, "\(noted.stdout)")
    #expect(
      noted.stdout.contains(
        "\(availability):4: note: VAVAILABILITY (RFC 7953) read as the person's working hours from 20261101T000000Z to 20270101T000000Z: available only in the times of its 1 AVAILABLE component"
      ), "\(noted.stdout)")
    #expect(noted.stdout.components(separatedBy: "VAVAILABILITY").count == 2, "\(noted.stdout)")

    // The same rule for a VAVAILABILITY's and an AVAILABLE's times; an open end is said.
    let open = Temp.file(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VAVAILABILITY",
        "UID:av@example.com", "DTSTAMP:20261101T000000Z",
        "DTSTART;TZID=Asia/Tokyo:20261101T000000Z", "BEGIN:AVAILABLE", "UID:a1",
        "DTSTAMP:20261101T000000Z", "DTSTART;TZID=\"Asia/Tokyo\":20261102T080000Z",
        "DTEND:20261102T160000Z", "RRULE:FREQ=WEEKLY", "END:AVAILABLE", "END:VAVAILABILITY",
        "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    let openRun = try Run.freetime(["check", open])
    #expect(openRun.status == 0, "\(openRun.stdout)")
    #expect(
      openRun.stdout.contains(
        "\(open):4: note: VAVAILABILITY (RFC 7953) read as the person's working hours from 20261101T000000Z on (no DTEND)"
      ), "\(openRun.stdout)")
    for line in [7, 11] {
      #expect(
        openRun.stdout.contains(
          "\(open):\(line): note: DTSTART is a UTC time (ending in Z) with TZID 'Asia/Tokyo'"),
        "\(openRun.stdout)")
    }
  }

  // MARK: Help at 80 columns

  /// The subcommands the binary lists.
  static func subcommands() throws -> [String] {
    let run = try Run.freetime(["--experimental-dump-help"])
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let command = json["command"] as! [String: Any]
    return (command["subcommands"] as! [[String: Any]]).map { $0["commandName"] as! String }
      .filter { $0 != "help" }
  }

  /// Every line of every --help fits 80 columns; continuation lines of the root's blocks are
  /// indented; USAGE says the default command.
  @Test func helpFitsEightyColumns() throws {
    let names = try Self.subcommands()
    #expect(names.contains("replies") && names.contains("slots"))
    for name in [nil] + names.map(Optional.some) {
      let run = try Run.freetime(
        (name.map { [$0] } ?? []) + ["--help"], environment: ["COLUMNS": "80"])
      #expect(run.status == 0)
      for line in run.stdout.split(separator: "\n") {
        #expect(line.count <= 80, "\(name ?? "freetime"): \(line.count): \(line)")
      }
    }
    let root = try Run.freetime(["--help"], environment: ["COLUMNS": "80"])
    #expect(root.stdout.contains("USAGE: freetime [slots] [<options>] <calendar> ..."))
    let environment = root.stdout.components(separatedBy: "Environment:\n")[1]
      .components(separatedBy: "\n\n")[0]
    for line in environment.split(separator: "\n") {
      #expect(line.hasPrefix("  "), "\(line)")
    }
  }

  /// The examples of every --help stay whole at 80 columns: each line of an Examples block is a
  /// command or its indented continuation, never the tail of one wrapped to column 0 (which
  /// would not paste), and a line that goes on ends in ` \`.
  @Test func helpExamplesPasteAtEightyColumns() throws {
    for name in try Self.subcommands() {
      let run = try Run.freetime([name, "--help"], environment: ["COLUMNS": "80"])
      guard let block = run.stdout.components(separatedBy: "Examples:\n").dropFirst().first
      else { continue }
      let lines = block.components(separatedBy: "\n\n")[0].split(separator: "\n")
      for (line, next) in zip(lines, lines.dropFirst() + [""]) {
        #expect(line.hasPrefix("  "), "\(name): \(line)")
        if next.hasPrefix("    ") { #expect(line.hasSuffix(" \\"), "\(name): \(line)") }
      }
    }
  }

  /// The man page's SYNOPSIS has each subcommand's own arguments, and fits 80 columns.
  @Test func manSynopsisIsTrueAndFits() throws {
    let page = Run.packageRoot.appendingPathComponent("man/freetime.1").path
    let run = try Run.command(
      "/usr/bin/env", ["groff", "-man", "-Tutf8", "-P-cbou", "-rLL=80n", page],
      environment: ["GROFF_SGR": "0"])
    #expect(run.status == 0, "\(run.stderr)")
    for line in run.stdout.split(separator: "\n") {
      #expect(line.count <= 80, "man page: \(line.count): \(line)")
    }
    let synopsis = run.stdout.components(separatedBy: "SYNOPSIS\n")[1]
      .components(separatedBy: "DESCRIPTION")[0]
    let lines = synopsis.split(separator: "\n").map(String.init)
    for line in lines {
      #expect(line.count <= 80, "\(line.count): \(line)")
    }
    let entries = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("freetime") }
    for name in try Self.subcommands() {
      #expect(entries.contains { $0.contains("freetime \(name) ") || $0.contains("[\(name)]") })
    }
    let people = entries.first { $0.contains("freetime people") }
    #expect(people?.contains("calendar") == false, "\(people ?? "")")
    let replies = entries.first { $0.contains("freetime replies") }
    #expect(replies?.contains("uid calendar") == true, "\(replies ?? "")")
    #expect(entries.contains { $0.contains("freetime book") && $0.contains("--at") })
  }
}
