import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// `freetime book --repeat` (docs/GUIDE.md, Recurring meetings): the RRULE and EXDATEs it writes
/// expand, with libical (through freetime's own reading, its own expansion on and off) and with
/// Python's icalendar and recurring-ical-events, to exactly `Repetition`'s occurrences; busy
/// occurrences are refused or left out; `--rotate` splits the occurrences into K series.
@Suite struct BookRepeatTests {
  /// A calendar with no events, whose owner is pat@example.com.
  static func freeCalendar() throws -> [String] {
    let dir = Temp.directory + "/\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/pat.ics"
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    return ["--owner", "pat=pat@example.com", path]
  }

  /// One series: `book` arguments and what `Repetition` says of them.
  struct Case: CustomStringConvertible, Sendable {
    var zone: String
    var at: String
    var period: RepeatPeriod
    var count: Int?
    /// `--until` as given, and as an instant (a date alone: its midnight).
    var until: (text: String, instant: Instant)? = nil
    /// How many occurrences start at a wall-clock time a DST gap skips.
    var gaps = 0
    var description: String {
      "\(zone) \(at) \(period.rawValue) \(count.map { "×\($0)" } ?? "until \(until!.text)")"
    }

    func expected() -> [Instant] {
      let zone = Zone.named(zone)!
      let first = WhenSyntax.parse(at, now: 0, base: 0, zone: zone)!
      return Repetition(period: period, count: count, until: until?.instant)
        .starts(from: first, zone: zone)
    }

    var arguments: [String] {
      [
        "book", "--at", at, "--tz", zone, "--duration", "45m", "--title", "R", "--repeat",
        period.rawValue,
      ] + (count.map { ["--occurrences", String($0)] } ?? ["--until", until!.text])
    }
  }

  static func instant(_ text: String, _ zone: String) -> Instant {
    WhenSyntax.parse(text, now: 0, base: 0, zone: Zone.named(zone)!)!
  }

  static let cases: [Case] = [
    // Los Angeles: clocks go back on 2026-11-01 (01:30 is then the first pass) and forward on
    // 2027-03-14, where 02:30 does not exist (it is 03:30 PDT, RFC 5545 §3.3.5).
    Case(zone: "America/Los_Angeles", at: "2026-10-18T01:30", period: .weekly, count: 4),
    Case(zone: "America/Los_Angeles", at: "2027-02-28T02:30", period: .weekly, count: 5, gaps: 1),
    Case(zone: "America/Los_Angeles", at: "2026-11-26T09:00", period: .daily, count: 12),
    // A 5th Tuesday: December, March, June, August.
    Case(zone: "America/Los_Angeles", at: "2026-12-29T10:00", period: .monthly, count: 4),
    Case(
      zone: "America/Los_Angeles", at: "2027-03-01T17:00", period: .daily,
      until: ("2027-03-19", instant("2027-03-19T00:00", "America/Los_Angeles"))),
    // London changes a fortnight after Los Angeles; 01:30 on 2027-03-28 does not exist.
    Case(zone: "Europe/London", at: "2027-03-14T01:30", period: .weekly, count: 4, gaps: 1),
    Case(zone: "Europe/London", at: "2027-03-03T12:00", period: .twoWeeks, count: 6),
    Case(zone: "Europe/London", at: "2026-10-06T16:00", period: .monthly, count: 7),
    Case(
      zone: "Europe/London", at: "2026-10-20T08:30", period: .fourWeeks,
      until: ("2027-06-01T00:00", instant("2027-06-01T00:00", "Europe/London"))),
    // Kolkata has no DST.
    Case(zone: "Asia/Kolkata", at: "2026-11-24T19:30", period: .weekly, count: 8),
    Case(zone: "Asia/Kolkata", at: "2026-11-30T09:00", period: .daily, count: 9),
    // Sydney goes back on 2027-04-04 and forward on 2027-10-03 (the 1st Sunday: 02:30 does
    // not exist then).
    Case(zone: "Australia/Sydney", at: "2027-08-01T02:30", period: .monthly, count: 4, gaps: 1),
    Case(zone: "Australia/Sydney", at: "2027-03-16T18:00", period: .weekly, count: 6),
    Case(
      zone: "Australia/Sydney", at: "2027-02-10T07:00", period: .twoWeeks,
      until: ("2027-05-05T07:00", instant("2027-05-05T07:00", "Australia/Sydney"))),
  ]

  /// Python: each occurrence's start as seconds since the epoch, one a line, by VCALENDAR
  /// (`#` and its UID, RRULE, EXDATE count first). Only starts: recurring-ical-events ends an
  /// occurrence that starts in a gap at the wall clock DTEND names (a zero-length meeting),
  /// where RFC 5545 §3.8.5.3 keeps the exact duration.
  static let expand = """
    import sys, datetime, icalendar, recurring_ical_events
    for cal in icalendar.Calendar.from_ical(sys.stdin.read(), multiple=True):
        ev = cal.walk("VEVENT")[0]
        ex = ev.get("EXDATE", [])
        ex = ex if isinstance(ex, list) else [ex]
        print("#", ev["UID"], ev["RRULE"].to_ical().decode(), sum(len(e.dts) for e in ex))
        for occ in recurring_ical_events.of(cal).between(
                datetime.datetime(2000, 1, 1), datetime.datetime(2040, 1, 1)):
            print(int(occ["DTSTART"].dt.timestamp()))
    """

  /// The starts Python reads in each VCALENDAR of `text`, with its header line.
  static func python(_ text: String) throws -> [(header: String, starts: [Instant])] {
    let run = try Run.python(expand, stdin: text)
    try #require(run.status == 0, "\(run.stderr)")
    var out: [(header: String, starts: [Instant])] = []
    for line in run.stdout.split(separator: "\n") {
      if line.hasPrefix("#") {
        out.append((String(line), []))
      } else {
        out[out.count - 1].starts.append(Instant(line)!)
      }
    }
    return out
  }

  /// What freetime reads from an invitation (its busy time), with libical's expansion or its
  /// own.
  static func busy(_ text: String, zone: String, ownExpansion: Bool) throws -> [Interval] {
    let path = Temp.file(text, name: "invite-\(UUID().uuidString).ics")
    var options = ReadOptions(
      window: Interval(1_700_000_000, 1_900_000_000), defaultZone: Zone.named(zone)!,
      tentative: .busy, allDay: .busy)
    options.ownExpansion = ownExpansion
    let source = CalendarSource(kind: .file(path), name: "p", argument: path)
    return try CalendarReader.read(source, options: options).busy.sorted()
  }

  @Test(arguments: cases)
  func ruleExpandsToTheOccurrences(_ c: Case) throws {
    let expected = c.expected()
    try #require(expected.count > 1)
    let zone = Zone.named(c.zone)!
    let first = expected[0]
    let gaps = Repetition(period: c.period, count: c.count, until: c.until?.instant)
      .occurrences(from: first, zone: zone)
      .filter { $0.wallClock != LocalTimeResolver.civil($0.start, in: zone) }
    #expect(gaps.count == c.gaps)
    let run = try Run.freetime(c.arguments + BookRepeatTests.freeCalendar())
    try #require(run.status == 0, "\(run.stderr)")
    let rule = try #require(
      run.stdout.split(separator: "\r\n").first { $0.hasPrefix("RRULE:") }, "\(run.stdout)")
    // libical writes the parts in its own order (FREQ first, RFC 5545 §3.3.10).
    let parts = rule.dropFirst(6).split(separator: ";").map(String.init)
    #expect(parts.first?.hasPrefix("FREQ=") == true)
    #expect(
      parts.sorted()
        == Repetition(period: c.period, count: c.count, until: c.until?.instant)
        .rule(first: expected[0], zone: zone).split(separator: ";").map(String.init).sorted())
    if let count = c.count {
      #expect(expected.count == count)
      #expect(parts.contains("COUNT=\(count)"))
    } else {
      #expect(parts.contains { $0.hasPrefix("UNTIL=") && $0.hasSuffix("Z") })
    }
    #expect(!run.stdout.contains("EXDATE"))
    let python = try BookRepeatTests.python(run.stdout)
    #expect(python.count == 1)
    #expect(python.first?.starts == expected, "\(c): Python")
    let meetings = expected.map { Interval($0, $0 + 45 * 60) }
    for own in [false, true] {
      let read = try BookRepeatTests.busy(run.stdout, zone: c.zone, ownExpansion: own)
      #expect(read == meetings, "\(c): freetime, own expansion \(own)")
    }
    // The VTIMEZONE covers the last occurrence: it names a change of offset after it (a year
    // after it, where the zone has any).
    let observances = run.stdout.split(separator: "\r\n").filter {
      $0.hasPrefix("DTSTART:") && !$0.hasSuffix("Z")
    }
    if c.zone == "Asia/Kolkata" {
      #expect(observances.count == 1)
    } else {
      let last = try #require(observances.last.map { String($0.dropFirst(8)) })
      let lastCivil = LocalTimeResolver.civil(expected.last!, in: zone)
      let f = CivilTime.fields(lastCivil)
      let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
      #expect(last > "\(f.year)\(two(f.month))\(two(f.day))T", "\(observances)")
    }
  }

  /// The team's week: alice and bob are busy on Tuesday 24 November at 14:30 in Prague
  /// (Quarterly planning). A weekly series over it is refused naming that occurrence and them;
  /// --skip-conflicts leaves out just that one (an EXDATE in the form of DTSTART), and its
  /// copies in alice's, pat's and the room's directories carry the same rule: pat's, read back,
  /// is busy at every other occurrence.
  @Test func busyOccurrencesAreRefusedOrSkipped() throws {
    let (config, dir) = try BookTests.vdirTeam()
    try FileManager.default.createDirectory(atPath: dir + "/pat", withIntermediateDirectories: true)
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n".write(
      toFile: dir + "/pat/calendar.ics", atomically: true, encoding: .utf8)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: config))
    handle.seekToEndOfFile()
    handle.write(Data("[people.pat]\ncalendars = [\"pat\"]\nemail = \"pat@example.com\"\n".utf8))
    try handle.close()
    let args = [
      "book", "--config", config, "--at", "2026-11-17T14:30", "--tz", "Europe/Prague",
      "--duration", "30m", "--title", "Weekly", "--repeat", "weekly", "--occurrences", "4",
      "alice", "bob", "pat", "--room", "dave",
    ]
    let refused = try Run.freetime(args + ["--add-to", "alice"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    // (The fixtures' week is past by now: a warning may come first.)
    #expect(
      refused.stderr.contains(
        "freetime: cannot book 1 of 4 occurrences: Tue 2026-11-24 14:30 (alice is busy then: alice — Quarterly planning"
      ), "\(refused.stderr)")
    #expect(refused.stderr.contains("bob is busy then: bob — Quarterly planning (dial-in)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/alice") == ["calendar.ics"])

    let skipped = try Run.freetime(
      args + ["--skip-conflicts", "--add-to", "alice", "--add-to", "dave", "--add-to", "pat"])
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(
      skipped.stderr.contains(
        "skipping 1 of 4 occurrences (EXDATE), when someone required or the room is busy: Tue 2026-11-24 14:30 (alice, bob)"
      ), "\(skipped.stderr)")
    let lines = skipped.stdout.split(separator: "\r\n")
    #expect(
      lines.filter { $0.hasPrefix("EXDATE") } == ["EXDATE;TZID=Europe/Prague:20261124T143000"])
    #expect(lines.contains("RRULE:FREQ=WEEKLY;COUNT=4"))
    let python = try BookRepeatTests.python(skipped.stdout)
    let zone = "Europe/Prague"
    let booked = ["2026-11-17T14:30", "2026-12-01T14:30", "2026-12-08T14:30"].map {
      BookRepeatTests.instant($0, zone)
    }
    #expect(python.first?.starts == booked)
    for name in ["alice", "dave", "pat"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/\(name)")
      let copy = try #require(files.first { $0 != "calendar.ics" })
      #expect(files.count == 2)
      let text = try String(contentsOfFile: dir + "/\(name)/" + copy, encoding: .utf8)
      #expect(text.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
      #expect(text.contains("EXDATE;TZID=Europe/Prague:20261124T143000\r\n"))
      #expect(!text.contains("METHOD"))
    }
    // pat's directory, empty before, read back: busy at exactly the three booked occurrences.
    let readBack = try Run.freetime(
      [
        "--config", config, "pat", "--from", "2026-11-17", "--to", "2026-12-09", "--tz", zone,
        "--format", "csv", "--no-own-hours",
      ])
    #expect(readBack.status == 0, "\(readBack.stderr)")
    #expect(
      readBack.stdout == """
        start,end,minutes,free
        2026-11-17T00:00:00+01:00,2026-11-17T14:30:00+01:00,870,pat
        2026-11-17T15:00:00+01:00,2026-12-01T14:30:00+01:00,20130,pat
        2026-12-01T15:00:00+01:00,2026-12-08T14:30:00+01:00,10050,pat
        2026-12-08T15:00:00+01:00,2026-12-09T00:00:00+01:00,540,pat

        """, "\(readBack.stdout)")
    // A rotation's copies: one <UID>.ics a series.
    let rotation = try Run.freetime(
      [
        "book", "--config", config, "--at", "2027-01-05T09:00", "--at", "2027-01-12T18:00",
        "--rotate", "2", "--tz", zone, "--duration", "30m", "--title", "Rota", "--repeat",
        "weekly", "pat", "--add-to", "pat",
      ])
    #expect(rotation.status == 0, "\(rotation.stderr)")
    let uids = rotation.stdout.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }
      .map { $0.dropFirst(4) + ".ics" }
    #expect(uids.count == 2)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/pat")
    #expect(files.count == 4)
    for uid in uids { #expect(files.contains(String(uid)), "\(uid): \(files)") }
  }

  /// An EXDATE names the occurrence as the rule does: on the wall clock, also where a DST gap
  /// skips that time (Los Angeles, 2027-03-14 02:30, held at 03:30 PDT).
  @Test func skippedOccurrenceInAGap() throws {
    let dir = Temp.directory + "/\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//t//EN\r
    BEGIN:VEVENT\r
    UID:gap-1\r
    DTSTAMP:20260101T000000Z\r
    DTSTART:20270314T100000Z\r
    DTEND:20270314T110000Z\r
    SUMMARY:Brunch\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: dir + "/pat.ics", atomically: true, encoding: .utf8)
    let zone = "America/Los_Angeles"
    let run = try Run.freetime(
      [
        "book", "--at", "2027-02-28T02:30", "--tz", zone, "--duration", "45m", "--title", "G",
        "--repeat", "weekly", "--occurrences", "5", "--skip-conflicts", "--owner",
        "pat=pat@example.com", dir + "/pat.ics",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("skipping 1 of 5 occurrences (EXDATE)"), "\(run.stderr)")
    #expect(run.stderr.contains("Sun 2027-03-14 03:30 (pat)"), "\(run.stderr)")
    let lines = run.stdout.split(separator: "\r\n")
    #expect(lines.filter { $0.hasPrefix("EXDATE") } == ["EXDATE;TZID=\(zone):20270314T023000"])
    let expected = ["2027-02-28T02:30", "2027-03-07T02:30", "2027-03-21T02:30", "2027-03-28T02:30"]
      .map { BookRepeatTests.instant($0, zone) }
    #expect(try BookRepeatTests.python(run.stdout).first?.starts == expected)
    for own in [false, true] {
      let read = try BookRepeatTests.busy(run.stdout, zone: zone, ownExpansion: own)
      #expect(read == expected.map { Interval($0, $0 + 45 * 60) }, "own expansion \(own)")
    }
    // Every occurrence busy: nothing is booked.
    let all = try Run.freetime(
      [
        "book", "--at", "2027-03-14T02:30", "--tz", zone, "--duration", "45m", "--title", "G",
        "--repeat", "weekly", "--occurrences", "1", "--skip-conflicts", "--owner",
        "pat=pat@example.com", dir + "/pat.ics",
      ])
    #expect(all.status == 1)
    #expect(all.stdout.isEmpty)
    #expect(all.stderr.contains("every occurrence is busy"), "\(all.stderr)")
  }

  /// `--rotate K`: K invitations with K UIDs in one stream, series j has ⌈(N − j)/K⌉
  /// occurrences every K periods, and together they are the N occurrences, taking turns.
  @Test(arguments: [
    (RepeatPeriod.weekly, ["2026-11-24T08:00", "2026-12-01T17:00"], 7, "FREQ=WEEKLY;INTERVAL=2"),
    (.twoWeeks, ["2026-11-24T08:00", "2026-12-08T17:00"], 5, "FREQ=WEEKLY;INTERVAL=4"),
    (
      .fourWeeks, ["2026-11-24T08:00", "2026-12-22T12:00", "2027-01-19T17:00"], 8,
      "FREQ=WEEKLY;INTERVAL=12"
    ),
    (
      .monthly, ["2026-11-10T08:00", "2026-12-08T17:00", "2027-01-12T12:00"], 10,
      "FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU"
    ),
  ])
  func rotationTakesTurns(period: RepeatPeriod, ats: [String], n: Int, rule: String) throws {
    let zone = "Europe/London"
    let k = ats.count
    let run = try Run.freetime(
      [
        "book", "--tz", zone, "--duration", "1h", "--title", "Rota", "--repeat",
        period.rawValue, "--rotate", String(k), "--occurrences", String(n),
      ] + ats.flatMap { ["--at", $0] } + BookRepeatTests.freeCalendar())
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.components(separatedBy: "BEGIN:VCALENDAR").count == k + 1)
    let series = try BookRepeatTests.python(run.stdout)
    #expect(series.count == k)
    #expect(Set(series.map { $0.header.split(separator: " ")[1] }).count == k)
    var union: [Instant] = []
    for (j, one) in series.enumerated() {
      let parts = one.header.split(separator: " ")
      let count = (n - j + k - 1) / k
      var expectedParts = rule.split(separator: ";").filter {
        !($0.hasPrefix("BYDAY") && period == .monthly)
      }
      if period == .monthly { expectedParts.append("BYDAY=2TU") }
      #expect(
        Set(parts[2].split(separator: ";")) == Set(expectedParts + ["COUNT=\(count)"]),
        "series \(j): \(parts[2])")
      #expect(one.starts.count == count)
      #expect(one.starts.first == BookRepeatTests.instant(ats[j], zone))
      union += one.starts
    }
    // Occurrence i of N is series i mod K's (i / K)-th: the union, in order, takes turns.
    let firsts = ats.map { BookRepeatTests.instant($0, zone) }
    let turns = (0..<n).map { i in
      Repetition(period: period, every: k, count: n).starts(
        from: firsts[i % k], zone: Zone.named(zone)!)[i / k]
    }
    #expect(union.sorted() == turns)
    #expect(Set(union).count == n)
  }

  /// What cannot be booked as asked is refused (exit 2) before anything is read or written.
  @Test func badCombinationsAreRefused() throws {
    let base = ["book", "--duration", "1h", "--title", "T", "--tz", "Europe/London"]
    let cases: [([String], String)] = [
      (
        [
          "--repeat", "daily", "--rotate", "2", "--at", "2026-11-24T08:00", "--at",
          "2026-11-25T08:00",
        ], "--rotate does not work with --repeat daily"
      ),
      (["--at", "2026-11-24T08:00", "--at", "2026-11-25T08:00"], "--at is given 2 times"),
      (
        [
          "--repeat", "weekly", "--rotate", "3", "--at", "2026-11-24T08:00", "--at",
          "2026-12-01T08:00",
        ], "--rotate 3 takes --at 3 times"
      ),
      (
        [
          "--repeat", "weekly", "--rotate", "2", "--at", "2026-12-01T08:00", "--at",
          "2026-11-24T08:00",
        ], "is not after"
      ),
      (
        [
          "--repeat", "weekly", "--at", "2026-11-24T08:00", "--occurrences", "3", "--until",
          "2027-01-01",
        ], "--occurrences and --until both end the series"
      ),
      (["--until", "2027-01-01", "--at", "2026-11-24T08:00"], "--until needs --repeat"),
      (["--skip-conflicts", "--at", "2026-11-24T08:00"], "--skip-conflicts needs --repeat"),
      (["--repeat", "fortnightly", "--at", "2026-11-24T08:00"], "is not a period"),
      (
        [
          "--repeat", "weekly", "--rotate", "2", "--at", "2026-11-24T08:00", "--at",
          "2026-11-24T08:30",
        ], "the rotation's times meet at once"
      ),
      (["--repeat", "daily", "--at", "2026-11-28T08:00"], "is on a weekend"),
      (
        ["--repeat", "weekly", "--at", "2026-11-24T08:00", "--until", "2026-11-01"],
        "is before the first occurrence"
      ),
      (
        ["--repeat", "daily", "--at", "2026-11-24T08:00", "--until", "2040-01-01"],
        "reaches more than 1000 occurrences"
      ),
      (
        ["--repeat", "weekly", "--at", "2026-10-25T01:30:00+00:00"],
        "repeats when its clocks go back"
      ),
      (
        ["--repeat", "weekly", "--rotate", "4", "--at", "2026-11-24T08:00"],
        "--rotate must be 2 or 3"
      ),
    ]
    for (arguments, message) in cases {
      let run = try Run.freetime(base + arguments + BookRepeatTests.freeCalendar())
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
  }
}
