import Foundation

/// The Python with icalendar, recurring-ical-events and python-dateutil: `FREETIME_PYTHON`
/// (scripts/test sets it to its virtual environment), else the first python3 on PATH.
public enum Python {
  public static let path: String = {
    if let path = ProcessInfo.processInfo.environment["FREETIME_PYTHON"], !path.isEmpty {
      return path
    }
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = "\(dir)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return "/usr/bin/python3"
  }()

  /// Runs `script` with `input` on its standard input; its standard output, or an error with
  /// its standard error when it fails.
  public static func run(_ script: String, input: String) throws -> String {
    let result = try Subprocess.run(path, ["-c", script], stdin: input)
    guard result.status == 0 else {
      throw PythonError(message: "\(path) exited with \(result.status): \(result.stderr)")
    }
    return result.stdout
  }
}

public struct PythonError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
