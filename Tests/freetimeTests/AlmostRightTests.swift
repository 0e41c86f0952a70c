import Foundation
import TestSupport
import Testing

/// A value that is almost right gets the right one back (docs/GUIDE.md, Exit status):
/// a DURATION without its unit, hours without minutes; and a machine format with nothing to
/// say still prints its empty document.
@Suite struct AlmostRightTests {
  static let alice = "Fixtures/team/alice.ics"

  @Test(arguments: [
    (["--min", "30"], "did you mean 30m?"),
    (["--buffer", "5"], "did you mean 5m?"),
  ])
  func aDurationWithoutItsUnit(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test func suggestsDurationToo() throws {
    let run = try Run.freetime(["suggest", Self.alice, "--duration", "45"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean 45m?"), "\(run.stderr)")
  }

  @Test(arguments: [
    ("9-17", "did you mean 09:00-17:00?"),
    ("nina=8-16:30", "did you mean nina=08:00-16:30?"),
    ("9:30-12,13-17", "did you mean 09:30-12:00,13:00-17:00?"),
  ])
  func hoursWithoutMinutes(hours: String, hint: String) throws {
    let run = try Run.freetime([Self.alice, "--hours", hours])
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  /// Not a time at all: the general form, no guess.
  @Test func noGuessForNonsense() throws {
    let run = try Run.freetime([Self.alice, "--hours", "9-x"])
    #expect(run.status == 2)
    #expect(!run.stderr.contains("did you mean"))
    #expect(run.stderr.contains("HH:MM-HH:MM"))
  }

  /// No suggestion: JSON is the empty document, NDJSON no line, and the reason on stderr.
  @Test func noSuggestionStillPrintsTheDocument() throws {
    let base = [
      "suggest", Self.alice, "Fixtures/team/bob.ics", "--duration", "20h", "--from", "2026-11-23",
      "--to", "2026-11-24",
    ]
    let json = try Run.freetime(base + ["--format", "json"])
    #expect(json.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((object?["suggestions"] as? [Any])?.isEmpty == true)
    #expect(json.stderr.contains("no suggestion"))
    let ndjson = try Run.freetime(base + ["--format", "ndjson"])
    #expect(ndjson.status == 1)
    #expect(ndjson.stdout.isEmpty)
  }

  /// A URL is told how to fetch it, also named (NAME=URL) and as webcal (fetched as https).
  @Test(arguments: [
    ("https://example.com/a.ics", "curl -fsSL -o calendar.ics 'https://example.com/a.ics'"),
    (
      "alice=https://example.com/a.ics",
      "curl -fsSL -o alice.ics 'https://example.com/a.ics') and give alice=alice.ics"
    ),
    (
      "bob=webcal://example.com/b.ics",
      "curl -fsSL -o bob.ics 'https://example.com/b.ics') and give bob=bob.ics"
    ),
  ])
  func aURLIsToldHowToFetchIt(argument: String, hint: String) throws {
    let run = try Run.freetime([argument])
    #expect(run.status == 2)
    #expect(run.stderr.contains("not URLs"), "\(run.stderr)")
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  /// book --at a wall-clock time the clocks skip is warned about with the time it is booked
  /// at; a time already past is warned about; both are still booked.
  @Test func bookAtAGapOrInThePastIsSaid() throws {
    let gap = try Run.freetime([
      "book", "--at", "2031-03-30T02:30", "--tz", "Europe/Prague", "--duration", "30m",
      "--title", "X", "a@example.com=\(Self.alice)",
    ])
    #expect(gap.status == 0, "\(gap.stderr)")
    #expect(gap.stderr.contains("--at 2031-03-30T02:30 does not exist in Europe/Prague"))
    #expect(gap.stderr.contains("03:30"))
    #expect(!gap.stderr.contains("in the past"))
    let past = try Run.freetime([
      "book", "--at", "2001-01-02T10:00", "--tz", "UTC", "--duration", "30m", "--title", "X",
      "a@example.com=\(Self.alice)",
    ])
    #expect(past.status == 0, "\(past.stderr)")
    #expect(past.stderr.contains("is in the past"))
  }

  /// book's refusal names what the time is: out of office (Outlook's OOF), not covered by the
  /// calendar (X-CALSTART/X-CALEND), or busy.
  @Test func refusalsSayWhatTheTimeIs() throws {
    func calendar(_ body: String) -> String {
      let path = NSTemporaryDirectory() + "almost-\(UUID().uuidString).ics"
      let text =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body
        + "END:VCALENDAR\r\n"
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
      return path
    }
    let away = calendar(
      "BEGIN:VEVENT\r\nUID:oof-1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20310303T090000Z\r\n"
        + "DTEND:20310303T170000Z\r\nSUMMARY:Holiday\r\n"
        + "X-MICROSOFT-CDO-BUSYSTATUS:OOF\r\nEND:VEVENT\r\n")
    let partial = calendar("X-CALSTART:20310101T000000Z\r\nX-CALEND:20310201T000000Z\r\n")
    defer {
      try? FileManager.default.removeItem(atPath: away)
      try? FileManager.default.removeItem(atPath: partial)
    }
    let run = try Run.freetime([
      "book", "--at", "2031-03-03T10:00", "--tz", "UTC", "--duration", "30m", "--title", "X",
      "a@example.com=\(away)", "b@example.com=\(partial)",
    ])
    #expect(run.status == 1)
    #expect(run.stderr.contains("a@example.com is out of office then"), "\(run.stderr)")
    #expect(run.stderr.contains("b@example.com's calendar does not cover that time"))
    #expect(!run.stderr.contains("b@example.com is busy then"))
  }
}

/// The class of issue 30 in every option that takes a value (docs/GUIDE.md, Usage): each
/// almost-right value gets the exact right one.
extension AlmostRightTests {
  /// A date and a time as two words: the shell split the WHEN, and the time is no calendar.
  @Test(arguments: [
    (["--from", "2026-11-23", "09:00"], "did you mean --from 2026-11-23T09:00?"),
    (["--from=2026-11-23", "9:00"], "did you mean --from 2026-11-23T09:00?"),
    (["--to", "2026-11-28", "17:00:30"], "did you mean --to 2026-11-28T17:00:30?"),
    (["--from", "2026-11-23", "5pm"], "did you mean --from 2026-11-23T17:00?"),
  ])
  func aWhenInTwoWords(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice, "Fixtures/team/bob.ics"] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
    #expect(!run.stderr.contains("no such file"))
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
  }

  /// A day named by a word and a time as two words: the day's date (in TZ), with the time.
  @Test func aDayWordAndATimeGiveTheDate() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let tomorrow = calendar.dateComponents(
      [.year, .month, .day], from: Date().addingTimeInterval(86400))
    let date = String(format: "%04d-%02d-%02d", tomorrow.year!, tomorrow.month!, tomorrow.day!)
    let run = try Run.freetime(
      [Self.alice, "--from", "tomorrow", "9am"], environment: ["TZ": "UTC"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean --from \(date)T09:00?"), "\(run.stderr)")
  }

  /// A WHEN almost written, in every WHEN option.
  @Test(arguments: [
    (["--from", "2026/11/23"], "did you mean 2026-11-23?"),
    (["--from", "2026-11-23T9:00"], "did you mean 2026-11-23T09:00?"),
    (["--from", "2026-11-23", "--to", "+7days"], "did you mean +7d?"),
    (["--from", "2026-11-23", "--to", "1w"], "did you mean +1w?"),
  ])
  func aWhenAlmostWritten(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test func aWhenAlmostWrittenInOtherCommands() throws {
    let at = try Run.freetime([
      "book", "--at", "2027-01-12 10am", "--duration", "30m", "--title", "X", Self.alice,
    ])
    #expect(at.stderr.contains("did you mean 2027-01-12T10:00?"), "\(at.stderr)")
    let until = try Run.freetime([
      "suggest", Self.alice, "--duration", "30m", "--repeat", "weekly", "--until", "+12 weeks",
    ])
    #expect(until.stderr.contains("did you mean +12w?"), "\(until.stderr)")
  }

  @Test func aWhenInTwoWordsInOtherCommands() throws {
    let book = try Run.freetime([
      "book", "--at", "2027-01-12", "10:00", "--duration", "30m", "--title", "X", Self.alice,
    ])
    #expect(book.status == 2)
    #expect(book.stderr.contains("did you mean --at 2027-01-12T10:00?"), "\(book.stderr)")
    let until = try Run.freetime([
      "suggest", Self.alice, "--duration", "30m", "--repeat", "weekly", "--until", "2027-03-01",
      "18:00",
    ])
    #expect(until.status == 2)
    #expect(until.stderr.contains("did you mean --until 2027-03-01T18:00?"), "\(until.stderr)")
  }

  /// A real file named like a time stays a calendar; in a directory without it, the same
  /// command line is told the WHEN meant.
  @Test func aFileNamedLikeATimeIsACalendar() throws {
    let directory = NSTemporaryDirectory() + "almost-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.copyItem(
      atPath: Run.packageRoot.appendingPathComponent(Self.alice).path,
      toPath: directory + "/09:00")
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = "/nonexistent/freetime-tests"
    let run = try Subprocess.run(
      Run.binary.path, ["--from", "2026-11-23", "09:00", "--to", "2026-11-24", "--tz", "UTC"],
      stdin: nil, environment: environment, directory: URL(fileURLWithPath: directory))
    #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    try FileManager.default.removeItem(atPath: directory + "/09:00")
    let without = try Subprocess.run(
      Run.binary.path, ["--from", "2026-11-23", "09:00", "--to", "2026-11-24", "--tz", "UTC"],
      stdin: nil, environment: environment, directory: URL(fileURLWithPath: directory))
    #expect(without.status == 2)
    #expect(without.stderr.contains("did you mean --from 2026-11-23T09:00?"), "\(without.stderr)")
  }

  @Test(arguments: [
    (["--min", "1.5h"], "did you mean 1h30m?"), (["--min", "30mins"], "did you mean 30m?"),
    (["--buffer", "10 min"], "did you mean 10m?"), (["--align", "1:00"], "did you mean 1h?"),
    (["--min", "90min"], "did you mean 90m?"), (["--min", "2hrs"], "did you mean 2h?"),
  ])
  func aDurationAlmostWritten(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test func suggestAndBookDurations() throws {
    let suggest = try Run.freetime(["suggest", Self.alice, "--duration", "1 hour"])
    #expect(suggest.stderr.contains("did you mean 1h?"), "\(suggest.stderr)")
    let book = try Run.freetime([
      "book", "--at", "2027-01-12T10:00", "--duration", "1h30", "--title", "X", Self.alice,
    ])
    #expect(book.stderr.contains("did you mean 1h30m?"), "\(book.stderr)")
  }

  @Test(arguments: [
    ("weekdays", "did you mean mon-fri?"), ("weekends", "did you mean sat-sun?"),
    ("mo,tu", "did you mean mon,tue?"), ("mon\u{2013}fri", "did you mean mon-fri?"),
    ("nina=weekdays", "did you mean nina=mon-fri?"),
  ])
  func daysAlmostWritten(days: String, hint: String) throws {
    let run = try Run.freetime([Self.alice, "--days", days])
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test(arguments: [
    ("9am-5pm", "did you mean 09:00-17:00?"), ("9-5pm", "did you mean 09:00-17:00?"),
    ("09.00-17.00", "did you mean 09:00-17:00?"), ("9h-17h", "did you mean 09:00-17:00?"),
    ("09:00\u{2013}17:00", "did you mean 09:00-17:00?"),
  ])
  func hoursAlmostWritten(hours: String, hint: String) throws {
    let run = try Run.freetime([Self.alice, "--hours", hours])
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test(arguments: [
    ("week", "did you mean weekly?"), ("biweekly", "did you mean 2w?"),
    ("fortnightly", "did you mean 2w?"), ("every 2 weeks", "did you mean 2w?"),
    ("month", "did you mean monthly?"), ("day", "did you mean daily?"),
    ("weekdays", "did you mean daily?"),
  ])
  func aPeriodAlmostWritten(period: String, hint: String) throws {
    let run = try Run.freetime(["suggest", Self.alice, "--duration", "30m", "--repeat", period])
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  /// A bare offset reads as UTC+… does; so does one in lower case or with a blank.
  @Test(arguments: [
    ("+02:00", "UTC+02:00"), ("-0500", "UTC-0500"), ("gmt+1", "GMT+1"), ("UTC +2", "UTC+2"),
  ])
  func aBareOffsetIsAZone(tz: String, name: String) throws {
    let run = try Run.freetime(
      [Self.alice, "--tz", tz, "--from", "2026-11-23", "--to", "2026-11-24"],
      environment: ["COLUMNS": "1000"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("in \(name)"), "\(run.stdout)")
  }

  /// An abbreviation is read, with one warning line naming the zone likely meant.
  @Test(arguments: [
    ("EST", "America/New_York"), ("IST", "Europe/Dublin"), ("CET", "Europe/Berlin"),
    ("PST", "America/Los_Angeles"),
  ])
  func anAbbreviationIsWarnedAbout(tz: String, meant: String) throws {
    let base = [Self.alice, "--from", "2026-11-23", "--to", "2026-11-24"]
    let run = try Run.freetime(base + ["--tz", tz])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").filter { $0.contains("--tz \(tz)") }
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(lines.first?.contains(meant) == true, "\(run.stderr)")
    let env = try Run.freetime(base, environment: ["TZ": tz])
    #expect(env.stderr.contains("TZ=\(tz)") && env.stderr.contains(meant), "\(env.stderr)")
    let zone = try Run.freetime(base + ["--tz", "UTC", "--zone", "alice=\(tz)"])
    #expect(zone.stderr.contains("--zone alice=\(tz)") && zone.stderr.contains(meant))
  }

  @Test(arguments: [("PDT", "America/Los_Angeles"), ("CEST", "Europe/Berlin")])
  func anUnknownAbbreviationSuggestsItsZone(tz: String, meant: String) throws {
    let run = try Run.freetime([Self.alice, "--tz", tz])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean \(meant)"), "\(run.stderr)")
  }

  /// A name people say for a zone gets that zone, not one spelt alike (Pacific/Easter).
  @Test(arguments: [
    ("Eastern", "America/New_York"), ("Germany", "Europe/Berlin"), ("Mumbai", "Asia/Kolkata"),
    ("Bangalore", "Asia/Kolkata"), ("Beijing", "Asia/Shanghai"),
    ("San Francisco", "America/Los_Angeles"), ("NYC", "America/New_York"),
  ])
  func aSpokenZoneName(tz: String, meant: String) throws {
    let run = try Run.freetime([Self.alice, "--tz", tz])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean \(meant)?"), "\(run.stderr)")
    let zone = try Run.freetime([Self.alice, "--zone", "alice=\(tz)"])
    #expect(zone.stderr.contains("did you mean \(meant)?"), "\(zone.stderr)")
  }

  @Test func aPeopleFileZoneAbbreviationIsWarnedAbout() throws {
    let path = NSTemporaryDirectory() + "almost-\(UUID().uuidString).toml"
    let text = """
      [people.alice]
      calendars = ["\(Run.packageRoot.appendingPathComponent(Self.alice).path)"]
      zone = "IST"
      """
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run.freetime(["alice", "--config", path, "--tz", "UTC"])
    #expect(run.stderr.contains("people.alice.zone IST"), "\(run.stderr)")
    #expect(run.stderr.contains("Asia/Jerusalem"), "\(run.stderr)")
  }

  /// The people file's hours and days, almost written, get the value meant too.
  @Test(arguments: [
    ("hours = \"9am-5pm\"", "did you mean 09:00-17:00?"),
    ("days = \"weekdays\"", "did you mean mon-fri?"),
    ("zone = \"Eastern\"", "did you mean America/New_York?"),
  ])
  func aPeopleFileValueAlmostWritten(line: String, hint: String) throws {
    let path = NSTemporaryDirectory() + "almost-\(UUID().uuidString).toml"
    let calendar = Run.packageRoot.appendingPathComponent(Self.alice).path
    let text = "[people.alice]\ncalendars = [\"\(calendar)\"]\n\(line)\n"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run.freetime(["alice", "--config", path])
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  /// `table` is every command's human format; `text` reads as it where there is one.
  @Test func theHumanFormatIsCalledTheSame() throws {
    let path = NSTemporaryDirectory() + "almost-\(UUID().uuidString).toml"
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("[people.alice]\ncalendars = [\"a.ics\"]\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for format in ["table", "text"] {
      let people = try Run.freetime(["people", "--config", path, "--format", format])
      #expect(people.status == 0, "\(people.stderr)")
      let suggest = try Run.freetime([
        "suggest", Self.alice, "--duration", "30m", "--from", "2026-11-23", "--to", "2026-11-24",
        "--format", format,
      ])
      #expect(suggest.status == 0, "\(suggest.stderr)")
      let replies = try Run.freetime(["replies", "x", Self.alice, "--format", format])
      #expect(!replies.stderr.contains("--format"), "\(replies.stderr)")
    }
  }

  /// Every command's bad --format reads the same: "Use one of: …", and the one meant.
  @Test(arguments: [
    (["people", "--format", "xml"], "Use one of: table, json."),
    (
      ["suggest", Self.alice, "--duration", "30m", "--format", "jsno"],
      "Use one of: table, json, ndjson; did you mean json?"
    ),
    (["replies", "x", Self.alice, "--format", "html"], "Use one of: table, json."),
    ([Self.alice, "--format", "text"], "; did you mean table?"),
  ])
  func aBadFormatReadsTheSame(arguments: [String], message: String) throws {
    let run = try Run.freetime(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(!run.stderr.contains("Please provide"))
  }

  @Test(arguments: [
    (["--color", "yes"], "did you mean always?"), (["--color", "off"], "did you mean never?"),
    (["--tentative", "true"], "did you mean busy?"), (["--all-day", "no"], "did you mean free?"),
    (["--unknown", "bussy"], "did you mean busy?"), (["--limit", "three"], "did you mean 3?"),
    (["--quorum", "2.0"], "did you mean 2?"), (["--quorum", "90%"], "not a percentage"),
  ])
  func otherValuesAlmostWritten(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice, "Fixtures/team/bob.ics"] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test(arguments: [
    (["--cpu-budget", "5s"], "did you mean 5?"),
    (["--max-instances", "10k"], "did you mean 10000?"),
    (["--max-instances", "1,000"], "did you mean 1000?"),
    (["--max-line-bytes", "16MiB"], "did you mean 16777216?"),
    (["--zone", "alice:Europe/Berlin"], "did you mean alice=Europe/Berlin?"),
    (["--zone", "Europe/Berlin"], "give the calendar's name before it, e.g. alice=Europe/Berlin"),
    (["--owner", "alice:a@example.com"], "did you mean alice=a@example.com?"),
    (["--hours", "alice:09:00-17:00"], "did you mean alice=09:00-17:00?"),
    (["--days", "alice:mon-fri"], "did you mean alice=mon-fri?"),
  ])
  func limitsAndNamedValuesAlmostWritten(arguments: [String], hint: String) throws {
    let run = try Run.freetime([Self.alice] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test func suggestCountAndOccurrences() throws {
    let count = try Run.freetime(["suggest", Self.alice, "--duration", "30m", "--count", "five"])
    #expect(count.stderr.contains("did you mean 5?"), "\(count.stderr)")
    let occurrences = try Run.freetime([
      "suggest", Self.alice, "--duration", "30m", "--repeat", "weekly", "--occurrences", "ten",
    ])
    #expect(occurrences.stderr.contains("did you mean 10?"), "\(occurrences.stderr)")
  }
}
