import Foundation
import TestSupport
import Testing

/// docs/GUIDE.md's recipe for many people (Cookbook, "Prepare many teams in parallel"), as it is
/// written there: GNU parallel runs `freetime busy` for each calendar into busy/, and the
/// merge of the VFREEBUSY files gives the slots of the calendars, with and without --quorum.
/// scripts/test installs GNU parallel (Debian's `parallel`) when it is missing.
@Suite struct OrganisationRecipeTests {
  /// The recipe's lines that start with `prefix`, from docs/GUIDE.md's code block, without their
  /// comments.
  func recipeLines(starting prefix: String) throws -> [String] {
    let guide = try String(
      contentsOf: Run.packageRoot.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
    let block = guide.components(separatedBy: "Prepare many teams in parallel")[1]
      .components(separatedBy: "```sh\n")[1].components(separatedBy: "```")[0]
    return block.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }.map {
      line in
      String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
    }
  }

  /// Runs a shell command line in `directory`, freetime on PATH, the environment of
  /// `Run.freetime`.
  func shell(_ line: String, in directory: String) throws -> Subprocess.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      Run.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["SOURCE_DATE_EPOCH"] = "1795000000"
    environment["TZ"] = "Europe/Prague"
    environment["XDG_CONFIG_HOME"] = "/nonexistent/freetime-tests"
    return try Subprocess.run(
      "/bin/sh", ["-c", line], environment: environment,
      directory: URL(fileURLWithPath: directory))
  }

  /// The slots of a JSON run, as written.
  func slots(_ json: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let data = try JSONSerialization.data(
      withJSONObject: object["slots"] as! [Any], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  @Test func parallelBusyThenMerge() throws {
    let gnu = try Subprocess.run("/usr/bin/env", ["parallel", "--version"])
    guard gnu.status == 0, gnu.stdout.contains("GNU parallel") else {
      Issue.record(
        "GNU parallel is not installed (scripts/test installs it): apt-get install parallel")
      return
    }
    let directory = Temp.directory + "/recipe-\(UUID().uuidString)"
    let calendars = directory + "/calendars"
    try FileManager.default.createDirectory(atPath: calendars, withIntermediateDirectories: true)
    // Six people's five weeks around the recipe's window (2026-12-01 and four weeks).
    let generated = try Run.generate(
      calendars,
      ["--seed", "27", "--people", "6", "--events", "80", "--start", "2026-11-30", "--weeks", "5"])
    #expect(generated.status == 0, "\(generated.stderr)")

    let setUp = try recipeLines(starting: "mkdir ")
    let busy = try recipeLines(starting: "parallel ")
    #expect(setUp == ["mkdir -p busy"])
    #expect(busy.count == 1 && busy[0].contains("--will-cite") && busy[0].contains("{/}"))
    for line in setUp + busy {
      let run = try shell(line, in: directory)
      #expect(run.status == 0, "\(line): \(run.stderr)")
      #expect(!run.stderr.contains("cite"), "\(line): \(run.stderr)")
    }
    let exported = try FileManager.default.contentsOfDirectory(atPath: directory + "/busy")
    #expect(exported.sorted() == (0..<6).map { "person\($0).ics" }.sorted())

    let merges = try recipeLines(starting: "freetime busy/*.ics")
    #expect(merges.count == 2 && merges.contains { $0.contains("--quorum") })
    for line in merges {
      let fromBusy = try shell(line + " --format json", in: directory)
      let direct = try shell(
        line.replacingOccurrences(of: "busy/*.ics", with: "calendars/*.ics") + " --format json",
        in: directory)
      #expect(fromBusy.status == direct.status, "\(line): \(fromBusy.stderr)")
      #expect(direct.status == 0, "\(line): \(direct.stderr)")
      let expected = try slots(direct.stdout)
      #expect(expected != "[]", "\(line): the calendars leave no slot to compare")
      #expect(try slots(fromBusy.stdout) == expected, "\(line)")
    }
  }
}
