import Foundation
import Testing

/// The example team (Fixtures/team) in every format, against golden files checked by hand
/// (Fixtures/README.md has the busy time worked out by hand).
@Suite struct TeamGoldenTests {
  static let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
  static let week = [
    "--from", "2026-11-23", "--to", "2026-11-30", "--tz", "Europe/Prague", "--min", "30m",
  ]

  /// The week's options with `extra` (option-value pairs, then flags) replacing those it names:
  /// an option that holds one value may be given once.
  static func week(_ extra: [String]) -> [String] {
    var out = week
    var i = 0
    while i < extra.count {
      if i + 1 < extra.count, let at = out.firstIndex(of: extra[i]) {
        out[at + 1] = extra[i + 1]
      } else {
        out += extra[i..<min(i + 2, extra.count)]
      }
      i += 2
    }
    return out
  }

  @Test(arguments: ["table", "json", "ndjson", "csv", "ics", "freebusy"])
  func everyFormat(format: String) throws {
    let run = try Run.freetime(TeamGoldenTests.team + TeamGoldenTests.week + ["--format", format])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    try Golden.check(run.stdout, "team.\(format)")
  }

  @Test(arguments: [
    ("tentative-free", ["--tentative", "free", "--format", "csv"]),
    ("all-day-free", ["--all-day", "free", "--format", "csv"]),
    ("limit-3", ["--limit", "3"]),
    ("min-1s-utc", ["--min", "1s", "--tz", "UTC", "--format", "csv"]),
  ])
  func options(name: String, extra: [String]) throws {
    let run = try Run.freetime(TeamGoldenTests.team + TeamGoldenTests.week(extra))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    try Golden.check(run.stdout, "team.\(name)")
  }

  @Test func noCommonSlotOfSeventeenHours() throws {
    let run = try Run.freetime(
      TeamGoldenTests.team + TeamGoldenTests.week(["--min", "17h", "--format", "json"]))
    #expect(run.status == 1)
    #expect(run.stdout.contains("\"slots\": []"))
  }

  @Test func standardInputGivesTheSameAnswer() throws {
    let bob = try String(
      contentsOf: Run.fixtures.appendingPathComponent("team/bob.ics"), encoding: .utf8)
    var args = TeamGoldenTests.team
    args[1] = "bob=-"
    let run = try Run.freetime(args + TeamGoldenTests.week + ["--format", "ndjson"], stdin: bob)
    #expect(run.status == 0)
    try Golden.check(run.stdout, "team.ndjson")
  }
}
