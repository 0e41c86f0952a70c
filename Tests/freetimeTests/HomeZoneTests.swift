import Foundation
import Testing

/// The home zone (docs/GUIDE.md, What is busy: the home zone): `--zone`, the people file,
/// X-WR-TIMEZONE, the zone of the person's own working hours, the zone most of their own timed
/// events name, the zone most of their timed events name, else `--tz`. All-day events, floating
/// times and working hours are read in it.
@Suite struct HomeZoneTests {
  let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "America/New_York"]

  /// A calendar of events, each DTSTART written as given (a TZID'd time, a DATE, …).
  func calendar(_ starts: [String], header: String = "") -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\(header)"
    for (i, start) in starts.enumerated() {
      text += "BEGIN:VEVENT\r\nUID:e\(i)\r\nDTSTAMP:20261101T000000Z\r\n\(start)\r\n"
      if !start.contains("VALUE=DATE") { text += "DURATION:PT1H\r\n" }
      text += "END:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  /// The `homeZone` and `homeZoneFrom` of each calendar in the JSON of a run.
  func homes(_ arguments: [String]) throws -> [String] {
    let run = try Run.freetime(arguments + week + ["--format", "json"])
    let check = try Run.python(
      """
      import json, sys
      for c in json.load(sys.stdin)["calendars"]:
          print(c["name"], c["homeZone"], c["homeZoneFrom"])
      """, stdin: run.stdout)
    return check.stdout.split(separator: "\n").map(String.init)
  }

  /// The FREEBUSY lines `freetime busy` writes.
  func exported(_ arguments: [String]) throws -> [String] {
    let run = try Run.freetime(["busy"] + arguments + week)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\r\n").map(String.init).filter {
      $0.hasPrefix("FREEBUSY")
    }
  }

  /// Thunderbird writes its owner's zone only in TZIDs: the Osaka trip is a Tokyo day and the
  /// floating dentist appointment is at 18:00 in Tokyo, also when viewed from New York.
  /// Without a tz database (`TZDIR` empty, or no tzdata), system zones come from ICU's copy:
  /// the same slots for the team, in their zones and in other ones named every way.
  @Test(arguments: [
    "Europe/Prague", "America/New_York", "Asia/Calcutta", "PST", "GMT+0530",
    "W. Europe Standard Time",
  ])
  func zonesWithoutATzDatabase(zone: String) throws {
    let empty = NSTemporaryDirectory() + "freetime-no-tzdata-\(getpid())"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
    let arguments =
      team + [
        "--from", "2026-03-02", "--to", "2026-11-02", "--tz", zone,
        "--format", "json",
      ]
    let system = try Run.freetime(arguments)
    let icu = try Run.freetime(arguments, environment: ["TZDIR": empty])
    #expect(system.status == 0 && system.stdout.contains("\"slots\""))
    #expect(icu.status == system.status && icu.stdout == system.stdout, "\(icu.stderr)")
    // Without either, a zone name is unknown.
    let unknown = try Run.freetime(
      team + ["--tz", "Europe/Nowhere"], environment: ["TZDIR": empty])
    #expect(unknown.status == 2)
  }

  @Test func thunderbirdCalendarIsReadInItsOwnersZone() throws {
    #expect(
      try exported(["Fixtures/producers/thunderbird-home-zone.ics"]) == [
        "FREEBUSY;FBTYPE=BUSY:20261123T080000Z/20261123T090000Z",
        "FREEBUSY;FBTYPE=BUSY:20261124T003000Z/20261124T004500Z",
        "FREEBUSY;FBTYPE=BUSY:20261124T150000Z/20261125T150000Z",
        "FREEBUSY;FBTYPE=BUSY:20261126T003000Z/20261126T004500Z",
        "FREEBUSY;FBTYPE=BUSY:20261126T090000Z/20261126T100000Z",
        "FREEBUSY;FBTYPE=BUSY:20261127T003000Z/20261127T004500Z",
        "FREEBUSY;FBTYPE=BUSY:20261127T030000Z/20261127T040000Z",
      ])
    #expect(
      try homes(["Fixtures/producers/thunderbird-home-zone.ics"]) == [
        "thunderbird-home-zone Asia/Tokyo own-events"
      ])
  }

  /// Working hours are the owner's: Outlook names Berlin as "W. Europe Standard Time", and
  /// 09:00 in Berlin is 03:00 in New York.
  @Test func workingHoursApplyInTheHomeZone() throws {
    let run = try Run.freetime(
      ["Fixtures/producers/outlook-show-as.ics", "--hours", "09:00-17:00", "--format", "json"]
        + week)
    #expect(
      run.stdout.contains(
        #"{"start": "2026-11-23T03:00:00-05:00", "end": "2026-11-23T06:00:00-05:00""#),
      "\(run.stdout)")
  }

  /// --zone beats X-WR-TIMEZONE, which beats the events; without all three, --tz.
  @Test func whichZoneWins() throws {
    let tokyo = ["DTSTART;TZID=Asia/Tokyo:20261124T100000"]
    let withHeader = Temp.file(
      calendar(tokyo, header: "X-WR-TIMEZONE:America/Chicago\r\n"), name: "header.ics")
    let plain = Temp.file(calendar(tokyo), name: "plain.ics")
    let utc = Temp.file(calendar(["DTSTART:20261124T100000Z"]), name: "utc.ics")
    #expect(
      try homes([withHeader, plain, utc]) == [
        "header America/Chicago x-wr-timezone", "plain Asia/Tokyo own-events",
        "utc America/New_York tz",
      ])
    #expect(
      try homes([withHeader, plain, "--zone", "header=Europe/Rome", "--zone", "plain=UTC"]) == [
        "header Europe/Rome option", "plain UTC option",
      ])
  }

  /// An Outlook user in Los Angeles whose calendar is mostly invitations from London: his
  /// working hours' zone decides; without them, his own meetings (those he organises, or
  /// without an ORGANIZER) outvote the invitations.
  @Test func ownHoursAndOwnEventsBeatInvitations() throws {
    func event(_ i: Int, zone: String, organizer: String) -> String {
      "BEGIN:VEVENT\r\nUID:i\(i)\r\nDTSTAMP:20261101T000000Z\r\n"
        + "DTSTART;TZID=\"\(zone)\":2026112\(3 + i % 5)T100000\r\nDURATION:PT1H\r\n"
        + "ORGANIZER:mailto:\(organizer)\r\nEND:VEVENT\r\n"
    }
    var body = (0..<5).map { event($0, zone: "GMT Standard Time", organizer: "lo@example.com") }
      .joined()
    body += (5..<7).map { event($0, zone: "Pacific Standard Time", organizer: "sam@example.com") }
      .joined()
    let head =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r\nX-OWNER;CN=Sam:mailto:sam@example.com\r\n"
    let hours =
      "X-MS-OLK-WKHRSTART;TZID=\"Pacific Standard Time\":080000\r\nX-MS-OLK-WKHREND;TZID=\"Pacific Standard Time\":170000\r\nX-MS-OLK-WKHRDAYS:MO,TU,WE,TH,FR\r\n"
    let withHours = Temp.file(head + hours + body + "END:VCALENDAR\r\n", name: "sam.ics")
    let own = Temp.file(head + body + "END:VCALENDAR\r\n", name: "own.ics")
    let nobody = Temp.file(
      head.replacingOccurrences(of: "X-OWNER;CN=Sam:mailto:sam@example.com\r\n", with: "") + body
        + "END:VCALENDAR\r\n", name: "nobody.ics")
    #expect(
      try homes([withHours, own, nobody]) == [
        "sam America/Los_Angeles working-hours", "own America/Los_Angeles own-events",
        "nobody Europe/London events",
      ])
  }

  /// A VAVAILABILITY's zone is the zone of the person's own working hours.
  @Test func availabilityZone() throws {
    let text = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//test//EN\r
      BEGIN:VAVAILABILITY\r
      UID:a\r
      DTSTAMP:20261101T000000Z\r
      BEGIN:AVAILABLE\r
      UID:a1\r
      DTSTAMP:20261101T000000Z\r
      DTSTART;TZID=America/Chicago:20261102T090000\r
      DTEND;TZID=America/Chicago:20261102T170000\r
      RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r
      END:AVAILABLE\r
      END:VAVAILABILITY\r
      BEGIN:VEVENT\r
      UID:e\r
      DTSTAMP:20261101T000000Z\r
      DTSTART;TZID=Asia/Tokyo:20261124T100000\r
      DURATION:PT1H\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    #expect(
      try homes([Temp.file(text, name: "avail.ics")]) == ["avail America/Chicago working-hours"])
  }

  /// The zone named most wins; a Windows name counts as its IANA zone; a tie goes to the zone
  /// seen first.
  @Test func votesCountZonesNotSpellings() throws {
    let paris = "DTSTART;TZID=Europe/Paris:20261124T100000"
    let tokyo = "DTSTART;TZID=Asia/Tokyo:20261124T100000"
    let windowsTokyo = "DTSTART;TZID=Tokyo Standard Time:20261124T100000"
    let merged = Temp.file(
      calendar([paris, paris, tokyo, windowsTokyo, windowsTokyo]), name: "merged.ics")
    let tie = Temp.file(calendar([paris, tokyo]), name: "tie.ics")
    let tieSwapped = Temp.file(calendar([tokyo, paris]), name: "swapped.ics")
    let dateOnly = Temp.file(
      calendar(["DTSTART;VALUE=DATE:20261124", "DTSTART:20261124T100000"]), name: "dates.ics")
    // A link counts as the zone it links to, and is reported by that zone's name.
    let london = "DTSTART;TZID=Europe/London:20261124T100000"
    let links = Temp.file(
      calendar([
        london, london, "DTSTART;TZID=Asia/Calcutta:20261124T100000",
        "DTSTART;TZID=Asia/Kolkata:20261124T100000",
        "DTSTART;TZID=India Standard Time:20261124T100000",
      ]), name: "links.ics")
    #expect(
      try homes([merged, tie, tieSwapped, dateOnly, links]) == [
        "merged Asia/Tokyo own-events", "tie Europe/Paris own-events",
        "swapped Asia/Tokyo own-events",
        "dates America/New_York tz", "links Asia/Kolkata own-events",
      ])
  }

  /// A vdir holds one event per file: an all-day event alone in its file is read in the zone the
  /// person's other files name.
  @Test func allFilesOfAPersonVote() throws {
    let name = "vdir-\(UUID().uuidString)"
    let dir = Temp.directory + "/" + name
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = Temp.file(calendar(["DTSTART;VALUE=DATE:20261125"]), name: name + "/a.ics")
    for file in ["b", "c"] {
      _ = Temp.file(
        calendar(["DTSTART;TZID=Asia/Tokyo:20261126T100000"]),
        name: name + "/\(file).ics")
    }
    #expect(
      try exported(["tomo=" + dir]) == [
        "FREEBUSY;FBTYPE=BUSY:20261124T150000Z/20261125T150000Z",
        "FREEBUSY;FBTYPE=BUSY:20261126T010000Z/20261126T020000Z",
      ])
  }

  /// `check` says which zone was chosen and why.
  @Test func checkNotesTheChoice() throws {
    let run = try Run.freetime(["check", "Fixtures/producers/thunderbird-home-zone.ics"])
    #expect(
      run.stdout.hasPrefix(
        "Fixtures/producers/thunderbird-home-zone.ics: note: home zone Asia/Tokyo, the zone 2 of the 3 timed events of the person's own (organised by them, or without an ORGANIZER) with a known TZID name (no X-WR-TIMEZONE, no working hours); all-day events, floating times and working hours are read in it\n"
      ), "\(run.stdout)")
  }
}
