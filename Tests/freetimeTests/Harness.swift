import Foundation
import TestSupport
import Testing

/// Runs the built `freetime` binary and captures what it prints (argument-parser's
/// `AssertExecuteCommand` idea).
struct Run {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The directory of the package, and its Fixtures/ (Tests/TestSupport).
  static let packageRoot: URL = Paths.packageRoot

  static let fixtures = Paths.fixtures

  /// The freetime binary next to the test bundle (`.build/debug/freetime`).
  static let binary: URL = {
    var dir = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = dir.appendingPathComponent("freetime")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/freetime")
  }()

  /// Runs freetime with `arguments` in the package root, with a fixed DTSTAMP and zone.
  static func freetime(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> Run {
    try command(binary.path, arguments, stdin: stdin, environment: environment, in: directory)
  }

  /// Tests/reference/generate.py writing calendars into `directory` (`arguments` after it:
  /// `--seed`, `--people`, `--events`, `--mix`...).
  static func generate(_ directory: String, _ arguments: [String]) throws -> Run {
    try command(
      pythonPath,
      [packageRoot.appendingPathComponent("Tests/reference/generate.py").path, directory]
        + arguments)
  }

  /// Two people's year of meetings in the benchmark's `mix` (dense or export,
  /// Benchmarks/README.md), a fifth of their series open-ended.
  static func generateYear(_ directory: String, mix: String, seed: Int, events: Int) throws -> Run {
    try generate(
      directory,
      [
        "--seed", String(seed), "--people", "2", "--events", String(events), "--weeks", "52",
        "--open-series", "0.2", "--mix", mix,
      ])
  }

  /// Runs `executable` in the package's root, or in `directory`.
  static func command(
    _ executable: String, _ arguments: [String], stdin: String? = nil,
    environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> Run {
    var env = ProcessInfo.processInfo.environment
    env["SOURCE_DATE_EPOCH"] = "1795000000"
    env["TZ"] = "Europe/Prague"
    // No people file but the ones a test gives.
    env["XDG_CONFIG_HOME"] = "/nonexistent/freetime-tests"
    env.removeValue(forKey: "NO_COLOR")
    // scripts/sanitize: freetime itself checks for leaks, the test runner does not.
    if let options = env["FREETIME_CHILD_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = options }
    for (k, v) in environment { env[k] = v }
    let result = try Subprocess.run(
      executable, arguments, stdin: stdin, environment: env, directory: directory ?? packageRoot)
    return Run(status: result.status, stdout: result.stdout, stderr: result.stderr)
  }

  /// The Python of the differential tests (`Python.path`, Tests/TestSupport).
  static var pythonPath: String { Python.path }

  static func python(_ script: String, _ arguments: [String] = [], stdin: String? = nil) throws
    -> Run
  {
    try command(pythonPath, ["-c", script] + arguments, stdin: stdin)
  }
}

/// Golden files in Fixtures/golden: compared byte for byte; `FREETIME_RECORD=1` rewrites them.
enum Golden {
  static func check(
    _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = Run.fixtures.appendingPathComponent("golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["FREETIME_RECORD"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      actual == expected,
      "output differs from Fixtures/golden/\(name); FREETIME_RECORD=1 re-records",
      sourceLocation: sourceLocation)
  }
}

/// Temporary files for tests (Tests/TestSupport).
typealias Temp = TemporaryFiles
