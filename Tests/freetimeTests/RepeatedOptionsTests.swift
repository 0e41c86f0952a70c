import Foundation
import Testing

/// An option that holds one value, given twice, exits 2 naming it (never silently the last).
@Suite struct RepeatedOptionsTests {
  /// Every option of every command, from argument-parser's description of it, as
  /// (long name, short name, repeating).
  static func options() throws -> [(String, String?, Bool)] {
    var out: [(String, String?, Bool)] = []
    for command in ["slots", "suggest", "book", "busy", "check", "people"] {
      let run = try Run.freetime([command, "--experimental-dump-help"])
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
      let arguments = (json["command"] as! [String: Any])["arguments"] as! [[String: Any]]
      for argument in arguments where argument["kind"] as? String == "option" {
        let names = argument["names"] as! [[String: Any]]
        let long = names.first { $0["kind"] as? String == "long" }!["name"] as! String
        let short = names.first { $0["kind"] as? String == "short" }?["name"] as? String
        out.append(("--" + long, short, argument["isRepeating"] as? Bool ?? false))
      }
    }
    return out
  }

  /// The command's lists name every option that takes a value, as single or repeatable.
  @Test func listsMatchTheCommands() throws {
    let listed = try Run.freetime(["slots", "--experimental-dump-help"])
    #expect(listed.status == 0)
    let source = try String(
      contentsOf: Run.packageRoot.appendingPathComponent("Sources/freetime/RepeatedOptions.swift"),
      encoding: .utf8)
    let singleBlock = source.components(separatedBy: "static let single")[1]
      .components(separatedBy: "]")[0]
    let repeatableBlock = source.components(separatedBy: "static let repeatable")[1]
      .components(separatedBy: "]")[0]
    for (long, _, repeating) in try RepeatedOptionsTests.options() {
      let block = repeating ? repeatableBlock : singleBlock
      #expect(block.contains("\"\(long)\""), "\(long) is missing from RepeatedOptions")
    }
  }

  /// Each single-value option of `slots`, given twice, is refused by name.
  @Test func givenTwiceExitsTwo() throws {
    let values: [String: String] = [
      "--from": "2026-11-23", "--to": "+1d", "--tz": "UTC", "--min": "30m", "--buffer": "5m",
      "--align": "15m", "--quorum": "1", "--limit": "3", "--format": "json", "--color": "never",
      "--output": "/dev/null", "--tentative": "free", "--all-day": "free", "--unknown": "free",
      "--max-instances": "1000", "--max-line-bytes": "100000", "--max-file-instances": "100000",
      "--cpu-budget": "60", "--config": "/nonexistent/config.toml", "--duration": "1h",
      "--count": "2", "--step": "30m", "--at": "2026-11-23T10:00", "--title": "X",
      "--description": "Y", "--organizer": "a@example.com", "--per-day": "1",
      "--repeat": "weekly", "--occurrences": "3", "--until": "2027-01-01", "--rotate": "2",
      "--reschedule": "x@example.com", "--cancel": "x@example.com",
      "--occurrence": "2026-11-23T10:00", "--capacity": "3",
    ]
    for (long, short, repeating) in try RepeatedOptionsTests.options() where !repeating {
      guard let value = values[long] else {
        Issue.record("no test value for \(long)")
        continue
      }
      let first = short.map { "-" + $0 } ?? long
      let run = try Run.freetime(["Fixtures/team/alice.ics", first, value, "\(long)=\(value)"])
      #expect(run.status == 2, "\(long)")
      #expect(run.stderr.contains("\(long) is given twice"), "\(long): \(run.stderr)")
    }
    // Repeatable ones add up.
    let hours = try Run.freetime(
      ["Fixtures/team/alice.ics", "--hours", "09:00-10:00", "--hours", "11:00-12:00", "-q"])
    #expect(hours.status == 0)
  }
}
