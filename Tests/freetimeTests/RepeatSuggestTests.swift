import Foundation
import TestSupport
import Testing

/// What `suggest --repeat` prints beyond the ranking (docs/GUIDE.md, Recurring meetings): a book
/// line that books, and what it says about rooms.
@Suite struct RepeatSuggestTests {
  /// A calendar in Europe/Berlin with all-day events on `days` (yyyymmdd).
  static func calendar(busy days: [String]) -> String {
    TemporaryFiles.file(
      "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\nX-WR-TIMEZONE:Europe/Berlin\n"
        + days.enumerated().map { i, day in
          "BEGIN:VEVENT\nUID:\(i)-\(day)@test\nDTSTAMP:20260101T000000Z\n"
            + "DTSTART;VALUE=DATE:\(day)\nSUMMARY:Away\nEND:VEVENT\n"
        }.joined() + "END:VCALENDAR\n")
  }

  static let window = [
    "--from", "2027-03-01", "--tz", "Europe/Berlin", "--duration", "1h", "--days", "mon",
    "--hours", "09:00-12:00", "--repeat", "weekly", "--occurrences", "3", "--format", "json",
  ]

  /// Each person misses one Monday of three: the suggestion keeps everyone required and books
  /// with --force (nobody is left to require otherwise), and that line books.
  @Test func everyoneMissingOneOccurrenceStillBooks() throws {
    let alice = Self.calendar(busy: ["20270301"])
    let bob = Self.calendar(busy: ["20270308"])
    let run = try Run.freetime(
      ["suggest", "alice@example.com=\(alice)", "bob@example.com=\(bob)"] + Self.window)
    #expect(run.status == 0, "\(run.stderr)")
    let first = try #require(
      (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?[
        "suggestions"] as? [[String: Any]]
    ).first
    let book = try #require(first?["book"] as? String)
    #expect(book.contains("--force"))
    #expect(!book.contains("--optional"))
    #expect((first?["missing"] as? [String])?.sorted() == ["alice@example.com", "bob@example.com"])
    // The line as a shell runs it, with this build's freetime.
    let booked = try Run.command(
      "/bin/sh",
      ["-c", book.replacingOccurrences(of: "freetime book", with: "\"$0\" book"), Run.binary.path]
    )
    #expect(booked.status == 0, "\(booked.stderr)")
    #expect(booked.stdout.contains("RRULE:FREQ=WEEKLY;COUNT=3"))
    #expect(booked.stdout.contains("ATTENDEE"))
  }

  /// Two rooms free in turn, never the same at every occurrence: the table says that none is
  /// booked.
  @Test func noOneRoomFreeAtEveryOccurrenceIsSaid() throws {
    let alice = Self.calendar(busy: [])
    let east = Self.calendar(busy: ["20270301", "20270315"])
    let west = Self.calendar(busy: ["20270308"])
    var window = Self.window
    window.removeLast(2)
    let run = try Run.freetime(
      ["suggest", "alice@example.com=\(alice)", "--room", "east=\(east)", "--room", "west=\(west)"]
        + window)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("no one room is free at every occurrence"))
    #expect(!run.stdout.contains("--room"))
  }
}
