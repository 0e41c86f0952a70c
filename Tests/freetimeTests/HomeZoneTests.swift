import Foundation
import Testing

/// The home zone (README, Time zones): `--zone`, else X-WR-TIMEZONE, else the zone most of the
/// calendar's timed DTSTARTs name, else `--tz`. All-day events, floating times and working
/// hours are read in it.
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
        "thunderbird-home-zone Asia/Tokyo events"
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
        "header America/Chicago x-wr-timezone", "plain Asia/Tokyo events",
        "utc America/New_York tz",
      ])
    #expect(
      try homes([withHeader, plain, "--zone", "header=Europe/Rome", "--zone", "plain=UTC"]) == [
        "header Europe/Rome option", "plain UTC option",
      ])
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
    #expect(
      try homes([merged, tie, tieSwapped, dateOnly]) == [
        "merged Asia/Tokyo events", "tie Europe/Paris events", "swapped Asia/Tokyo events",
        "dates America/New_York tz",
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
        "Fixtures/producers/thunderbird-home-zone.ics: note: home zone Asia/Tokyo, the zone 2 of the 3 timed events with a known TZID name (no X-WR-TIMEZONE); all-day events, floating times and working hours are read in it\n"
      ), "\(run.stdout)")
  }
}
