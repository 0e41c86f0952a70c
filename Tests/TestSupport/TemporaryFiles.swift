import Foundation

/// Temporary files for tests: one directory for the test process, created on first use.
public enum TemporaryFiles {
  public static let directory: String = {
    let path = NSTemporaryDirectory() + "freetime-tests-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// Writes `text` to `name` (by default a fresh name) in the directory; returns its path.
  public static func file(_ text: String, name: String = UUID().uuidString + ".ics") -> String {
    let path = directory + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }
}
