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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-c", script]
    let inputFile = TemporaryFiles.file(input, name: UUID().uuidString + ".in")
    let outputFile = TemporaryFiles.file("", name: UUID().uuidString + ".out")
    let errorFile = TemporaryFiles.file("", name: UUID().uuidString + ".out")
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOfFile: outputFile, encoding: .utf8)
    guard process.terminationStatus == 0 else {
      let error = try String(contentsOfFile: errorFile, encoding: .utf8)
      throw PythonError(message: "\(path) exited with \(process.terminationStatus): \(error)")
    }
    return output
  }
}

public struct PythonError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
