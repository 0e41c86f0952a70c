import Foundation
import Testing

/// `freetime book` (docs/GUIDE.md, freetime book): the invitation it writes, what it refuses, and
/// that what suggest proposes books the team.
@Suite struct BookTests {
  let owners = [
    "--owner", "alice=alice@example.com", "--owner", "bob=bob@example.com", "--owner",
    "carol=carol@example.com",
  ]
  let team = ["alice", "bob", "carol"].map { "Fixtures/team/\($0).ics" }

  /// The invitation parses with Python's icalendar and carries the iTIP fields (the organizer,
  /// alice by default, has accepted); freetime reads it back as busy time at the meeting.
  @Test func invitationCarriesTheFields() throws {
    let run = try Run.freetime(
      [
        "book", "--at", "2026-11-23T16:00", "--tz", "Europe/Prague", "--duration", "1h",
        "--title", "Design review", "--description", "Agenda: the new timeline",
        "--optional", "Fixtures/team/dave.ics", "--owner", "dave=dave@example.com",
      ] + owners + team)
    #expect(run.status == 0, "\(run.stderr)")
    let check = try Run.python(
      """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(sys.stdin.read())
      assert str(cal["METHOD"]) == "REQUEST"
      tz = [c for c in cal.walk("VTIMEZONE")]
      assert len(tz) == 1 and str(tz[0]["TZID"]) == "Europe/Prague"
      ev = cal.walk("VEVENT")[0]
      print(ev["DTSTART"].dt.isoformat(), ev["DTEND"].dt.isoformat())
      print(ev["SUMMARY"], "|", ev["DESCRIPTION"], "|", ev["ORGANIZER"])
      for a in ev["ATTENDEE"]:
          p = a.params
          print(str(a), p["CN"], p["ROLE"], p["PARTSTAT"], p["RSVP"], p["CUTYPE"])
      print(ev["SEQUENCE"], ev["STATUS"], ev["TRANSP"], str(ev["UID"]).endswith("@freetime"))
      """, stdin: run.stdout)
    #expect(
      check.stdout == """
        2026-11-23T16:00:00+01:00 2026-11-23T17:00:00+01:00
        Design review | Agenda: the new timeline | mailto:alice@example.com
        mailto:alice@example.com alice REQ-PARTICIPANT ACCEPTED FALSE INDIVIDUAL
        mailto:bob@example.com bob REQ-PARTICIPANT NEEDS-ACTION TRUE INDIVIDUAL
        mailto:carol@example.com carol REQ-PARTICIPANT NEEDS-ACTION TRUE INDIVIDUAL
        mailto:dave@example.com dave OPT-PARTICIPANT NEEDS-ACTION TRUE INDIVIDUAL
        0 CONFIRMED OPAQUE True

        """, "\(check.stderr)")
    let path = Temp.file(run.stdout, name: "invite.ics")
    let readBack = try Run.freetime(
      [path, "--from", "2026-11-23T15:00", "--to", "2026-11-23T18:00", "--tz", "Europe/Prague"])
    #expect(readBack.stdout.contains("15:00 – 16:00"))
    #expect(readBack.stdout.contains("17:00 – 18:00"))
  }

  /// Booking over a busy person exits 1 naming them and the event; --force books anyway.
  @Test func busyPeopleAreNamed() throws {
    let args =
      [
        "book", "--at", "2026-11-24T13:30", "--tz", "UTC", "--duration", "1h", "--title", "X",
      ] + owners + team
    let refused = try Run.freetime(args)
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr.contains("alice is busy then: alice — Quarterly planning"), "\(refused.stderr)"
    )
    #expect(refused.stderr.contains("bob is busy then: bob — Quarterly planning (dial-in)"))
    let forced = try Run.freetime(args + ["--force"])
    #expect(forced.status == 0)
    #expect(forced.stdout.contains("METHOD:REQUEST"))
  }

  /// A person without an address is an error that says how to give one.
  @Test func noAddressSaysHow() throws {
    let run = try Run.freetime(
      ["book", "--at", "2026-11-23T16:00", "--duration", "1h", "--title", "X"] + team)
    #expect(run.status == 2)
    #expect(run.stderr.contains("alice has no address") == false)  // alice's X-WR-CALNAME is one
    #expect(run.stderr.contains("bob has no address to invite: give it with --owner bob=ADDRESS"))
  }

  /// A people file whose people keep their calendars in directories (vdirs).
  static func vdirTeam() throws -> (config: String, dir: String) {
    let dir = Temp.directory + "/book-\(UUID().uuidString)"
    var text = ""
    for name in ["alice", "bob", "carol", "dave"] {
      try FileManager.default.createDirectory(
        atPath: dir + "/\(name)", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: Run.fixtures.appendingPathComponent("team/\(name).ics").path,
        toPath: dir + "/\(name)/calendar.ics")
      let table = name == "dave" ? "rooms" : "people"
      let key = name == "dave" ? "calendar = \"\(name)\"" : "calendars = [\"\(name)\"]"
      text += "[\(table).\(name)]\n\(key)\nemail = \"\(name)@example.com\"\n\n"
    }
    let config = dir + "/config.toml"
    try text.write(toFile: config, atomically: true, encoding: .utf8)
    return (config, dir)
  }

  /// A calendar directory given as `.`, the working directory, whose files are named without
  /// a directory (`calendar.ics`): `--add-to` writes the copy there (it stopped on them).
  @Test func addingToTheWorkingDirectory() throws {
    let (_, dir) = try BookTests.vdirTeam()
    let run = try Run.freetime(
      [
        "book", "--at", "2026-11-27T10:00", "--tz", "Europe/Prague", "--duration", "30m",
        "--title", "P", "--force", "--owner", "alice=alice@example.com", "--owner",
        "bob=bob@example.com", "--add-to", "alice", "alice=.", "bob=../bob", "-o", "/dev/null",
      ], in: URL(fileURLWithPath: dir + "/alice"))
    #expect(run.status == 0, "\(run.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/alice")
    #expect(files.count == 2, "\(files)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/bob") == ["calendar.ics"])
  }

  /// Every suggestion, booked with --add-to for everyone, is then busy for the whole team.
  @Test func bookingEverySuggestionMakesTheTeamBusy() throws {
    let (config, dir) = try BookTests.vdirTeam()
    let window = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]
    let suggest = try Run.freetime(
      [
        "suggest", "--config", config, "alice", "bob", "carol", "--room", "dave", "--duration",
        "1h", "--count", "3", "--format", "json",
      ] + window)
    #expect(suggest.status == 0, "\(suggest.stderr)")
    let lines = try Run.python(
      """
      import json, sys
      for s in json.load(sys.stdin)["suggestions"]:
          print(s["start"], s["book"])
      """, stdin: suggest.stdout)
    let booked = lines.stdout.split(separator: "\n")
    #expect(booked.count == 3)
    for line in booked {
      let command =
        String(line.split(separator: " ", maxSplits: 1)[1])
        .replacingOccurrences(of: "freetime ", with: "\"$FREETIME\" ", options: .anchored)
        + " --add-to alice --add-to bob --add-to carol --add-to dave -o /dev/null"
      let run = try Run.command(
        "/bin/bash", ["-c", command], environment: ["FREETIME": Run.binary.path])
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    for name in ["alice", "bob", "carol", "dave"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/\(name)")
      #expect(files.count == 4, "\(name): \(files)")
    }
    // Now the same suggestions are gone: each booked time is busy for everyone.
    let again = try Run.freetime(
      [
        "suggest", "--config", config, "alice", "bob", "carol", "--room", "dave", "--duration",
        "1h", "--count", "3", "--format", "json",
      ] + window)
    let starts = booked.map { String($0.split(separator: " ")[0]) }
    for start in starts { #expect(!again.stdout.contains("\"start\": \"\(start)\"")) }
    let single = try Run.freetime(
      [
        "book", "--at", "2026-11-23T16:00", "--duration", "1h", "--title", "X", "--add-to",
        "alice",
      ] + owners + team)
    #expect(single.status == 2)
    #expect(single.stderr.contains("a single file, which freetime never rewrites"))
  }

  /// Review findings: a meeting in the second pass of a fold is written in UTC; mailto: is not
  /// doubled and the organizer must be an address; --add-to checks every target before writing
  /// anything, writes into the one calendar of a vdirsyncer tree, and its copy is ACCEPTED.
  @Test func foldsAddressesAndTargets() throws {
    let fold = try Run.freetime(
      [
        "book", "--at", "2026-10-25T02:00:00+01:00", "--tz", "Europe/Prague", "--duration", "30m",
        "--title", "F", "--organizer", "MAILTO:Boss@example.com", "--owner",
        "alice=mailto:al@example.com", "Fixtures/team/alice.ics",
      ])
    #expect(fold.status == 0, "\(fold.stderr)")
    #expect(
      fold.stdout.contains("DTSTART:20261025T010000Z\r\nDTEND:20261025T013000Z"), "\(fold.stdout)")
    #expect(fold.stdout.contains("ORGANIZER:mailto:Boss@example.com"))
    #expect(fold.stdout.contains(":mailto:al@example.com"))
    #expect(!fold.stdout.lowercased().contains("mailto:mailto:"))
    let badOrganizer = try Run.freetime(
      [
        "book", "--at", "2026-11-23T16:00", "--duration", "30m", "--title", "X", "--organizer",
        "not an address", "Fixtures/team/alice.ics",
      ])
    #expect(badOrganizer.status == 2)
    #expect(badOrganizer.stderr.contains("is not an e-mail address"))

    let (config, dir) = try BookTests.vdirTeam()
    // alice keeps two calendars below her directory: --add-to must be told which.
    try FileManager.default.createDirectory(
      atPath: dir + "/alice/home", withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: dir + "/alice/calendar.ics", toPath: dir + "/alice/home/calendar.ics")
    let failing = try Run.freetime(
      [
        "book", "--config", config, "--at", "2026-11-27T10:00", "--tz", "Europe/Prague",
        "--duration", "30m", "--title", "P", "--room", "dave", "alice", "--add-to", "dave",
        "--add-to", "alice", "-o", "/nonexistent/dir/x.ics",
      ])
    #expect(failing.status == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/dave") == ["calendar.ics"])
    let tree = try Run.freetime(
      [
        "book", "--config", config, "--at", "2026-11-27T10:00", "--tz", "Europe/Prague",
        "--duration", "30m", "--title", "P", "alice", "--add-to", "alice", "-o", "/dev/null",
      ])
    #expect(tree.status == 0, "\(tree.stderr)")
    let home = try FileManager.default.contentsOfDirectory(atPath: dir + "/alice/home")
    #expect(home.count == 2, "\(home)")
    let copy = try String(
      contentsOfFile: dir + "/alice/home/" + home.first { $0 != "calendar.ics" }!, encoding: .utf8)
    #expect(copy.contains("PARTSTAT=ACCEPTED"))
    #expect(!copy.contains("METHOD"))
    try FileManager.default.createDirectory(
      atPath: dir + "/alice/work", withIntermediateDirectories: true)
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".write(
      toFile: dir + "/alice/work/w.ics", atomically: true, encoding: .utf8)
    let two = try Run.freetime(
      [
        "book", "--config", config, "--at", "2026-11-27T11:00", "--tz", "Europe/Prague",
        "--duration", "30m", "--title", "P", "alice", "--add-to", "alice", "-o", "/dev/null",
      ])
    #expect(two.status == 2)
    #expect(two.stderr.contains("several calendar directories"))
  }

  /// alice keeps `work/` and `home/`: `--add-to alice=DIRECTORY` chooses where the copy goes and
  /// never which calendars are checked (her 1:1 in work/ still refuses the booking); the
  /// copy is accepted by her and the organizer, the others still have to answer; a directory
  /// that is not hers is refused.
  @Test func addToChoosesOnlyWhere() throws {
    let (_, dir) = try BookTests.vdirTeam()
    for sub in ["work", "home"] {
      try FileManager.default.createDirectory(
        atPath: dir + "/alice/\(sub)", withIntermediateDirectories: true)
    }
    try FileManager.default.moveItem(
      atPath: dir + "/alice/calendar.ics", toPath: dir + "/alice/work/calendar.ics")
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nEND:VCALENDAR\r\n".write(
      toFile: dir + "/alice/home/personal.ics", atomically: true, encoding: .utf8)
    let config = dir + "/split.toml"
    try """
    [people.alice]
    calendars = ["alice/work", "alice/home"]
    email = "alice@example.com"
    [people.bob]
    calendars = ["bob"]
    email = "bob@example.com"
    [people.carol]
    calendars = ["carol"]
    email = "carol@example.com"
    """.write(toFile: config, atomically: true, encoding: .utf8)
    func book(_ at: String, _ addTo: String) throws -> (status: Int32, stderr: String) {
      let run = try Run.freetime(
        [
          "book", "--config", config, "--at", at, "--tz", "Europe/Prague", "--duration", "30m",
          "--title", "P", "--organizer", "bob@example.com", "alice", "bob", "carol", "--add-to",
          addTo, "-o", "/dev/null",
        ])
      return (run.status, run.stderr)
    }
    let standup = try book("2026-11-25T13:00", "alice=\(dir)/alice/home")
    #expect(standup.status == 1)
    #expect(
      standup.stderr.contains("alice is busy then: alice — 1:1 with Dana (" + dir),
      "\(standup.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir + "/alice/home") == ["personal.ics"])

    let elsewhere = try book("2026-11-27T11:00", "alice=\(dir)/bob")
    #expect(elsewhere.status == 2)
    #expect(elsewhere.stderr.contains("is not one of alice's calendar directories"))
    let unchosen = try book("2026-11-27T11:00", "alice")
    #expect(unchosen.status == 2)
    #expect(unchosen.stderr.contains("choose one with --add-to alice=DIRECTORY"))

    let booked = try book("2026-11-27T11:00", "alice=\(dir)/alice/home/")
    #expect(booked.status == 0, "\(booked.stderr)")
    let home = try FileManager.default.contentsOfDirectory(atPath: dir + "/alice/home")
    #expect(home.count == 2)
    let name = try #require(home.first { $0 != "personal.ics" })
    let copy = try String(contentsOfFile: dir + "/alice/home/" + name, encoding: .utf8)
    let check = try Run.python(
      """
      import sys, icalendar
      ev = icalendar.Calendar.from_ical(sys.stdin.read()).walk("VEVENT")[0]
      for a in ev["ATTENDEE"]:
          print(str(a), a.params["PARTSTAT"], a.params["RSVP"])
      """, stdin: copy)
    #expect(
      check.stdout == """
        mailto:alice@example.com ACCEPTED FALSE
        mailto:bob@example.com ACCEPTED FALSE
        mailto:carol@example.com NEEDS-ACTION TRUE

        """, "\(check.stderr)")
    // Read back as alice's, with tentative time free, the copy blocks her.
    let readBack = try Run.freetime(
      [
        "--config", config, "alice", "--tentative", "free", "--from", "2026-11-27T10:30",
        "--to", "2026-11-27T12:00", "--tz", "Europe/Prague", "--format", "csv", "--no-own-hours",
      ])
    #expect(
      readBack.stdout == """
        start,end,minutes,free
        2026-11-27T10:30:00+01:00,2026-11-27T11:00:00+01:00,30,alice
        2026-11-27T11:30:00+01:00,2026-11-27T12:00:00+01:00,30,alice

        """, "\(readBack.stdout)")
  }
}
