import Foundation
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
