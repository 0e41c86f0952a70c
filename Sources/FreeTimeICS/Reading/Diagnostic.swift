import FreeTimeCore

/// A warning about one part of a calendar that was skipped or read with a fallback.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How bad it is: an error (a value that cannot be read, so that time the calendar speaks of
  /// is unknown or lost: an error in `freetime check`, a warning everywhere else), a warning
  /// (something was skipped or read with a fallback that only adds busy time) or a note (legal
  /// but suspicious, or read as its producer plainly meant it; only `freetime check` asks for
  /// notes).
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
  }

  public var file: String
  public var line: Int?
  public var uid: String?
  public var message: String
  public var severity: Severity

  public init(
    file: String, line: Int?, uid: String? = nil, message: String, severity: Severity = .warning
  ) {
    self.file = file
    self.line = line
    self.uid = uid
    self.message = message
    self.severity = severity
  }

  /// `FILE:LINE: message (UID …)`, with control characters of calendar text removed.
  public var description: String {
    var out = file
    if let line { out += ":\(line)" }
    out += ": " + message
    if let uid, !uid.isEmpty { out += " (UID \(Sanitize.text(uid, limit: 120)))" }
    return out
  }
}
