import Foundation
import TestSupport
import Testing

/// `freetime book --reschedule` and `--cancel` (docs/GUIDE.md, freetime book, Reschedule and
/// cancel; RFC 5546 §3.2.2.1 and §3.2.5): the messages they write, the copies they replace, and
/// what freetime reads afterwards.
@Suite struct LifecycleTests {
  /// A fresh directory with vdirs for alice, bob and the room atlas, each with its owner's
  /// address (X-WR-CALNAME): alice is busy on Tuesday 24 November 14:00–15:00 UTC, bob on
  /// Wednesday 25 November at the same time.
  static func team() throws -> String {
    let dir = TemporaryFiles.directory + "/lifecycle-" + UUID().uuidString
    for (name, busy) in [("alice", "20261124"), ("bob", "20261125"), ("atlas", nil)] {
      try FileManager.default.createDirectory(
        atPath: dir + "/" + name, withIntermediateDirectories: true)
      var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
      text += "X-WR-CALNAME:\(name)@example.com\r\n"
      if let busy {
        text += "BEGIN:VEVENT\r\nUID:busy-\(name)\r\nDTSTAMP:20261101T000000Z\r\n"
        text += "DTSTART:\(busy)T140000Z\r\nDTEND:\(busy)T150000Z\r\nSUMMARY:Errand\r\n"
        text += "END:VEVENT\r\n"
      }
      text += "END:VCALENDAR\r\n"
      try text.write(toFile: "\(dir)/\(name)/own.ics", atomically: true, encoding: .utf8)
    }
    return dir
  }

  static func people(_ dir: String) -> [String] {
    ["alice=\(dir)/alice", "bob=\(dir)/bob", "--room", "atlas=\(dir)/atlas"]
  }

  /// Books "Design review" on Monday 23 November 16:00–17:00 Prague, with copies for alice and
  /// the room; returns its UID and the invitation.
  static func book(_ dir: String, extra: [String] = []) throws -> (uid: String, ics: String) {
    let run = try Run.freetime(
      [
        "book", "--at", "2026-11-23T16:00", "--tz", "Europe/Prague", "--duration", "1h",
        "--title", "Design review", "--description", "Agenda, the list", "--add-to", "alice",
        "--add-to", "atlas",
      ] + extra + people(dir))
    #expect(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stdout.split(separator: "\r\n").first { $0.hasPrefix("UID:") })
    return (String(line.dropFirst(4)), run.stdout)
  }

  /// The calendars given without --room (book --reschedule takes the room from the meeting).
  static func calendars(_ dir: String) -> [String] {
    ["alice=\(dir)/alice", "bob=\(dir)/bob", "atlas=\(dir)/atlas"]
  }

  /// The busy periods freetime exports for one calendar over the week of 23 November (UTC).
  static func busy(_ path: String, from: String = "2026-11-23", to: String = "2026-11-30") throws
    -> [String]
  {
    let run = try Run.freetime(["busy", path, "--from", from, "--to", to, "--tz", "UTC"])
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\r\n").filter { $0.hasPrefix("FREEBUSY") }.map {
      String($0.split(separator: ":").last!)
    }
  }

  static func files(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  /// The REQUEST keeps the UID, summary, description, location, organizer, attendees and room,
  /// has SEQUENCE 1, a newer DTSTAMP and the attendees back at NEEDS-ACTION; the copies are
  /// replaced in their files (no temporary file left), and freetime reads the meeting busy at
  /// its new time only.
  @Test func rescheduleWritesTheNextVersion() throws {
    let dir = try Self.team()
    let (uid, original) = try Self.book(dir)
    #expect(try Self.busy(dir + "/alice").contains("20261123T150000Z/20261123T160000Z"))
    // 10:00 Prague on the 24th: the meeting's own old time does not matter, nobody is busy.
    let run = try Run.freetime(
      ["book", "--reschedule", uid, "--at", "2026-11-24T10:00", "--tz", "Europe/Prague"]
        + Self.calendars(dir) + ["--add-to", "alice", "--add-to", "atlas"])
    #expect(run.status == 0, "\(run.stderr)")
    let check = try Run.python(
      """
      import sys, icalendar
      old, new = sys.stdin.read().split("\\0")
      o = icalendar.Calendar.from_ical(old).walk("VEVENT")[0]
      cal = icalendar.Calendar.from_ical(new)
      ev = cal.walk("VEVENT")[0]
      print(cal["METHOD"], ev["UID"] == o["UID"], ev["SEQUENCE"], ev["DTSTAMP"].dt > o["DTSTAMP"].dt)
      print(ev["DTSTART"].dt.isoformat(), ev["DTEND"].dt.isoformat(), ev["STATUS"])
      print(ev["SUMMARY"], "|", ev["DESCRIPTION"], "|", ev["LOCATION"], "|", ev["ORGANIZER"])
      for a in ev["ATTENDEE"]:
          p = a.params
          print(str(a), p["ROLE"], p["PARTSTAT"], p["RSVP"], p["CUTYPE"])
      """, stdin: original + "\0" + run.stdout)
    #expect(
      check.stdout == """
        REQUEST True 1 True
        2026-11-24T10:00:00+01:00 2026-11-24T11:00:00+01:00 CONFIRMED
        Design review | Agenda, the list | atlas | mailto:alice@example.com
        mailto:alice@example.com REQ-PARTICIPANT ACCEPTED FALSE INDIVIDUAL
        mailto:bob@example.com REQ-PARTICIPANT NEEDS-ACTION TRUE INDIVIDUAL
        mailto:atlas@example.com NON-PARTICIPANT NEEDS-ACTION TRUE ROOM

        """, "\(check.stderr)")
    for name in ["alice", "atlas"] {
      #expect(try Self.files(dir + "/" + name) == ["\(uid).ics", "own.ics"].sorted())
      let copy = try String(contentsOfFile: "\(dir)/\(name)/\(uid).ics", encoding: .utf8)
      #expect(copy.components(separatedBy: "BEGIN:VEVENT").count == 2)
      #expect(copy.contains("SEQUENCE:1\r\n"))
      #expect(!copy.contains("METHOD:"))
      #expect(
        copy.contains(
          "PARTSTAT=ACCEPTED;RSVP=FALSE;\r\n CUTYPE=\(name == "atlas" ? "ROOM" : "INDIVIDUAL")"))
    }
    #expect(
      try Self.busy(dir + "/alice") == [
        "20261124T090000Z/20261124T100000Z", "20261124T140000Z/20261124T150000Z",
      ])
    #expect(try Self.busy(dir + "/atlas") == ["20261124T090000Z/20261124T100000Z"])
    // The invitation and the message read together: only the new time.
    let both = TemporaryFiles.file(original + run.stdout)
    #expect(try Self.busy(both) == ["20261124T090000Z/20261124T100000Z"])
  }

  /// A busy attendee refuses the new time (exit 1, naming them and the event), and nothing is
  /// written or changed; --force moves it anyway. --duration gives a new length.
  @Test func busyPeopleRefuseTheNewTime() throws {
    let dir = try Self.team()
    let (uid, _) = try Self.book(dir)
    let copy = try String(contentsOfFile: "\(dir)/alice/\(uid).ics", encoding: .utf8)
    let out = dir + "/move.ics"
    let args =
      ["book", "--reschedule", uid, "--at", "2026-11-25T14:30", "--tz", "UTC", "-o", out]
      + Self.calendars(dir) + ["--add-to", "alice"]
    let refused = try Run.freetime(args)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "cannot move \(uid) to Wed 2026-11-25 14:30: bob is busy then: bob — Errand"),
      "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try String(contentsOfFile: "\(dir)/alice/\(uid).ics", encoding: .utf8) == copy)
    #expect(try Self.files(dir + "/alice") == ["\(uid).ics", "own.ics"].sorted())

    let forced = try Run.freetime(args + ["--force", "--duration", "15m"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Self.busy(dir + "/alice").contains("20261125T143000Z/20261125T144500Z"))
    #expect(try !Self.busy(dir + "/alice").contains("20261123T150000Z/20261123T160000Z"))
  }

  /// Someone in the meeting whose calendar is not given cannot be checked: a note, no refusal.
  @Test func unseenAttendeesAreNoted() throws {
    let dir = try Self.team()
    let (uid, _) = try Self.book(dir)
    let run = try Run.freetime(
      [
        "book", "--reschedule", uid, "--at", "2026-11-25T14:30", "--tz", "UTC",
        "alice=\(dir)/alice",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "note: bob <bob@example.com> is in meeting \(uid), but no calendar of theirs was given: not checked"
      ))
    #expect(run.stderr.contains("note: atlas <atlas@example.com> is in meeting"))
  }

  /// The CANCEL carries SEQUENCE + 1, STATUS:CANCELLED and every attendee; the copies stay as
  /// cancelled versions, and freetime reads the time free.
  @Test func cancelFreesTheMeeting() throws {
    let dir = try Self.team()
    let (uid, original) = try Self.book(dir)
    let run = try Run.freetime(
      ["book", "--cancel", uid] + Self.calendars(dir) + ["--add-to", "atlas", "--add-to", "alice"])
    #expect(run.status == 0, "\(run.stderr)")
    let check = try Run.python(
      """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(sys.stdin.read())
      ev = cal.walk("VEVENT")[0]
      print(cal["METHOD"], ev["UID"], ev["SEQUENCE"], ev["STATUS"], ev["DTSTART"].dt.isoformat())
      print(" ".join(str(a) for a in ev["ATTENDEE"]))
      """, stdin: run.stdout)
    #expect(
      check.stdout == """
        CANCEL \(uid) 1 CANCELLED 2026-11-23T16:00:00+01:00
        mailto:alice@example.com mailto:bob@example.com mailto:atlas@example.com

        """, "\(check.stderr)")
    for name in ["alice", "atlas"] {
      let copy = try String(contentsOfFile: "\(dir)/\(name)/\(uid).ics", encoding: .utf8)
      #expect(copy.contains("STATUS:CANCELLED\r\n") && copy.contains("SEQUENCE:1\r\n"))
    }
    #expect(try Self.busy(dir + "/alice") == ["20261124T140000Z/20261124T150000Z"])
    #expect(try Self.busy(dir + "/atlas") == [])
    // The invitation with the CANCEL message beside it is free too (docs/GUIDE.md, What is busy).
    let both = TemporaryFiles.file(original + run.stdout)
    #expect(try Self.busy(both) == [])
    // Cancelled once, it cannot be cancelled or moved again.
    let again = try Run.freetime(["book", "--cancel", uid, "alice=\(dir)/alice"])
    #expect(again.status == 2)
    #expect(again.stderr.contains("meeting \(uid) is cancelled"), "\(again.stderr)")
  }

  /// One occurrence of a weekly series moved alone: an override (RECURRENCE-ID) with SEQUENCE
  /// + 1, added to the copy's file as a second VEVENT; recurring-ical-events and freetime read
  /// the other occurrences where they were. Then another occurrence cancelled alone, and the
  /// whole series moved (the cancelled one stays out, as an EXDATE).
  @Test func oneOccurrenceMovesAlone() throws {
    let dir = try Self.team()
    let booked = try Run.freetime(
      [
        "book", "--at", "2026-11-30T10:00", "--tz", "Europe/Prague", "--duration", "30m",
        "--title", "Sync", "--repeat", "weekly", "--occurrences", "4", "--add-to", "alice",
      ] + Self.calendars(dir))
    #expect(booked.status == 0, "\(booked.stderr)")
    let uid = String(
      try #require(booked.stdout.split(separator: "\r\n").first { $0.hasPrefix("UID:") }).dropFirst(
        4))
    let copyPath = "\(dir)/alice/\(uid).ics"
    let moved = try Run.freetime(
      [
        "book", "--reschedule", uid, "--occurrence", "2026-12-07T10:00", "--at", "2026-12-08T11:00",
        "--tz", "Europe/Prague", "--add-to", "alice",
      ] + Self.calendars(dir))
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.contains("RECURRENCE-ID;TZID=Europe/Prague:20261207T100000\r\n"))
    #expect(moved.stdout.contains("SEQUENCE:1\r\n") && moved.stdout.contains("METHOD:REQUEST"))
    #expect(!moved.stdout.contains("RRULE"))
    let copy = try String(contentsOfFile: copyPath, encoding: .utf8)
    #expect(copy.components(separatedBy: "BEGIN:VEVENT").count == 3)
    let occurrences = """
      import sys, datetime, icalendar, recurring_ical_events
      cal = icalendar.Calendar.from_ical(open(sys.argv[1]).read())
      for ev in recurring_ical_events.of(cal).between(datetime.date(2026, 11, 1), datetime.date(2027, 2, 1)):
          print(ev["DTSTART"].dt.isoformat(), ev["STATUS"])
      """
    let read = try Run.python(occurrences, [copyPath])
    #expect(
      read.stdout == """
        2026-11-30T10:00:00+01:00 CONFIRMED
        2026-12-08T11:00:00+01:00 CONFIRMED
        2026-12-14T10:00:00+01:00 CONFIRMED
        2026-12-21T10:00:00+01:00 CONFIRMED

        """, "\(read.stderr)")
    let december = ["2026-11-30", "2026-12-31"]
    #expect(
      try Self.busy(dir + "/alice", from: december[0], to: december[1]) == [
        "20261130T090000Z/20261130T093000Z", "20261208T100000Z/20261208T103000Z",
        "20261214T090000Z/20261214T093000Z", "20261221T090000Z/20261221T093000Z",
      ])

    let cancelled = try Run.freetime(
      [
        "book", "--cancel", uid, "--occurrence", "2026-12-14T10:00", "--tz", "Europe/Prague",
        "--add-to", "alice",
      ]
        + Self.calendars(dir))
    #expect(cancelled.status == 0, "\(cancelled.stderr)")
    #expect(
      cancelled.stdout.contains("METHOD:CANCEL") && cancelled.stdout.contains("STATUS:CANCELLED"))
    #expect(cancelled.stdout.contains("RECURRENCE-ID;TZID=Europe/Prague:20261214T100000\r\n"))
    #expect(cancelled.stdout.contains("SEQUENCE:2\r\n"))
    // recurring-ical-events returns a cancelled occurrence, with its STATUS.
    let after = try Run.python(occurrences, [copyPath])
    #expect(
      after.stdout == """
        2026-11-30T10:00:00+01:00 CONFIRMED
        2026-12-08T11:00:00+01:00 CONFIRMED
        2026-12-14T10:00:00+01:00 CANCELLED
        2026-12-21T10:00:00+01:00 CONFIRMED

        """, "\(after.stderr)")
    #expect(
      try Self.busy(dir + "/alice", from: december[0], to: december[1]) == [
        "20261130T090000Z/20261130T093000Z", "20261208T100000Z/20261208T103000Z",
        "20261221T090000Z/20261221T093000Z",
      ])

    // The whole series to Tuesdays 09:00: the same count, the cancelled third left out, the
    // moved second back in the rule.
    let whole = try Run.freetime(
      [
        "book", "--reschedule", uid, "--at", "2026-12-01T09:00", "--tz", "Europe/Prague",
        "--add-to", "alice",
      ]
        + Self.calendars(dir))
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
    #expect(whole.stdout.contains("EXDATE;TZID=Europe/Prague:20261215T090000\r\n"))
    #expect(whole.stdout.contains("SEQUENCE:3\r\n"))
    #expect(
      try String(contentsOfFile: copyPath, encoding: .utf8).components(separatedBy: "BEGIN:VEVENT")
        .count == 2)
    #expect(
      try Self.busy(dir + "/alice", from: december[0], to: december[1]) == [
        "20261201T080000Z/20261201T083000Z", "20261208T080000Z/20261208T083000Z",
        "20261222T080000Z/20261222T083000Z",
      ])
    #expect(try Self.files(dir + "/alice") == ["\(uid).ics", "own.ics"].sorted())
  }

  /// Mistakes name what is wrong and write nothing.
  @Test func mistakesAreNamed() throws {
    let dir = try Self.team()
    let (uid, original) = try Self.book(dir)
    let copy = try String(contentsOfFile: "\(dir)/alice/\(uid).ics", encoding: .utf8)
    func run(_ args: [String]) throws -> Run {
      try Run.freetime(["book"] + args + Self.calendars(dir))
    }

    let missing = try run(["--cancel", "nope@example.com"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no meeting with UID nope@example.com in the calendars given"))

    let notSeries = try run([
      "--cancel", uid, "--occurrence", "2026-11-23T16:00", "--tz", "Europe/Prague",
    ])
    #expect(notSeries.status == 2)
    #expect(notSeries.stderr.contains("meeting \(uid) does not repeat"), "\(notSeries.stderr)")

    let withTime = try run(["--cancel", uid, "--at", "2026-11-24T10:00"])
    #expect(withTime.status == 2)
    #expect(withTime.stderr.contains("--cancel takes no --at or --duration"))

    let title = try run(["--reschedule", uid, "--at", "2026-11-24T10:00", "--title", "Other"])
    #expect(title.status == 2)
    #expect(title.stderr.contains("--title is not taken"))

    let noAt = try run(["--reschedule", uid])
    #expect(noAt.status == 2)
    #expect(noAt.stderr.contains("--reschedule needs --at WHEN"))

    // Two meetings of one UID that tie on SEQUENCE and DTSTAMP but disagree on the time.
    let other = original.replacingOccurrences(of: "20261123T160000", with: "20261126T160000")
    let twin = TemporaryFiles.file(other)
    let twins = try Run.freetime(["book", "--cancel", uid, "alice=\(dir)/alice", "x=" + twin])
    #expect(twins.status == 2)
    #expect(twins.stderr.contains("UID \(uid) is two different meetings"), "\(twins.stderr)")

    #expect(try String(contentsOfFile: "\(dir)/alice/\(uid).ics", encoding: .utf8) == copy)
    #expect(try Self.files(dir + "/alice") == ["\(uid).ics", "own.ics"].sorted())
  }

  /// --occurrence that names no occurrence of the series says so, with the nearest one.
  @Test func occurrenceMustBeOne() throws {
    let dir = try Self.team()
    let booked = try Run.freetime(
      [
        "book", "--at", "2026-11-30T10:00", "--tz", "Europe/Prague", "--duration", "30m",
        "--title", "Sync", "--repeat", "weekly", "--occurrences", "4",
      ] + Self.calendars(dir))
    #expect(booked.status == 0, "\(booked.stderr)")
    let invite = TemporaryFiles.file(booked.stdout)
    let uid = String(
      try #require(booked.stdout.split(separator: "\r\n").first { $0.hasPrefix("UID:") }).dropFirst(
        4))
    let run = try Run.freetime(
      [
        "book", "--cancel", uid, "--occurrence", "2026-12-08T10:00", "--tz", "Europe/Prague",
        "x=" + invite,
      ])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "--occurrence Tue 2026-12-08 10:00 is not an occurrence of \(uid) (the nearest starts Mon 2026-12-07 10:00)"
      ),
      "\(run.stderr)")
  }

  /// Copies other clients keep (docs/GUIDE.md, Reschedule and cancel): an attendee's accepted copy,
  /// stamped later and without DESCRIPTION or LOCATION, does not take them out of the moved
  /// meeting; a saved invitation (METHOD:REQUEST) rewritten as a copy loses its METHOD; a
  /// second file that held only the old version is removed, not left an empty VCALENDAR.
  @Test func copiesOtherClientsKeep() throws {
    let dir = try Self.team()
    func meeting(method: String?, stamp: String, extra: String, partstat: String) -> String {
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n"
        + (method.map { "METHOD:\($0)\r\n" } ?? "")
        + "BEGIN:VEVENT\r\nUID:olk-2\r\nDTSTAMP:\(stamp)\r\nSEQUENCE:0\r\n"
        + "DTSTART:20261123T150000Z\r\nDTEND:20261123T160000Z\r\nSUMMARY:Budget\r\n" + extra
        + "ORGANIZER;CN=Alice:mailto:alice@example.com\r\n"
        + "ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@example.com\r\n"
        + "ATTENDEE;PARTSTAT=\(partstat):mailto:bob@example.com\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }
    let invitation = meeting(
      method: "REQUEST", stamp: "20261101T000000Z",
      extra: "DESCRIPTION:Figures\r\nLOCATION:Room 4\r\n", partstat: "NEEDS-ACTION")
    try invitation.write(toFile: dir + "/alice/a-invite.ics", atomically: true, encoding: .utf8)
    try invitation.write(toFile: dir + "/alice/b-saved.ics", atomically: true, encoding: .utf8)
    try meeting(method: nil, stamp: "20261102T000000Z", extra: "", partstat: "ACCEPTED")
      .write(toFile: dir + "/bob/olk-2.ics", atomically: true, encoding: .utf8)
    let run = try Run.freetime(
      ["book", "--reschedule", "olk-2", "--at", "2026-11-26T10:00", "--tz", "UTC"]
        + ["alice=\(dir)/alice", "bob=\(dir)/bob", "--add-to", "alice"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("DESCRIPTION:Figures"))
    #expect(run.stdout.contains("LOCATION:Room 4"))
    #expect(run.stdout.contains("SEQUENCE:1"))
    let copy = try String(contentsOfFile: dir + "/alice/a-invite.ics", encoding: .utf8)
    #expect(!copy.contains("METHOD:"))
    #expect(copy.contains("DTSTART"))
    #expect(copy.contains("SEQUENCE:1"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/alice/b-saved.ics"))
    #expect(try Self.busy(dir + "/alice").contains("20261126T100000Z/20261126T110000Z"))
  }

  /// A cancellation without DTSTART (RFC 5546 §3.2.5 allows it), with no earlier version
  /// beside it: replies says the meeting is cancelled.
  @Test func aCancelWithoutATimeIsListed() throws {
    let dir = TemporaryFiles.directory + "/lifecycle-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let cancel =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\nMETHOD:CANCEL\r\n"
      + "BEGIN:VEVENT\r\nUID:gone-1\r\nDTSTAMP:20261102T000000Z\r\nSEQUENCE:3\r\n"
      + "STATUS:CANCELLED\r\nORGANIZER:mailto:alice@example.com\r\n"
      + "ATTENDEE:mailto:bob@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    try cancel.write(toFile: dir + "/cancel.ics", atomically: true, encoding: .utf8)
    let run = try Run.freetime(["replies", "gone-1", dir])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("cancelled"))
  }

  /// Addresses as Apple's clients and CalDAV servers write them, a `urn:uuid:` with the e-mail
  /// in EMAIL (RFC 7986 §6.2): the person is known by the e-mail, and a URI without one is
  /// written back as it is, never as `mailto:urn:…`.
  @Test func urnAddressesWithEmail() throws {
    let dir = try Self.team()
    let meeting =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//iCal//EN\r\n"
      + "BEGIN:VEVENT\r\nUID:apple-1\r\nDTSTAMP:20261101T000000Z\r\nSEQUENCE:0\r\n"
      + "DTSTART:20261123T150000Z\r\nDTEND:20261123T160000Z\r\nSUMMARY:Sync\r\n"
      + "ORGANIZER;CN=Alice;EMAIL=alice@example.com:urn:uuid:11111111-2222-3333-4444-555555555555\r\n"
      + "ATTENDEE;CN=Alice;ROLE=CHAIR;PARTSTAT=ACCEPTED;EMAIL=alice@example.com:urn:uuid:11111111-2222-3333-4444-555555555555\r\n"
      + "ATTENDEE;CN=Ext;PARTSTAT=NEEDS-ACTION:urn:uuid:99999999-2222-3333-4444-555555555555\r\n"
      + "ATTENDEE;CN=Bob;PARTSTAT=ACCEPTED;EMAIL=bob@example.com:urn:uuid:22222222-2222-3333-4444-555555555555\r\n"
      + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    try meeting.write(toFile: dir + "/alice/apple-1.ics", atomically: true, encoding: .utf8)
    let run = try Run.freetime(
      ["book", "--reschedule", "apple-1", "--at", "2026-11-26T10:00", "--tz", "UTC"]
        + ["alice=\(dir)/alice", "bob=\(dir)/bob"])
    #expect(run.status == 0, "\(run.stderr)")
    let text = run.stdout.replacingOccurrences(of: "\r\n ", with: "")
    #expect(text.contains("mailto:alice@example.com"))
    #expect(text.contains("mailto:bob@example.com"))
    #expect(text.contains(":urn:uuid:99999999-2222-3333-4444-555555555555"))
    #expect(!text.contains("mailto:urn:"))
    // bob was checked as an attendee (his address matched), not noted as outside the meeting.
    #expect(!run.stderr.contains("bob is not in"))
  }
}
