import Foundation
import Testing

/// What the table, the timeline and JSON show (issue: displays read through once more).
@Suite struct DisplayTests {
  let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
  let week = ["--from", "2026-11-23", "--to", "2026-11-30", "--tz", "Europe/Prague"]

  /// Other zones' times carry the weekday where the day differs; a fold's readings carry their
  /// offsets.
  @Test func dayMarkersAndOffsets() throws {
    let run = try Run.freetime(team + week + ["--min", "30m"])
    #expect(run.stdout.contains("· New York Fri 18:00–Sat 00:00"), "\(run.stdout)")
    #expect(run.stdout.contains("· London 18:00–Tue 09:00"))
    let fold = Temp.file(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261001T000000Z\r\nDTSTART:20261025T003000Z\r\nDTEND:20261025T010000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      name: "fold.ics")
    let folded = try Run.freetime(
      [fold, "--from", "2026-10-25T02:00", "--to", "2026-10-25T04:00", "--tz", "Europe/Prague"])
    // 00:30Z is 02:30+02:00, 01:00Z is 02:00+01:00: both readings happen twice that night.
    #expect(folded.stdout.contains("02:00 (UTC+2) – 02:30 (UTC+2)"), "\(folded.stdout)")
    #expect(folded.stdout.contains("02:00 (UTC+1) – 04:00"), "\(folded.stdout)")
  }

  /// An 80-column terminal never gets a longer line from table or timeline.
  @Test func linesFitTheTerminal() throws {
    for format in ["table", "timeline"] {
      let run = try Run.freetime(
        team + week + [
          "--format", format, "--optional", "Fixtures/producers/thunderbird-home-zone.ics",
          "--room", "Fixtures/producers/outlook-show-as.ics", "--unknown", "free",
        ], environment: ["COLUMNS": "80"])
      let lines = run.stdout.split(separator: "\n").map(String.init)
      let long = lines.filter { $0.count > 80 }
      #expect(long.isEmpty, "\(format): \(long.first ?? "")")
      #expect(run.stdout.contains("optional: thunderbird-home-zone") || format == "timeline")
    }
  }

  /// suggest's table keeps within 80 columns too: its book lines wrap with `\` continuations,
  /// and the wrapped command still books.
  @Test func suggestFitsTheTerminal() throws {
    let run = try Run.freetime(
      ["suggest", "--duration", "1h", "--count", "2"] + team + week,
      environment: ["COLUMNS": "80"])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.first { $0.count > 80 } ?? "")")
    let book = lines.drop { !$0.hasPrefix("   freetime book") }.prefix { !$0.isEmpty }
      .joined(separator: "\n")
    #expect(book.contains("\\\n"))
    let shell = try Run.command(
      "/bin/bash",
      [
        "-c",
        book.replacingOccurrences(of: "   freetime book", with: "\"$FREETIME\" book")
          + " --force --owner alice=a@x.org --owner bob=b@x.org --owner carol=c@x.org --owner dave=d@x.org -o /dev/null",
      ],
      environment: ["FREETIME": Run.binary.path])
    #expect(shell.status == 0, "\(shell.stderr)")
  }

  /// --limit says how many it left out; --explain without a slot says what blocks; a day off
  /// for everyone is not drawn.
  @Test func truncationBlockingAndDaysOff() throws {
    let limited = try Run.freetime(team + week + ["--limit", "3"])
    #expect(limited.stdout.hasSuffix("… 11 more (--limit)\n"), "\(limited.stdout)")
    let json = try Run.freetime(team + week + ["--limit", "3", "--format", "json"])
    #expect(json.stdout.contains(#""truncated": 11"#))
    let blocked = try Run.freetime(
      team + week + ["--hours", "alice=09:00-10:00", "--hours", "bob=09:00-10:00", "--explain"])
    #expect(blocked.status == 1)
    #expect(blocked.stdout.contains("alice's and bob's working hours do not overlap in the window"))
    let timeline = try Run.freetime(
      [
        "Fixtures/team/alice.ics", "--from", "2026-11-27", "--to", "+4d", "--tz", "Europe/Prague",
        "--hours", "09:00-17:00", "--days", "mon-fri", "--format", "timeline",
      ])
    #expect(timeline.stdout.contains("Fri 2026-11-27\n"))
    #expect(!timeline.stdout.contains("Sat 2026-11-28"))
    #expect(timeline.stdout.contains("Mon 2026-11-30\n"))
  }
}
