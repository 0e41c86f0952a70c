import FreeTimeCore

/// What to read for one person (or room): one or more files, directories of .ics files (read
/// recursively: a vdir, or a tree of them), or standard input.
public struct CalendarSource: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case file(String)
    case directory(String)
    case standardInput
  }

  /// Each part, in the order given; all are one person (overrides and versions apply across
  /// them, as in a directory).
  public var kinds: [Kind]
  /// The person's name: `NAME=` of `NAME=PATH`, else the base name without `.ics`.
  public var name: String
  public var role: Role
  /// The arguments as given, parallel to `kinds`, for messages and the JSON `sources`.
  public var arguments: [String]
  /// Whether the name was given (`NAME=PATH`, a people file), not taken from a file name: two
  /// sources of one given name are one person.
  public var isNamed = false
  /// Whether the people file gave it (a person, group member or room of the file): `book`
  /// names it by its name then, else by its arguments.
  public var fromPeopleFile = false

  public init(kinds: [Kind], name: String, role: Role = .required, arguments: [String]) {
    self.kinds = kinds
    self.name = name
    self.role = role
    self.arguments = arguments
  }

  /// One part.
  public init(kind: Kind, name: String, role: Role = .required, argument: String) {
    self.init(kinds: [kind], name: name, role: role, arguments: [argument])
  }

  /// The first argument, for messages about the person as a whole.
  public var argument: String { arguments[0] }

  /// This person's parts and another's of the same name, as one person (a part already there,
  /// such as a person named twice through a group, is read once).
  public func adding(_ other: CalendarSource) -> CalendarSource {
    var merged = self
    merged.fromPeopleFile = fromPeopleFile || other.fromPeopleFile
    for (kind, argument) in zip(other.kinds, other.arguments) where !kinds.contains(kind) {
      merged.kinds.append(kind)
      merged.arguments.append(argument)
    }
    return merged
  }
}
