import Foundation
import Testing

/// What real producers put outside RFC 5545's core (Fixtures/producers/README.md): the owner's
/// replies and Outlook's show-as decide what blocks, and `freetime busy` types it.
@Suite struct ProducerTests {
  let week = ["--from", "2026-11-23", "--to", "2026-11-27", "--tz", "UTC"]

  /// The FREEBUSY lines `freetime busy` writes for a calendar.
  func exported(_ calendar: String) throws -> [String] {
    let run = try Run.freetime(["busy", calendar] + week)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\r\n").map(String.init).filter {
      $0.hasPrefix("FREEBUSY")
    }
  }

  @Test func googleOwnersRepliesDecide() throws {
    #expect(
      try exported("Fixtures/producers/google-replies.ics") == [
        "FREEBUSY;FBTYPE=BUSY:20261123T150000Z/20261123T160000Z",
        "FREEBUSY;FBTYPE=BUSY:20261125T080000Z/20261125T090000Z",
        "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261123T110000Z/20261123T120000Z",
        "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261123T130000Z/20261123T140000Z",
      ])
  }

  @Test func outlookShowAsDecides() throws {
    #expect(
      try exported("Fixtures/producers/outlook-show-as.ics") == [
        "FREEBUSY;FBTYPE=BUSY:20261126T080000Z/20261126T090000Z",
        "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261123T110000Z/20261123T120000Z",
        // The all-day out-of-office day is read in Gina's home zone, Europe/Berlin (the zone
        // her events name; the file has no X-WR-TIMEZONE), not in --tz UTC.
        "FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:20261123T230000Z/20261124T230000Z",
      ])
  }

  /// Tentative replies and show-as follow `--tentative`; JSON names the owner.
  @Test func tentativeFollowsTheOptionAndJSONNamesTheOwner() throws {
    let run = try Run.freetime(
      ["Fixtures/producers/google-replies.ics", "--format", "json", "--tentative", "free"] + week)
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""owner": "erin.owner@example.com""#))
    #expect(
      run.stdout.contains(
        #""start": "2026-11-23T00:00:00+00:00", "end": "2026-11-23T15:00:00+00:00""#))
  }

  /// `--owner` wins over X-WR-CALNAME: now Frank's replies count, and he declined the meeting
  /// Erin organised.
  @Test func ownerOptionWins() throws {
    let run = try Run.freetime(
      [
        "Fixtures/producers/google-replies.ics", "--format", "json",
        "--owner", "google-replies=MAILTO:Frank@example.com",
      ] + week)
    #expect(run.stdout.contains(#""owner": "frank@example.com""#))
    #expect(run.stdout.contains(#""end": "2026-11-23T09:00:00+00:00""#))
    #expect(!run.stdout.contains(#""end": "2026-11-23T15:00:00+00:00""#))
    let unknown = try Run.freetime(
      ["Fixtures/producers/google-replies.ics", "--owner", "nobody=a@b.c"] + week)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--owner names 'nobody', but no calendar has that name"))
  }

  /// Without an owner address, `check` says that replies cannot be read.
  @Test func checkNotesCalendarsWithoutAnOwner() throws {
    let text = try String(
      contentsOfFile: Run.fixtures.appendingPathComponent("producers/google-replies.ics").path,
      encoding: .utf8
    ).replacingOccurrences(of: "X-WR-CALNAME:erin.owner@example.com\r\n", with: "")
    let run = try Run.freetime(["check", Temp.file(text)])
    #expect(run.stdout.contains("the owner's replies cannot be read"))
  }

  /// `--explain` names the events only the owner's reply freed (each once per slot), and says
  /// which bounding events are tentative or out of office.
  @Test func explainNamesRepliesAndShowAs() throws {
    // A wide terminal: each explanation on one line (docs/GUIDE.md, Displays).
    let replies = try Run.freetime(
      ["Fixtures/producers/google-replies.ics", "--explain"] + week,
      environment: ["COLUMNS": "1000"])
    #expect(
      replies.stdout.contains(
        """
            before: google-replies — tentative — Maybe (Fixtures/producers/google-replies.ics:23, UID tentative-1@google.com)
            freed: google-replies — declined — Declined sync (Fixtures/producers/google-replies.ics:8, UID declined-1@google.com)

        """), "\(replies.stdout)")
    // The accepted instance of the declined series blocks; the other instances are freed.
    #expect(
      replies.stdout.components(
        separatedBy: "freed: google-replies — declined — Declined standup ("
      ).count == 3)
    let json = try Run.freetime(
      ["Fixtures/producers/google-replies.ics", "--explain", "--format", "json"] + week)
    #expect(
      json.stdout.contains(
        #""freed": [{"kind": "event", "person": "google-replies", "status": "declined", "file": "Fixtures/producers/google-replies.ics", "line": 8"#
      ))
    let showAs = try Run.freetime(
      [
        "Fixtures/producers/outlook-show-as.ics", "--explain", "--tz", "Europe/Berlin", "--from",
        "2026-11-23", "--to", "2026-11-27",
      ], environment: ["COLUMNS": "1000"])
    #expect(
      showAs.stdout.contains(
        "before: outlook-show-as — out of office — Vacation (Fixtures/producers/outlook-show-as.ics:49"
      ), "\(showAs.stdout)")
  }

  /// The timeline draws out-of-office time apart from other busy time.
  @Test func timelineDrawsOutOfOffice() throws {
    let run = try Run.freetime(
      [
        "Fixtures/producers/outlook-show-as.ics", "--format", "timeline", "--hours", "08:00-18:00",
        "--from", "2026-11-24", "--to", "2026-11-25", "--tz", "Europe/Berlin",
      ])
    #expect(run.stdout.contains("outlook-sho… " + String(repeating: "▓", count: 40) + "\n"))
    #expect(run.stdout.contains("█ busy  ▓ out of office  ▒ tentative"))
  }

  /// Outlook's working hours (X-MS-OLK-WKHR*: 07:00-15:00 Monday to Thursday in Berlin) are the
  /// person's own: they beat the general --hours, and --hours NAME= beats them (keeping their
  /// days).
  @Test func outlookWorkingHoursAreThePersons() throws {
    func slots(_ extra: [String]) throws -> [String] {
      let run = try Run.freetime(
        [
          "Fixtures/producers/outlook-working-hours.ics", "--from", "2026-11-23", "--to",
          "2026-11-28", "--tz", "UTC", "--format", "csv",
        ] + extra)
      return run.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(42)) }
    }
    #expect(
      try slots(["--hours", "09:00-17:00"]) == [
        "2026-11-23T06:00:00+00:00,2026-11-23T14:00", "2026-11-24T06:00:00+00:00,2026-11-24T08:00",
        "2026-11-24T09:00:00+00:00,2026-11-24T14:00", "2026-11-25T06:00:00+00:00,2026-11-25T14:00",
        "2026-11-26T06:00:00+00:00,2026-11-26T14:00",
      ])
    #expect(
      try slots(["--hours", "outlook-working-hours=10:00-12:00"]) == [
        "2026-11-23T09:00:00+00:00,2026-11-23T11:00", "2026-11-24T09:00:00+00:00,2026-11-24T11:00",
        "2026-11-25T09:00:00+00:00,2026-11-25T11:00", "2026-11-26T09:00:00+00:00,2026-11-26T11:00",
      ])
    // Without --hours they limit too; --no-own-hours leaves them out.
    #expect(try slots([]) == slots(["--hours", "09:00-17:00"]))
    #expect(try slots(["--no-own-hours"]).count == 2)
  }

  /// An Outlook working-hours line that cannot be read is a warning, and none of them counts.
  @Test func unreadableOutlookHoursWarn() throws {
    let text = try String(
      contentsOf: Run.fixtures.appendingPathComponent("producers/outlook-working-hours.ics"),
      encoding: .utf8
    ).replacingOccurrences(of: "X-MS-OLK-WKHRDAYS:MO,TU,WE,TH", with: "X-MS-OLK-WKHRDAYS:XX,YY")
    let path = Temp.file(text, name: "garbled-hours.ics")
    let run = try Run.freetime(["check", path])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "garbled-hours.ics:9: warning: X-MS-OLK-WKHRDAYS 'XX,YY' does not name weekdays"))
    #expect(!run.stdout.contains("from Outlook's working hours"))
    let readable = try Run.freetime(["check", "Fixtures/producers/outlook-working-hours.ics"])
    #expect(
      readable.stdout.contains(
        "note: working hours 07:00-15:00 mon-thu in Europe/Berlin, from Outlook's working hours"),
      "\(readable.stdout)")
  }
}
