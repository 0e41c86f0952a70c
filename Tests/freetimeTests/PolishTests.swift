import Foundation
import Testing

/// Rough edges a person meets, each a class (docs/GUIDE.md): URLs in the people file, tidy paths,
/// refusals that name what the time is, advice only when it helps, replies without attendees
/// and with zones, series across a DST gap or fold, and check's repeated notes.
@Suite struct PolishTests {
  /// A people file with `text` in a fresh temporary directory; its path.
  static func peopleFile(_ text: String) throws -> String {
    let directory = NSTemporaryDirectory() + "polish-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/ppl.toml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let urls = """
    [people.zed]
    calendars = "https://example.com/z.ics"

    [people.yan]
    calendars = ["webcal://example.com/y.ics"]

    [rooms.atlas]
    calendar = "http://example.com/atlas.ics"
    """

  /// `people` shows a URL as written, marked as a URL, never as a missing path.
  @Test func peopleShowsAURLUnchanged() throws {
    let config = try Self.peopleFile(Self.urls)
    let run = try Run.freetime(["people", "--config", config], environment: ["COLUMNS": "1000"])
    #expect(run.status == 0, "\(run.stderr)")
    for url in [
      "https://example.com/z.ics", "webcal://example.com/y.ics", "http://example.com/atlas.ics",
    ] {
      #expect(run.stdout.contains("\(url)  (URL"), "\(run.stdout)")
    }
    #expect(!run.stdout.contains("missing"), "\(run.stdout)")
    let json = try Run.freetime(["people", "--config", config, "--format", "json"])
    #expect(json.stdout.contains("\"path\": \"https://example.com/z.ics\""), "\(json.stdout)")
  }

  /// A URL in the people file gets the advice a URL argument gets, naming the person (or room)
  /// and the file's line, in every command that reads it.
  @Test(arguments: [
    (["zed"], "people.zed", 2, "zed.ics"),
    (["yan"], "people.yan", 5, "yan.ics"),
    (["Fixtures/team/alice.ics", "--room", "atlas"], "rooms.atlas", 8, "atlas.ics"),
  ])
  func aURLInThePeopleFileGetsAdvice(arguments: [String], key: String, line: Int, file: String)
    throws
  {
    let config = try Self.peopleFile(Self.urls)
    let commands: [(String?, [String])] = [
      (nil, ["--from", "2026-11-24"]), ("suggest", ["--duration", "1h"]),
      ("busy", ["--from", "2026-11-24"]), ("check", []),
    ]
    // busy and check take no --room.
    for (command, options) in commands
    where command == nil || command == "suggest" || !key.hasPrefix("rooms") {
      let run = try Run.freetime(
        (command.map { [$0] } ?? []) + ["--config", config] + arguments + options)
      #expect(run.status == 2, "\(command) \(run.stderr)")
      #expect(run.stderr.contains("\(config):\(line): \(key)"), "\(command) \(run.stderr)")
      #expect(run.stderr.contains("curl -fsSL -o \(file)"), "\(command) \(run.stderr)")
      #expect(!run.stderr.contains("no such file"), "\(command) \(run.stderr)")
    }
  }

  /// Paths are printed tidy: the people file's, its calendars', the arguments' in JSON and in
  /// check's lines.
  @Test func pathsArePrintedTidy() throws {
    let people = try Run.freetime(
      ["people", "--config", "Fixtures/rooms/../rooms/./config.toml"],
      environment: ["COLUMNS": "1000"])
    #expect(people.status == 0, "\(people.stderr)")
    #expect(
      people.stdout.hasPrefix("People file: Fixtures/rooms/config.toml\n"), "\(people.stdout)")
    #expect(people.stdout.contains("    Fixtures/team/alice.ics  (file)"), "\(people.stdout)")
    let absolute = FileManager.default.currentDirectoryPath + "/Fixtures//team/../team/bob.ics"
    let json = try Run.freetime(
      [
        "Fixtures/./team//alice.ics", "carol=Fixtures/team/../team/carol.ics", absolute,
        "--from", "2026-11-24", "--to", "2026-11-25", "--format", "json",
      ])
    #expect(json.stdout.contains("\"source\": \"Fixtures/team/alice.ics\""), "\(json.stdout)")
    #expect(json.stdout.contains("\"source\": \"carol=Fixtures/team/carol.ics\""), "\(json.stdout)")
    #expect(json.stdout.contains("\"source\": \"Fixtures/team/bob.ics\""), "\(json.stdout)")
    let check = try Run.freetime(["check", "Fixtures/bad/../producers//outlook-show-as.ics"])
    #expect(check.stdout.contains("Fixtures/producers/outlook-show-as.ics"), "\(check.stdout)")
    #expect(!check.stdout.contains("//") && !check.stdout.contains(".."), "\(check.stdout)")
    let directory = try Run.freetime(["check", "Fixtures/producers/./"])
    #expect(
      directory.stdout.contains("\nFixtures/producers/google-replies.ics:"), "\(directory.stdout)")
    #expect(!directory.stdout.contains("./"), "\(directory.stdout)")
  }

  static let away = "Fixtures/producers/outlook-show-as.ics"
  static let bob = "Fixtures/team/bob.ics"

  /// A day of out-of-office time (an OOF vacation) is called so, and a shorter meeting is not
  /// offered as a way out of it.
  @Test func outOfOfficeThroughoutIsNamed() throws {
    let window = ["--from", "2026-11-24", "--to", "2026-11-25"]
    let slots = try Run.freetime(
      [Self.away, Self.bob, "--explain"] + window, environment: ["COLUMNS": "1000"])
    #expect(
      slots.stdout.contains("outlook-show-as is out of office throughout the window"),
      "\(slots.stdout)")
    let suggest = try Run.freetime(
      ["suggest", Self.away, Self.bob, "--duration", "1h"] + window,
      environment: ["COLUMNS": "1000"])
    #expect(suggest.status == 1)
    #expect(suggest.stderr.contains("is out of office throughout the window"), "\(suggest.stderr)")
    #expect(!suggest.stderr.contains("busy throughout"), "\(suggest.stderr)")
    #expect(!suggest.stderr.contains("shorter --duration"), "\(suggest.stderr)")
  }

  /// A window the calendar does not cover (X-CALSTART/X-CALEND) is called not covered, with the
  /// time it covers as people read it, and only the advice that helps; no room is mentioned
  /// when none is given.
  @Test func timeNotCoveredIsNamed() throws {
    let window = ["--from", "2026-12-01", "--to", "2026-12-03", "--tz", "UTC"]
    let covered = "Mon 2026-11-23 00:00 – Mon 2026-11-30 00:00 UTC"
    let suggest = try Run.freetime(
      ["suggest", Self.away, Self.bob, "--duration", "1h"] + window,
      environment: ["COLUMNS": "1000"])
    #expect(suggest.status == 1)
    #expect(
      suggest.stderr.contains(
        "outlook-show-as is not covered by the calendar throughout the window"),
      "\(suggest.stderr)")
    #expect(suggest.stderr.contains(covered), "\(suggest.stderr)")
    #expect(suggest.stderr.contains("--unknown free"), "\(suggest.stderr)")
    for useless in ["busy throughout", "shorter --duration", "longer window", "20261123T"] {
      #expect(!suggest.stderr.contains(useless), "\(suggest.stderr)")
    }
    let slots = try Run.freetime(
      [Self.away, "--explain"] + window, environment: ["COLUMNS": "1000"])
    #expect(slots.stdout.contains("not covered by the calendar"), "\(slots.stdout)")
    #expect(!slots.stdout.contains("room"), "\(slots.stdout)")
    // The coverage warning and check's note read the same way.
    #expect(slots.stderr.contains(covered), "\(slots.stderr)")
    let check = try Run.freetime(["check", Self.away, "--tz", "UTC"])
    #expect(check.stdout.contains(covered), "\(check.stdout)")
  }

  /// A wider window is offered only when the hours meet long enough in one: never for two
  /// people whose hours overlap 30 minutes every day (their clocks change on the same dates),
  /// but for a weekend when their days are weekdays.
  @Test func aWiderWindowOnlyWhenItHelps() throws {
    let config = try Self.peopleFile(
      """
      [people.alice]
      calendars = "\(FileManager.default.currentDirectoryPath)/Fixtures/team/alice.ics"
      zone = "Europe/Prague"
      hours = "09:00-17:00"
      days = "mon-fri"

      [people.carol]
      calendars = "\(FileManager.default.currentDirectoryPath)/Fixtures/team/carol.ics"
      zone = "Europe/London"
      hours = "15:30-18:00"
      days = "mon-fri"
      """)
    let never = try Run.freetime(
      [
        "suggest", "--config", config, "alice", "carol", "--duration", "1h", "--from",
        "2026-11-23", "--to", "2026-11-25",
      ], environment: ["COLUMNS": "1000"])
    #expect(never.status == 1)
    #expect(never.stderr.contains("no common stretch of 1h"), "\(never.stderr)")
    #expect(!never.stderr.contains("wider window"), "\(never.stderr)")
    let weekend = try Run.freetime(
      [
        "suggest", "--config", config, "alice", "carol", "--duration", "15m", "--from",
        "2026-11-28", "--to", "2026-11-30",
      ], environment: ["COLUMNS": "1000"])
    #expect(weekend.status == 1)
    #expect(weekend.stderr.contains("a wider window (--from, --to)"), "\(weekend.stderr)")
  }

  /// A meeting without attendees has no one to answer; its time is labelled with its zone.
  @Test func repliesWithoutAttendeesAndWithAZone() throws {
    let directory = NSTemporaryDirectory() + "polish-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n"
      + "UID:alone@example.com\r\nDTSTAMP:20261118T100000Z\r\n"
      + "DTSTART;TZID=Europe/Prague:20261124T100000\r\nDURATION:PT1H\r\nSUMMARY:Alone\r\n"
      + "ORGANIZER:mailto:alice@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    try text.write(toFile: directory + "/alone.ics", atomically: true, encoding: .utf8)
    let run = try Run.freetime(
      ["replies", "alone@example.com", directory + "/alone.ics", "--tz", "Europe/London"],
      environment: ["COLUMNS": "1000"])
    #expect(!run.stdout.contains("Everyone required accepted"), "\(run.stdout)")
    #expect(run.stdout.contains("no attendees"), "\(run.stdout)")
    #expect(run.stdout.contains("Tue 2026-11-24 09:00 Europe/London"), "\(run.stdout)")
  }

  /// A series whose later occurrence falls in a DST gap says so once, naming the date and the
  /// time it takes; an --until in a gap is warned about as --from is.
  @Test func aSeriesAcrossAGapSaysSo() throws {
    let base = [
      "book", "--at", "2027-03-07T02:30", "--tz", "America/New_York", "--duration", "30m",
      "--title", "X", "--repeat", "weekly", "a@example.com=\(Self.bob)",
    ]
    let count = try Run.freetime(base + ["--occurrences", "3"], environment: ["COLUMNS": "1000"])
    #expect(count.status == 0, "\(count.stderr)")
    #expect(count.stderr.contains("the occurrence on Sun 2027-03-14"), "\(count.stderr)")
    #expect(count.stderr.contains("it starts at 03:30"), "\(count.stderr)")
    #expect(count.stderr.components(separatedBy: "clocks skip").count == 2, "\(count.stderr)")
    let until = try Run.freetime(
      base + ["--until", "2027-03-14T02:30"], environment: ["COLUMNS": "1000"])
    #expect(
      until.stderr.contains("--until 2027-03-14T02:30 does not exist in America/New_York"),
      "\(until.stderr)")
  }

  /// A wall-clock time the clocks pass twice is warned about: which is taken, and how to give
  /// the other.
  @Test func aTimeThatHappensTwiceIsSaid() throws {
    let run = try Run.freetime(
      [
        "book", "--at", "2027-10-31T02:30", "--tz", "Europe/Berlin", "--duration", "30m",
        "--title", "X", "a@example.com=\(Self.bob)",
      ], environment: ["COLUMNS": "1000"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains("--at 2027-10-31T02:30 happens twice in Europe/Berlin"), "\(run.stderr)")
    #expect(run.stderr.contains("02:30 (UTC+2)"), "\(run.stderr)")
    #expect(run.stderr.contains("--at 2027-10-31T02:30+01:00 for the second"), "\(run.stderr)")
    let series = try Run.freetime(
      [
        "book", "--at", "2027-10-24T02:30", "--tz", "Europe/Berlin", "--duration", "30m",
        "--title", "X", "--repeat", "weekly", "--occurrences", "3", "a@example.com=\(Self.bob)",
      ], environment: ["COLUMNS": "1000"])
    #expect(series.status == 0, "\(series.stderr)")
    #expect(
      series.stderr.contains(
        "the occurrence on Sun 2027-10-31 falls in the hour Europe/Berlin's clocks pass twice; it starts at the first pass, 02:30 (UTC+2)"
      ), "\(series.stderr)")
    let slots = try Run.freetime(
      [Self.bob, "--from", "2027-10-31T02:30", "--tz", "Europe/Berlin"],
      environment: ["COLUMNS": "1000"])
    #expect(slots.stderr.contains("--from 2027-10-31T02:30 happens twice"), "\(slots.stderr)")
  }

  /// check: a TZID used only on UTC times gets no zone note; a note repeated in one file is
  /// shown a few times, then summed up, and still counted.
  @Test func checkNotesAreNotRepeatedOrContradictory() throws {
    let directory = NSTemporaryDirectory() + "polish-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    text +=
      "BEGIN:VEVENT\r\nUID:utc@example.com\r\nDTSTAMP:20261118T100000Z\r\n"
      + "DTSTART;TZID=Europe/Berlin:20261124T090000Z\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
    for i in 0..<20 {
      text +=
        "BEGIN:VEVENT\r\nUID:r\(i)@example.com\r\nDTSTAMP:20261118T100000Z\r\n"
        + "DTSTART:202611\(10 + i)T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
    }
    text += "END:VCALENDAR\r\n"
    let path = directory + "/many.ics"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try Run.freetime(["check", path], environment: ["COLUMNS": "1000"])
    #expect(run.stdout.contains("is read as UTC and the TZID is ignored"), "\(run.stdout)")
    #expect(!run.stdout.contains("has no VTIMEZONE"), "\(run.stdout)")
    let lines = run.stdout.split(separator: "\n").filter { $0.contains("recurs without an end") }
    #expect(lines.count == 6, "\(run.stdout)")
    #expect(lines.last?.contains("… and 15 more like it") == true, "\(run.stdout)")
    #expect(run.stderr.contains("21 notes") || run.stderr.contains("22 notes"), "\(run.stderr)")
  }

  /// check on a vdir: a note each of its files gives is shown a few times for the calendar,
  /// then summed up naming the directory, and still counted; one file's repeats name the file.
  @Test func checkSumsUpANoteAcrossADirectorysFiles() throws {
    let directory = NSTemporaryDirectory() + "polish-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for i in 0..<12 {
      let text =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n"
        + "UID:r\(i)@example.com\r\nDTSTAMP:20261118T100000Z\r\n"
        + "DTSTART:202611\(10 + i)T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=YEARLY\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"
      try text.write(
        toFile: directory + "/r\(10 + i).ics", atomically: true, encoding: .utf8)
    }
    let run = try Run.freetime(["check", directory], environment: ["COLUMNS": "1000"])
    let lines = run.stdout.split(separator: "\n").filter { $0.contains("recurs without an end") }
    #expect(lines.count == 6, "\(run.stdout)")
    #expect(lines.prefix(5).allSatisfy { $0.hasPrefix(directory + "/r1") }, "\(run.stdout)")
    #expect(
      lines.last == "\(directory): note: … and 7 more like it (recurs without an end …)"
        || lines.last?.hasPrefix("\(directory): note: … and 7 more like it") == true,
      "\(run.stdout)")
    // Twelve, and the calendar's home zone.
    #expect(run.stderr.contains("13 notes"), "\(run.stderr)")
  }
}
