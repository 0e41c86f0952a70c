import Foundation
import Testing

/// `freetime suggest` as a user meets it: the table, NDJSON, and why there is no suggestion.
@Suite struct SuggestTests {
  let team = ["alice", "bob", "carol"].map { "Fixtures/team/\($0).ics" }
  let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]

  @Test func tableShowsLocalTimesAndTheBookLine() throws {
    // A wide terminal: each line whole (docs/GUIDE.md, Displays).
    let run = try Run.freetime(
      ["suggest", "--duration", "1h", "--count", "2"] + team + week,
      environment: ["COLUMNS": "1000"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "Best times for 1h with alice, bob, carol in Europe/Prague (* outside their comfort hours)\n"
      ))
    #expect(run.stdout.contains("1. Mon 2026-11-23  16:00–17:00\n"), "\(run.stdout)")
    #expect(run.stdout.contains("   bob    10:00–11:00 New York\n"))
    #expect(run.stdout.contains("   carol  15:00–16:00 London\n"))
    #expect(
      run.stdout.contains(
        "   freetime book --at 2026-11-23T16:00:00+01:00 --duration 1h --title Meeting --tz Europe/Prague Fixtures/team/alice.ics"
      ))
    let ndjson = try Run.freetime(
      ["suggest", "--duration", "1h", "--count", "2", "--format", "ndjson"] + team + week)
    #expect(ndjson.stdout.split(separator: "\n").count == 2)
    #expect(ndjson.stdout.hasPrefix(#"{"rank": 1, "start": "2026-11-23T16:00:00+01:00""#))
  }

  @Test func noSuggestionSaysWhy() throws {
    let long = try Run.freetime(["suggest", "--duration", "30h"] + team + week)
    #expect(long.status == 1)
    #expect(long.stdout.isEmpty)
    #expect(
      long.stderr.contains(
        "freetime: no suggestion: the longest common free time is 18h30m (Tue 2026-11-24 15:30), shorter than 1d6h; try a longer window (--to), a shorter --duration\n"
      ), "\(long.stderr)")
    let apart = try Run.freetime(
      [
        "suggest", "--duration", "30m", "--hours", "alice=09:00-10:00", "--hours",
        "bob=09:00-10:00",
      ] + team + week)
    #expect(apart.status == 1)
    #expect(
      apart.stderr.contains("alice's and bob's working hours do not overlap in the window"),
      "\(apart.stderr)")
    let grid = try Run.freetime(
      [
        "suggest", "Fixtures/team/alice.ics", "Fixtures/team/bob.ics", "--from",
        "2026-11-23T16:07", "--to", "2026-11-23T17:10", "--tz", "Europe/Prague", "--duration", "1h",
      ])
    #expect(grid.stderr.contains("starts on the 15m grid"), "\(grid.stderr)")
    #expect(grid.stderr.contains("try a finer --step"))
    let daysOff = try Run.freetime(
      [
        "suggest", "Fixtures/team/alice.ics", "--from", "2026-11-28", "--to", "2026-11-30",
        "--days", "mon-fri", "--duration", "1h",
      ])
    #expect(
      daysOff.stderr.contains("alice has no working hours in the window"), "\(daysOff.stderr)")
    let slotOnly = try Run.freetime(["suggest", "--duration", "30m", "--min", "1h"] + team + week)
    #expect(slotOnly.status == 2)
    #expect(slotOnly.stderr.contains("Unknown option '--min'"))
  }
}
