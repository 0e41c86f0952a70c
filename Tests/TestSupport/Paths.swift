import Foundation

/// Where the package's files are, found from this source file's path, so tests read fixtures
/// wherever the package is checked out.
public enum Paths {
  /// The directory of the package (Tests/TestSupport/Paths.swift is three levels below it).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The package's Fixtures/ directory.
  public static let fixtures: URL = packageRoot.appendingPathComponent("Fixtures")
}
