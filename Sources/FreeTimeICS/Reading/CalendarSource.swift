import FreeTimeCore

/// What to read: a file, a directory of .ics files (a vdir), or standard input.
public struct CalendarSource: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case file(String)
    case directory(String)
    case standardInput
  }

  public var kind: Kind
  /// The person's name: `NAME=` of `NAME=PATH`, else the base name without `.ics`.
  public var name: String
  public var role: Role
  /// The argument as given, for messages and the JSON `source`.
  public var argument: String

  public init(kind: Kind, name: String, role: Role = .required, argument: String) {
    self.kind = kind
    self.name = name
    self.role = role
    self.argument = argument
  }
}
