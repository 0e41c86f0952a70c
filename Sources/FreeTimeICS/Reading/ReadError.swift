import FreeTimeCore

/// A calendar that cannot be read: an error, never "free all the time" (docs/ARCHITECTURE.md, Bad input).
public struct ReadError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var message: String

  public init(file: String, line: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
  }
}
