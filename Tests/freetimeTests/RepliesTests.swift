import Foundation
import TestSupport
import Testing

/// `freetime replies` (docs/GUIDE.md, freetime replies; RFC 5546 §3.2.3): each attendee's newest
/// answer from copies and REPLY files, stale answers, delegation, and the exit status.
@Suite struct RepliesTests {
  static let uid = "review-1@example.com"

  /// A VCALENDAR (with `method`, or a plain copy) holding one VEVENT of the meeting.
  static func calendar(
    method: String?, sequence: Int, stamp: String, attendees: [String],
    start: String = "20261123T150000Z"
  ) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    if let method { text += "METHOD:\(method)\r\n" }
    text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:\(stamp)\r\nSEQUENCE:\(sequence)\r\n"
    if method != "REPLY" { text += "DTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:Review\r\n" }
    text += "ORGANIZER:mailto:alice@example.com\r\n"
    for a in attendees { text += "ATTENDEE;\(a)\r\n" }
    return text + "END:VEVENT\r\nEND:VCALENDAR\r\n"
  }

  /// The invitation at SEQUENCE 1: alice organises, bob and carol are required, dave
  /// optional, atlas the room.
  static let invitation = calendar(
    method: "REQUEST", sequence: 1, stamp: "20261118T100000Z",
    attendees: [
      "CN=Alice;PARTSTAT=ACCEPTED:mailto:alice@example.com",
      "CN=Bob;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:bob@example.com",
      "CN=Carol;PARTSTAT=NEEDS-ACTION:mailto:carol@example.com",
      "CN=Dave;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:dave@example.com",
      "CN=Atlas;CUTYPE=ROOM;ROLE=NON-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:atlas@example.com",
    ])

  static func reply(_ attendee: String, sequence: Int = 1, stamp: String = "20261119T090000Z")
    -> String
  {
    calendar(method: "REPLY", sequence: sequence, stamp: stamp, attendees: [attendee])
  }

  /// A directory of the invitation, the answers and dave's own copy.
  static func inbox(_ files: [String: String]) throws -> String {
    let dir = TemporaryFiles.directory + "/replies-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(toFile: "\(dir)/\(name).ics", atomically: true, encoding: .utf8)
    }
    return dir
  }

  static let answers: [String: String] = [
    "invite": invitation,
    "bob": reply("PARTSTAT=ACCEPTED:mailto:bob@example.com"),
    "carol": reply(
      "PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:erin@example.com\":mailto:carol@example.com"),
    "erin": reply(
      "CN=Erin;PARTSTAT=ACCEPTED;DELEGATED-FROM=\"mailto:carol@example.com\":mailto:erin@example.com"
    ),
    // dave's own copy, as his client keeps it.
    "dave": calendar(
      method: nil, sequence: 1, stamp: "20261119T120000Z",
      attendees: [
        "PARTSTAT=NEEDS-ACTION:mailto:bob@example.com",
        "CN=Dave;ROLE=OPT-PARTICIPANT;PARTSTAT=TENTATIVE:mailto:dave@example.com",
      ]),
    // The room accepted the first version only.
    "atlas": reply("PARTSTAT=ACCEPTED;CUTYPE=ROOM:mailto:atlas@example.com", sequence: 0),
  ]

  /// Accepted, delegated (and the delegate's yes), tentative, and a stale answer that counts
  /// as none: exit 1 until the room answers the current version.
  @Test func tableNamesEveryAnswer() throws {
    let dir = try Self.inbox(Self.answers)
    // A wide terminal: each line whole (docs/GUIDE.md, Displays).
    let run = try Run.freetime(
      ["replies", Self.uid, dir, "--tz", "UTC"], environment: ["COLUMNS": "1000"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        Meeting review-1@example.com: Review, Mon 2026-11-23 15:00 UTC (SEQUENCE 1), organizer alice@example.com
          Alice <alice@example.com>  required  accepted
          Bob <bob@example.com>      required  accepted
          Carol <carol@example.com>  required  delegated to erin@example.com
          Dave <dave@example.com>    optional  tentative
          Atlas <atlas@example.com>  room      no answer (stale: accepted at SEQUENCE 0, \(dir)/atlas.ics:5)
          Erin <erin@example.com>    delegate  accepted (for carol@example.com)
        Not accepted yet: Atlas (no answer)

        """, "\(run.stdout)")

    var answered = Self.answers
    answered["atlas"] = Self.reply("PARTSTAT=ACCEPTED;CUTYPE=ROOM:mailto:atlas@example.com")
    let done = try Run.freetime(["replies", Self.uid, try Self.inbox(answered)])
    #expect(done.status == 0, "\(done.stdout)")
    #expect(done.stdout.hasSuffix("Everyone required and the room accepted.\n"))

    // bob changes his mind later (a newer DTSTAMP at the same SEQUENCE); dave declining
    // changes nothing.
    answered["bob-later"] = Self.reply(
      "PARTSTAT=DECLINED:mailto:bob@example.com", stamp: "20261120T090000Z")
    answered["dave-later"] = Self.reply(
      "PARTSTAT=DECLINED:mailto:dave@example.com", stamp: "20261120T090000Z")
    let declined = try Run.freetime(["replies", Self.uid, try Self.inbox(answered)])
    #expect(declined.status == 1)
    #expect(declined.stdout.contains("Bob <bob@example.com>      required  declined\n"))
    #expect(declined.stdout.contains("Dave <dave@example.com>    optional  declined\n"))
    #expect(declined.stdout.hasSuffix("Not accepted yet: Bob (declined)\n"))

    // A delegate who has not answered leaves the delegation unsettled.
    var unanswered = answered
    unanswered["bob-later"] = nil
    unanswered["erin"] = nil
    let open = try Run.freetime(["replies", Self.uid, try Self.inbox(unanswered)])
    #expect(open.status == 1)
    #expect(
      open.stdout.contains(
        "  erin@example.com           delegate  no answer (for carol@example.com)\n"),
      "\(open.stdout)")
    #expect(open.stdout.hasSuffix("Not accepted yet: Carol (delegated)\n"))
  }

  /// The same in JSON, read by Python.
  @Test func jsonCarriesTheAnswers() throws {
    let dir = try Self.inbox(Self.answers)
    let run = try Run.freetime(["replies", Self.uid, dir, "--format", "json"])
    #expect(run.status == 1)
    let check = try Run.python(
      """
      import sys, json
      r = json.load(sys.stdin)
      print(r["uid"], r["sequence"], r["complete"], r["start"])
      for a in r["attendees"]:
          stale = a["stale"] and (a["stale"]["answer"], a["stale"]["sequence"])
          print(a["address"], a["required"], a["answer"], a["delegatedTo"], a["delegatedFrom"], a["sequence"], stale)
      """, stdin: run.stdout)
    #expect(
      check.stdout == """
        review-1@example.com 1 False 2026-11-23T16:00:00+01:00
        alice@example.com True accepted [] [] 1 None
        bob@example.com True accepted [] [] 1 None
        carol@example.com True delegated ['erin@example.com'] [] 1 None
        dave@example.com False tentative [] [] 1 None
        atlas@example.com True none [] [] None ('accepted', 0)
        erin@example.com False accepted [] ['carol@example.com'] 1 None

        """, "\(check.stderr)")
  }

  /// Booked, answered, rescheduled: the answers to the first version are stale.
  @Test func rescheduleMakesAnswersStale() throws {
    let dir = try LifecycleTests.team()
    let (uid, _) = try LifecycleTests.book(dir)
    // bob's client answers the first version.
    let answer = Self.calendar(
      method: "REPLY", sequence: 0, stamp: "20261119T090000Z",
      attendees: ["PARTSTAT=ACCEPTED:mailto:bob@example.com"]
    ).replacingOccurrences(of: Self.uid, with: uid)
    try answer.write(toFile: dir + "/bob/reply.ics", atomically: true, encoding: .utf8)
    let before = try Run.freetime(["replies", uid] + LifecycleTests.calendars(dir))
    #expect(before.status == 0, "\(before.stdout)\(before.stderr)")
    #expect(
      before.stdout.contains("bob <bob@example.com>      required  accepted\n"), "\(before.stdout)")

    let moved = try Run.freetime(
      ["book", "--reschedule", uid, "--at", "2026-11-24T10:00", "--tz", "Europe/Prague"]
        + LifecycleTests.calendars(dir) + ["--add-to", "alice", "--add-to", "atlas"])
    #expect(moved.status == 0, "\(moved.stderr)")
    let after = try Run.freetime(
      ["replies", uid] + LifecycleTests.calendars(dir), environment: ["COLUMNS": "1000"])
    #expect(after.status == 1)
    #expect(after.stdout.contains("(SEQUENCE 1)"))
    #expect(
      after.stdout.contains(
        "bob <bob@example.com>      required  no answer (stale: accepted at SEQUENCE 0, \(dir)/bob/reply.ics:5)"
      ), "\(after.stdout)")
    #expect(after.stdout.contains("atlas <atlas@example.com>  room      accepted"))
  }

  /// A UID no file holds is an error (exit 2) naming it.
  @Test func unknownUIDIsAnError() throws {
    let dir = try Self.inbox(Self.answers)
    let run = try Run.freetime(["replies", "other@example.com", dir])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("no meeting with UID other@example.com in the calendars given"))
  }

  /// An all-day meeting is listed (only book refuses one); a meeting whose newest version is a
  /// cancellation says so and exits 1 though everyone accepted; without a room, the last line
  /// does not speak of one.
  @Test func allDayCancelledAndRoomless() throws {
    let attendees = ["PARTSTAT=ACCEPTED:mailto:bob@example.com"]
    var allDay = Self.calendar(
      method: "REQUEST", sequence: 0, stamp: "20261118T100000Z", attendees: attendees)
    allDay = allDay.replacingOccurrences(
      of: "DTSTART:20261123T150000Z\r\nDURATION:PT1H", with: "DTSTART;VALUE=DATE:20261123")
    let listed = try Run.freetime(["replies", Self.uid, try Self.inbox(["invite": allDay])])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("Everyone required accepted."))
    #expect(!listed.stdout.contains("room"))

    let request = Self.calendar(
      method: "REQUEST", sequence: 1, stamp: "20261118T100000Z", attendees: attendees)
    let cancel = Self.calendar(
      method: "CANCEL", sequence: 2, stamp: "20261119T100000Z", attendees: attendees)
    let dir = try Self.inbox(["invite": request, "cancel": cancel])
    let text = try Run.freetime(["replies", Self.uid, dir])
    #expect(text.status == 1)
    #expect(text.stdout.contains("cancelled"))
    let json = try Run.freetime(["replies", Self.uid, dir, "--format", "json"])
    #expect(json.status == 1)
    #expect(json.stdout.contains("\"cancelled\":true"))
  }
}
