import FreeTimeCore

/// Where a busy interval comes from, for `--explain`.
public struct Origin: Sendable, Hashable {
  public var file: String
  public var line: Int?
  public var uid: String?
  /// SUMMARY of the event, or the FBTYPE of a free/busy period.
  public var summary: String?

  public init(file: String, line: Int?, uid: String?, summary: String?) {
    self.file = file
    self.line = line
    self.uid = uid
    self.summary = summary
  }
}
