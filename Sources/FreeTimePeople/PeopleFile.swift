import FoundationEssentials
import FreeTimeCore
import TOMLKit

/// The people file (docs/GUIDE.md, People file): people, rooms and groups by name, so a calendar
/// argument can be `alice` or `@design` instead of paths, zones and hours.
///
/// ```toml
/// [people.alice]
/// calendars = ["~/.calendars/alice/work", "~/.calendars/alice/home"]
/// email = "alice@example.com"
/// zone = "Europe/Berlin"
/// hours = ["09:00-12:00", "13:00-17:30"]
/// days = "mon-fri"
///
/// [rooms.atlas]
/// calendar = "~/rooms/atlas.ics"
/// email = "atlas@rooms.example.com"
/// location = "3rd floor, Atlas"
///
/// [groups]
/// design = ["alice", "bob", "carol"]
/// ```
public struct PeopleFile: Sendable {
  public struct Person: Sendable, Equatable {
    public var name: String
    /// Paths of files or directories, `~` expanded, relative ones from the file's directory.
    public var calendars: [String]
    public var email: String?
    /// As written; the command checks it names a zone.
    public var zone: String?
    public var hours: [WorkingHours.Span]?
    public var days: Set<Int>?
    /// Where they sit, for choosing a room (docs/GUIDE.md, People file).
    public var building: String? = nil
    public var floor: Int? = nil
    /// Lines of the person's keys, for messages.
    public var lines: [String: Int]
  }

  public struct Room: Sendable, Equatable {
    public var name: String
    public var calendar: String
    public var email: String?
    public var location: String?
    /// Seats (at least 1), when the file says.
    public var capacity: Int? = nil
    public var building: String? = nil
    public var floor: Int? = nil
    /// What the room holds (`video`, `projector`…), as written; compared case-insensitively.
    public var features: [String] = []
    public var lines: [String: Int]
  }

  public let path: String
  public var people: [String: Person] = [:]
  public var rooms: [String: Room] = [:]
  public var groups: [String: [String]] = [:]

  /// `$XDG_CONFIG_HOME/freetime/config.toml`, else `~/.config/freetime/config.toml`.
  public static func defaultPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/freetime/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/freetime/config.toml"
  }

  /// A malformed people file: the file, the line and the key.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var key: String?
    public var message: String

    public var description: String {
      var out = path
      if let line { out += ":\(line)" }
      out += ": "
      if let key { out += "\(key): " }
      return out + message
    }
  }

  /// Reads and checks the file at `path`.
  public init(path: String, home: String?) throws(Failure) {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Failure(path: path, message: "cannot read the people file")
    }
    try self.init(text: text, path: path, home: home)
  }

  /// Checks `text` as the people file at `path` (relative calendars are from its directory).
  public init(text: String, path: String, home: String?) throws(Failure) {
    self.path = path
    let locator = KeyLocator(text: text)
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw Failure(path: path, line: error.source.begin.line, message: error.description)
    } catch {
      throw Failure(path: path, message: "not TOML: \(error)")
    }
    let reader = Reader(
      path: path, locator: locator, directory: PeopleFile.directory(of: path), home: home)
    for key in table.keys {
      switch key {
      case "people":
        for (name, value) in try reader.tables(table[key]!, at: ["people"]) {
          people[name] = try reader.person(name, value)
        }
      case "rooms":
        for (name, value) in try reader.tables(table[key]!, at: ["rooms"]) {
          rooms[name] = try reader.room(name, value)
        }
      case "groups":
        guard let groupTable = table[key]!.table else {
          throw reader.failure(["groups"], "must be a table of name = [members]")
        }
        for name in groupTable.keys {
          groups[name] = try reader.strings(groupTable[name]!, at: ["groups", name])
        }
      default:
        throw reader.failure([key], "unknown section (people, rooms and groups are known)")
      }
    }
    for (group, members) in groups {
      for member in members where people[member] == nil && rooms[member] == nil {
        throw reader.failure(
          ["groups", group], "'\(member)' is not a person or room of this file")
      }
    }
    for name in people.keys where rooms[name] != nil {
      throw reader.failure(["rooms", name], "'\(name)' is both a person and a room")
    }
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// All names a calendar argument can use: people, rooms and `@groups`.
  public var names: [String] {
    (Array(people.keys) + Array(rooms.keys) + groups.keys.map { "@" + $0 }).sorted()
  }
}
