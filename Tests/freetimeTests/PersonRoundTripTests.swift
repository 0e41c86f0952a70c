import Foundation
import Testing

/// Issue 26's classes once more, end to end on calendars shaped as their producers write them:
/// a producer's custom zone named by Outlook's working hours or X-WR-TIMEZONE, and exports
/// that read back as the same person however their hours were given.
@Suite struct PersonRoundTripTests {
  static let window = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "America/Los_Angeles"]

  /// Outlook's working hours in a zone only its file defines ("Customized Time Zone", as
  /// Outlook names a custom zone): read in that zone, which is the home zone.
  static let customOutlook = """
    BEGIN:VCALENDAR\r
    PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r
    VERSION:2.0\r
    X-MS-OLK-WKHRDAYS:MO,TU,WE,TH,FR\r
    X-MS-OLK-WKHRSTART;TZID="Customized Time Zone":080000\r
    X-MS-OLK-WKHREND;TZID="Customized Time Zone":170000\r
    BEGIN:VTIMEZONE\r
    TZID:Customized Time Zone\r
    BEGIN:STANDARD\r
    DTSTART:16011104T020000\r
    RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11\r
    TZOFFSETFROM:-0700\r
    TZOFFSETTO:-0800\r
    END:STANDARD\r
    BEGIN:DAYLIGHT\r
    DTSTART:16010311T020000\r
    RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3\r
    TZOFFSETFROM:-0800\r
    TZOFFSETTO:-0700\r
    END:DAYLIGHT\r
    END:VTIMEZONE\r
    BEGIN:VEVENT\r
    UID:m\r
    DTSTAMP:20261101T000000Z\r
    DTSTART;TZID="Customized Time Zone":20261124T100000\r
    DTEND;TZID="Customized Time Zone":20261124T110000\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  @Test func outlookHoursInACustomZone() throws {
    let path = Temp.file(Self.customOutlook, name: "custom-outlook.ics")
    let run = try Run.freetime([path, "--format", "csv"] + Self.window)
    let lines = run.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(51)) }
    #expect(
      lines == [
        "2026-11-23T08:00:00-08:00,2026-11-23T17:00:00-08:00",
        "2026-11-24T08:00:00-08:00,2026-11-24T10:00:00-08:00",
        "2026-11-24T11:00:00-08:00,2026-11-24T17:00:00-08:00",
        "2026-11-25T08:00:00-08:00,2026-11-25T17:00:00-08:00",
        "2026-11-26T08:00:00-08:00,2026-11-26T17:00:00-08:00",
        "2026-11-27T08:00:00-08:00,2026-11-27T17:00:00-08:00",
      ], "\(run.stdout)")
    let json = try Run.freetime([path, "--format", "json"] + Self.window)
    #expect(json.stdout.contains("\"homeZoneFrom\": \"working-hours\""), "\(json.stdout)")
    #expect(!json.stderr.contains("warning"), "\(json.stderr)")
  }

  /// An X-WR-TIMEZONE that names the file's own VTIMEZONE (Thunderbird and Outlook write
  /// localised names) is the home zone, without a warning.
  @Test func xWRTimezoneOfTheFilesOwnZone() throws {
    let text = Self.customOutlook
      .replacingOccurrences(of: "X-MS-OLK-WKHRDAYS:MO,TU,WE,TH,FR\r\n", with: "")
      .replacingOccurrences(
        of: "X-MS-OLK-WKHRSTART;TZID=\"Customized Time Zone\":080000\r\n",
        with: "X-WR-TIMEZONE:Customized Time Zone\r\n"
      )
      .replacingOccurrences(
        of: "X-MS-OLK-WKHREND;TZID=\"Customized Time Zone\":170000\r\n", with: "")
    let path = Temp.file(text, name: "custom-calendar-zone.ics")
    let json = try Run.freetime([path, "--format", "json"] + Self.window)
    #expect(json.stdout.contains("\"homeZone\": \"Customized Time Zone\""), "\(json.stdout)")
    #expect(json.stdout.contains("\"homeZoneFrom\": \"x-wr-timezone\""), "\(json.stdout)")
    #expect(!json.stderr.contains("not a known zone"), "\(json.stderr)")
  }

  /// The export of a person whose hours come from Outlook, the people file (hours or days
  /// alone) or a BUSY-TENTATIVE VAVAILABILITY reads back with the same slots under options that
  /// combine with those hours by their precedence; a zone only the file defines stays the home
  /// zone.
  @Test func exportsKeepHowHoursWereGiven() throws {
    let dir = Temp.directory + "/roundtrip-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Self.customOutlook.write(toFile: dir + "/o.ics", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: Run.fixtures.appendingPathComponent("team/bob.ics").path, toPath: dir + "/b.ics")
    let tentative = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//test//EN\r
      BEGIN:VAVAILABILITY\r
      UID:t\r
      DTSTAMP:20261101T000000Z\r
      BUSYTYPE:BUSY-TENTATIVE\r
      BEGIN:AVAILABLE\r
      UID:t1\r
      DTSTAMP:20261101T000000Z\r
      DTSTART;TZID=Asia/Tokyo:20261102T090000\r
      DTEND;TZID=Asia/Tokyo:20261102T170000\r
      RRULE:FREQ=DAILY\r
      END:AVAILABLE\r
      END:VAVAILABILITY\r
      END:VCALENDAR\r

      """
    try tentative.write(toFile: dir + "/t.ics", atomically: true, encoding: .utf8)
    try """
    [people.o]
    calendars = "o.ics"
    [people.h]
    calendars = "b.ics"
    hours = "09:00-17:00"
    [people.d]
    calendars = "b.ics"
    days = "mon-tue"
    [people.t]
    calendars = "t.ics"
    """.write(toFile: dir + "/people.toml", atomically: true, encoding: .utf8)
    let config = ["--config", dir + "/people.toml"]
    for name in ["o", "h", "d", "t"] {
      let export = try Run.freetime(["busy", name] + config + Self.window)
      #expect(export.status == 0, "\(name): \(export.stderr)")
      let exported = Temp.file(export.stdout, name: "roundtrip-\(name).ics")
      for options in [
        [], ["--days", "wed"], ["--days", "\(name)=mon"], ["--hours", "\(name)=22:00-06:00"],
        ["--hours", "12:00-13:00"], ["--tentative", "free"], ["--no-own-hours"],
      ] {
        let original = try Run.freetime(
          [name] + config + Self.window + options + ["--format", "csv"])
        let back = try Run.freetime(
          ["\(name)=\(exported)", "--no-config"] + Self.window + options + ["--format", "csv"])
        #expect(original.stdout == back.stdout, "\(name) \(options)")
        #expect(!back.stderr.contains("not a known zone"), "\(name) \(options): \(back.stderr)")
      }
    }
  }

  /// `--format freebusy` with no common slot reads back as no slot either.
  @Test func noSlotReadsBackBusy() throws {
    let window = [
      "--from", "2026-11-24T14:00", "--to", "2026-11-24T15:00", "--tz", "Europe/Prague",
    ]
    let run = try Run.freetime(
      ["Fixtures/team/alice.ics", "--format", "freebusy"] + window)
    #expect(run.status == 1)
    let path = Temp.file(run.stdout, name: "no-slot.ics")
    let back = try Run.freetime([path, "--format", "csv"] + window)
    #expect(back.status == 1, "\(back.stdout)")
  }

  /// A zone only the file defines, whose first observance is less than a year before the
  /// window (Outlook 2003 writes the year of the export): the export's VTIMEZONE has one
  /// observance per change of offset, and reads back as the same home zone.
  @Test func aCustomZoneOfRecentObservances() throws {
    let text = """
      BEGIN:VCALENDAR\r
      PRODID:-//Microsoft Corporation//Outlook 11.0 MIMEDIR//EN\r
      VERSION:2.0\r
      BEGIN:VTIMEZONE\r
      TZID:Canberra, Melbourne, Sydney\r
      BEGIN:STANDARD\r
      DTSTART:20260405T030000\r
      RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=4\r
      TZOFFSETFROM:+1100\r
      TZOFFSETTO:+1000\r
      END:STANDARD\r
      BEGIN:DAYLIGHT\r
      DTSTART:20261004T020000\r
      RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=10\r
      TZOFFSETFROM:+1000\r
      TZOFFSETTO:+1100\r
      END:DAYLIGHT\r
      END:VTIMEZONE\r
      BEGIN:VEVENT\r
      UID:s\r
      DTSTAMP:20261101T000000Z\r
      DTSTART;TZID="Canberra, Melbourne, Sydney":20261124T093000\r
      DTEND;TZID="Canberra, Melbourne, Sydney":20261124T094500\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let path = Temp.file(text, name: "outlook-2003-zone.ics")
    let window = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "UTC"]
    let export = try Run.freetime(["busy", "p=\(path)"] + window)
    #expect(export.status == 0, "\(export.stderr)")
    let observances =
      export.stdout.components(separatedBy: "BEGIN:STANDARD").count
      + export.stdout.components(separatedBy: "BEGIN:DAYLIGHT").count - 2
    #expect(observances < 10, "\(observances) observances")
    let exported = Temp.file(export.stdout, name: "outlook-2003-zone-busy.ics")
    for options in [[], ["--hours", "09:00-17:00"]] {
      let original = try Run.freetime(["p=\(path)", "--format", "json"] + window + options)
      let back = try Run.freetime(["p=\(exported)", "--format", "json"] + window + options)
      func summary(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let slots = (object?["slots"] as? [[String: Any]] ?? []).map { "\($0["start"]!)" }
        let calendars = object?["calendars"] as? [[String: Any]] ?? []
        return "\(slots) \(calendars.first?["homeZone"] ?? "none")"
      }
      #expect(try summary(original.stdout) == summary(back.stdout), "\(options)")
    }
  }

  /// A group counts its members for --quorum; suggest's book command names a person given by
  /// NAME=PATH by that argument even when the people file has the name, and a person of the
  /// file by their name.
  @Test func groupsAndBookArguments() throws {
    let (config, dir) = try BookTests.vdirTeam()
    try
      (String(contentsOfFile: config, encoding: .utf8)
      + "\n[groups]\nteam = [\"alice\", \"bob\", \"carol\"]\n")
      .write(toFile: config, atomically: true, encoding: .utf8)
    let window = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]
    let quorum = try Run.freetime(["--config", config, "@team", "--quorum", "2"] + window)
    #expect(quorum.status == 0, "\(quorum.stderr)")
    let tooMany = try Run.freetime(["--config", config, "@team", "--quorum", "4"] + window)
    #expect(tooMany.status == 2)
    #expect(tooMany.stderr.contains("number of required people (3)"), "\(tooMany.stderr)")
    let other = dir + "/other-alice.ics"
    try FileManager.default.copyItem(
      atPath: Run.fixtures.appendingPathComponent("team/carol.ics").path, toPath: other)
    let suggest = try Run.freetime(
      ["suggest", "--config", config, "alice=\(other)", "bob", "--duration", "30m", "--count", "1"]
        + window, environment: ["COLUMNS": "1000"])
    #expect(suggest.status == 0, "\(suggest.stderr)")
    #expect(suggest.stdout.contains("alice=\(other)"), "\(suggest.stdout)")
    #expect(suggest.stdout.contains(" bob"), "\(suggest.stdout)")
  }

  /// Outlook's working hours are read in the zone their TZID names as its events are: the
  /// file's own VTIMEZONE of that name when it differs from the system's (Outlook 2003 keeps
  /// old rules under a known name).
  @Test func outlookHoursInTheFilesOwnDefinition() throws {
    let text = Self.customOutlook.replacingOccurrences(
      of: "Customized Time Zone", with: "America/Los_Angeles"
    ).replacingOccurrences(of: "TZOFFSETTO:-0800", with: "TZOFFSETTO:-0600")
      .replacingOccurrences(of: "TZOFFSETFROM:-0800", with: "TZOFFSETFROM:-0600")
    let path = Temp.file(text, name: "old-rules-outlook.ics")
    let run = try Run.freetime(
      [path, "--format", "csv", "--from", "2026-11-23", "--to", "2026-11-24", "--tz", "UTC"])
    // 08:00-17:00 at -06:00 is 14:00-23:00 UTC (the system's Los Angeles would say 16:00-01:00).
    #expect(
      run.stdout.contains("2026-11-23T14:00:00+00:00,2026-11-23T23:00:00+00:00"), "\(run.stdout)")
  }

  /// Every line of the busy export ends with CRLF, also where libical folds a line at its end.
  @Test func exportLinesEndWithCRLF() throws {
    let (config, _) = try BookTests.vdirTeam()
    try
      (String(contentsOfFile: config, encoding: .utf8)
      .replacingOccurrences(of: "[people.bob]\n", with: "[people.bob]\nhours = \"09:00-17:00\"\n"))
      .write(toFile: config, atomically: true, encoding: .utf8)
    let export = try Run.freetime(
      ["busy", "--config", config, "bob", "--from", "2026-11-23", "--to", "2026-11-28"])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("X-FREETIME-DERIVED"))
    #expect(!export.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }
}
