import Foundation
import Testing

/// `freetime suggest` against the brute-force minute model (Tests/reference/model.py
/// --suggest): the same meetings in the same order, with the same outside minutes and cost
/// (issue 28) per attendee, missing and optional people and rooms.
@Suite struct SuggestModelTests {
  static let team = ["alice", "bob", "carol"].map { "Fixtures/team/\($0).ics" }
  static let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]

  @Test(arguments: [
    ["--duration", "1h"],
    ["--duration", "30m", "--step", "30m", "--count", "6", "--hours", "09:00-17:00"],
    ["--duration", "45m", "--step", "15m", "--count", "4", "--room", "Fixtures/team/dave.ics"],
    ["--duration", "2h", "--quorum", "2", "--count", "5", "--hours", "08:00-18:00"],
    [
      "--duration", "1h", "--optional", "Fixtures/team/dave.ics", "--days", "mon-fri", "--count",
      "4",
    ],
    ["--duration", "90m", "--step", "20m", "--hours", "bob=07:00-19:00", "--buffer", "10m"],
    ["--duration", "1h", "--tz", "America/New_York", "--step", "1h", "--count", "8"],
    // Cost: hours away from comfort in another zone; at most one or two a day.
    ["--duration", "1h", "--per-day", "1", "--count", "4"],
    [
      "--duration", "2h", "--step", "1h", "--count", "6", "--zone", "carol=Asia/Tokyo", "--per-day",
      "2",
    ],
  ])
  func sameAsTheModel(options: [String]) throws {
    var window = SuggestModelTests.week
    if let at = options.firstIndex(of: "--tz") {
      window[window.firstIndex(of: "--tz")! + 1] = options[at + 1]
    }
    let rest = options.enumerated().filter { i, word in
      word != "--tz" && (i == 0 || options[i - 1] != "--tz")
    }.map(\.element)
    let arguments = SuggestModelTests.team + window + rest
    let check = try Self.againstTheModel(
      arguments,
      key: """
        lambda s: (s["start"], s["end"], [(x["name"], x["outsideMinutes"], x["cost"]) for x in s["attendees"]],
                   s["missing"], s["optional"], s["rooms"])
        """)
    #expect(check.status == 0, "\(options): \(check.stdout)")
    #expect((Int(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 1)
  }

  /// `freetime suggest --format json` and the model on `arguments`, compared suggestion by
  /// suggestion on `key` (a Python function of one suggestion); the check prints how many.
  static func againstTheModel(_ arguments: [String], key: String) throws -> Run {
    let ours = try Run.freetime(["suggest", "--format", "json"] + arguments)
    #expect(ours.status == 0, "\(ours.stderr)")
    let modelArguments = arguments.map { $0 == "--duration" ? "--suggest" : $0 }
    let theirs = try Run.command(Run.pythonPath, [ModelTests.model] + modelArguments)
    #expect(theirs.status == 0, "\(theirs.stderr)")
    return try Run.python(
      """
      import json, sys
      a = json.loads(sys.argv[1])["suggestions"]; b = json.loads(sys.argv[2])["suggestions"]
      key = \(key)
      A, B = list(map(key, a)), list(map(key, b))
      if A != B:
          at = next((i for i, (x, y) in enumerate(zip(A, B)) if x != y), min(len(A), len(B)))
          print("suggestion", at, "of", len(A), "and", len(B), "freetime", A[at:at + 1], "model", B[at:at + 1])
          sys.exit(1)
      print(len(a))
      """, [ours.stdout, theirs.stdout])
  }
}
