import Foundation
import Testing

/// The scheduling options end to end against a brute-force minute model
/// (Tests/reference/model.py, on busy time from the Python reference).
@Suite struct ModelTests {
  static let model = Run.packageRoot.appendingPathComponent("Tests/reference/model.py").path

  func compare(
    _ arguments: [String], atLeast: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let ours = try Run.freetime(arguments + ["--format", "json"])
    let theirs = try Run.command(Run.pythonPath, [ModelTests.model] + arguments)
    #expect(theirs.status == 0, "\(theirs.stderr)", sourceLocation: sourceLocation)
    let check = try Run.python(
      """
      import json, sys
      a = json.loads(sys.argv[1])["slots"]; b = json.loads(sys.argv[2])["slots"]
      norm = lambda x: sorted((s["start"], s["end"], s["free"], s.get("rooms", [])) for s in x)
      if norm(a) != norm(b):
          A = set(map(str, norm(a))); B = set(map(str, norm(b)))
          print("model only", sorted(A - B)[:3], "freetime only", sorted(B - A)[:3]); sys.exit(1)
      print(len(a))
      """, [theirs.stdout, ours.stdout])
    #expect(check.status == 0, "\(arguments): \(check.stdout)", sourceLocation: sourceLocation)
    #expect(
      (Int(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) >= atLeast,
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    ["--hours", "09:00-17:00", "--days", "mon-fri", "--buffer", "10m", "--min", "30m"],
    ["--quorum", "3", "--hours", "09:00-17:00", "--min", "1h"],
    ["--quorum", "2", "--buffer", "15m", "--align", "15m", "--min", "30m"],
    ["--hours", "08:00-18:00", "--align", "30m", "--min", "30m"],
    // Hours in pieces, repeated, per person, overnight, and per-person days.
    ["--hours", "09:00-12:00,13:00-17:00", "--hours", "18:00-19:00", "--min", "30m"],
    ["--hours", "09:00-17:00", "--hours", "bob=22:00-06:00", "--days", "mon-fri", "--min", "1h"],
    [
      "--hours", "08:00-12:00", "--hours", "13:00-19:00", "--hours", "carol=11:00-20:00",
      "--days", "carol=mon-thu",
      "--days", "mon,wed", "--days", "fri", "--buffer", "5m", "--min", "30m",
    ],
    ["--quorum", "3", "--hours", "23:00-07:00", "--days", "dave=sun-thu", "--min", "2h"],
  ])
  func team(options: [String]) throws {
    let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
    try compare(
      team + ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"] + options,
      atLeast: 1)
  }

  @Test func teamWithOptionalAndRooms() throws {
    try compare(
      [
        "Fixtures/team/alice.ics", "Fixtures/team/carol.ics", "--optional", "Fixtures/team/bob.ics",
        "--room", "Fixtures/team/dave.ics", "--room",
        "Fixtures/corpus/x_wr_timezone_simple_events_issue_59.ics",
        "--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague", "--hours",
        "08:00-18:00",
        "--buffer", "5m", "--min", "45m",
      ], atLeast: 1)
  }

  @Test(arguments: 0..<4)
  func generatedTeamWithRooms(seed: Int) throws {
    let dir = Temp.directory + "/model-\(seed)"
    let gen = try Run.generate(
      dir, ["--seed", String(seed + 100), "--people", "5", "--events", "12", "--weeks", "3"])
    #expect(gen.status == 0, "\(gen.stderr)")
    let people = (0..<3).map { "\(dir)/person\($0).ics" }
    let window = ["--from", "2026-11-16", "--to", "2026-11-23", "--tz", "Europe/Prague"]
    let combos: [[String]] = [
      ["--hours", "06:00-23:00", "--min", "30m"],
      ["--hours", "07:00-22:00", "--buffer", "10m", "--align", "30m", "--min", "30m"],
      ["--optional", "\(dir)/person3.ics", "--room", "\(dir)/person4.ics", "--min", "30m"],
      ["--quorum", "2", "--optional", "\(dir)/person3.ics", "--buffer", "5m", "--min", "45m"],
      [
        "--quorum", "2", "--room", "\(dir)/person3.ics", "--room", "\(dir)/person4.ics", "--buffer",
        "5m", "--hours", "06:00-22:00", "--min", "1h",
      ],
    ]
    for options in combos { try compare(people + window + options) }
  }
}
