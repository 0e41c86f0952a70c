import FoundationEssentials
import FreeTimeCore
import TOMLKit

extension PeopleFile {
  /// Turns TOML values into people and rooms, failing with the file, line and key.
  struct Reader {
    let path: String
    let locator: KeyLocator
    let directory: String
    let home: String?

    func failure(_ keys: [String], _ message: String) -> Failure {
      Failure(
        path: path, line: locator.line(of: keys), key: keys.joined(separator: "."),
        message: message)
    }

    /// A table of tables (`[people.alice]`, `[rooms.atlas]`), by name.
    func tables(_ value: TOMLValueConvertible, at keys: [String]) throws(Failure) -> [(
      String, TOMLTable
    )] {
      guard let table = value.table else { throw failure(keys, "must be a table") }
      var out: [(String, TOMLTable)] = []
      for name in table.keys.sorted() {
        guard let entry = table[name]!.table else {
          throw failure(
            keys + [name], "must be a table ([\((keys + [name]).joined(separator: "."))])")
        }
        guard !name.isEmpty, !name.hasPrefix("@"), !name.contains("="), !name.contains("/") else {
          throw failure(keys + [name], "a name must not be empty or hold '@', '=' or '/'")
        }
        out.append((name, entry))
      }
      return out
    }

    func string(_ value: TOMLValueConvertible, at keys: [String]) throws(Failure) -> String {
      guard let text = value.string else { throw failure(keys, "must be a string") }
      return text
    }

    /// An integer, at least `least` when given.
    func integer(_ value: TOMLValueConvertible, at keys: [String], least: Int? = nil)
      throws(Failure) -> Int
    {
      guard value.type == .int, let number = value.int else {
        throw failure(keys, "must be an integer")
      }
      if let least, number < least { throw failure(keys, "must be at least \(least)") }
      return number
    }

    /// A list of words (`features = ["video", "whiteboard"]`): no spaces, none empty.
    func words(_ value: TOMLValueConvertible, at keys: [String]) throws(Failure) -> [String] {
      guard let array = value.array else {
        throw failure(keys, "must be a list of words (e.g. [\"video\", \"whiteboard\"])")
      }
      var out: [String] = []
      for element in array {
        guard let word = element.string, !word.isEmpty,
          !word.contains(where: { $0 == " " || $0 == "," || $0.isNewline })
        else {
          throw failure(keys, "must be a list of words (e.g. [\"video\", \"whiteboard\"])")
        }
        out.append(word)
      }
      return out
    }

    /// A string or an array of strings.
    func strings(_ value: TOMLValueConvertible, at keys: [String]) throws(Failure) -> [String] {
      if let text = value.string { return [text] }
      guard let array = value.array else {
        throw failure(keys, "must be a string or an array of strings")
      }
      guard !array.isEmpty else { throw failure(keys, "must not be an empty list") }
      var out: [String] = []
      for element in array {
        guard let text = element.string else {
          throw failure(keys, "must be a string or an array of strings")
        }
        out.append(text)
      }
      return out
    }

    /// A path as written: `~` is the home directory, a relative path is from the file's
    /// directory; written tidily (docs/GUIDE.md, Output formats). A URL stays as written: it is
    /// refused, with advice, when the calendar is read (docs/GUIDE.md, People file).
    func expand(_ text: String, at keys: [String]) throws(Failure) -> String {
      guard !text.isEmpty else { throw failure(keys, "a path must not be empty") }
      if PathText.isURL(text) { return text }
      if text == "~" || text.hasPrefix("~/") {
        guard let home else { throw failure(keys, "'~' needs $HOME") }
        return PathText.tidy(home + text.dropFirst())
      }
      return PathText.tidy(text.hasPrefix("/") ? text : directory + "/" + text)
    }

    func lines(_ table: TOMLTable, at keys: [String]) -> [String: Int] {
      var out: [String: Int] = [:]
      for key in table.keys { out[key] = locator.line(of: keys + [key]) }
      return out
    }

    func person(_ name: String, _ table: TOMLTable) throws(Failure) -> Person {
      let at = ["people", name]
      var person = Person(
        name: name, calendars: [], email: nil, zone: nil, hours: nil, days: nil,
        lines: lines(table, at: at))
      for key in table.keys {
        let value = table[key]!
        switch key {
        case "calendars", "calendar":
          for text in try strings(value, at: at + [key]) {
            person.calendars.append(try expand(text, at: at + [key]))
          }
        case "email":
          person.email = try string(value, at: at + [key])
        case "zone":
          person.zone = try string(value, at: at + [key])
        case "hours":
          var spans: [WorkingHours.Span] = []
          for text in try strings(value, at: at + [key]) {
            guard let parsed = WorkingHours.parseSpans(text) else {
              let meant = WorkingHours.meantSpans(text).map { "; did you mean \($0)?" }
              throw failure(
                at + [key],
                "'\(text)' is not HH:MM-HH:MM[,HH:MM-HH:MM…]"
                  + (meant ?? " (e.g. 09:00-17:00)"))
            }
            spans += parsed
          }
          person.hours = spans
        case "days":
          var days = Set<Int>()
          for text in try strings(value, at: at + [key]) {
            guard let parsed = WorkingHours.parseDays(text) else {
              let meant = WorkingHours.meantDays(text).map { "; did you mean \($0)?" }
              throw failure(
                at + [key],
                "'\(text)' names no weekdays" + (meant ?? " (e.g. mon-fri, mon,wed,fri)"))
            }
            days.formUnion(parsed)
          }
          person.days = days
        case "building":
          person.building = try string(value, at: at + [key])
        case "floor":
          person.floor = try integer(value, at: at + [key])
        default:
          throw failure(
            at + [key],
            "unknown key (calendars, email, zone, hours, days, building and floor are known)")
        }
      }
      guard !person.calendars.isEmpty else {
        throw failure(at, "a person needs calendars = [\"path\", …]")
      }
      return person
    }

    func room(_ name: String, _ table: TOMLTable) throws(Failure) -> Room {
      let at = ["rooms", name]
      var room = Room(
        name: name, calendar: "", email: nil, location: nil, lines: lines(table, at: at))
      for key in table.keys {
        let value = table[key]!
        switch key {
        case "calendar":
          room.calendar = try expand(try string(value, at: at + [key]), at: at + [key])
        case "email":
          room.email = try string(value, at: at + [key])
        case "location":
          room.location = try string(value, at: at + [key])
        case "capacity":
          room.capacity = try integer(value, at: at + [key], least: 1)
        case "building":
          room.building = try string(value, at: at + [key])
        case "floor":
          room.floor = try integer(value, at: at + [key])
        case "features":
          room.features = try words(value, at: at + [key])
        default:
          throw failure(
            at + [key],
            "unknown key (calendar, email, location, capacity, building, floor and features are known)"
          )
        }
      }
      guard !room.calendar.isEmpty else { throw failure(at, "a room needs calendar = \"path\"") }
      return room
    }
  }
}

/// Where a key is written in TOML text, for messages (TOMLKit does not keep positions): the
/// line of `key =` under the table header that holds it (`[people.alice]`), of a dotted key
/// (`alice.email =` under `[people]`), or of the table's own header.
struct KeyLocator {
  let lines: [Substring]

  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The 1-based line of `keys` (a path of keys), or of the deepest table or key written that
  /// holds them.
  func line(of keys: [String]) -> Int? {
    var table: [String] = []
    var best: (depth: Int, line: Int)? = nil
    func consider(_ path: [String], _ line: Int) -> Bool {
      if path == keys { return true }
      if keys.starts(with: path), path.count > (best?.depth ?? -1) { best = (path.count, line) }
      return false
    }
    var inString: String? = nil  // the delimiter of a multi-line string being read
    var deeper: Int? = nil  // the first header below `keys` (`[person.b]` for `person`)
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingSpaces()
      if let delimiter = inString {
        if line.contains(delimiter) { inString = nil }
        continue
      }
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        table = KeyLocator.split(line.trimmingCharacters { $0 == "[" || $0 == "]" || $0 == " " })
        if consider(table, index + 1) { return index + 1 }
        if table.starts(with: keys), deeper == nil { deeper = index + 1 }
      } else if let eq = line.firstIndex(of: "=") {
        if consider(table + KeyLocator.split(String(line[..<eq])), index + 1) { return index + 1 }
        // A value that opens a multi-line string and does not close it on this line.
        let value = String(line[line.index(after: eq)...])
        for delimiter in KeyLocator.multiLine
        where value.components(separatedBy: delimiter).count == 2 {
          inString = delimiter
        }
      }
    }
    return best?.line ?? deeper
  }

  /// The delimiters of TOML's multi-line strings (three quotes, three apostrophes).
  static let multiLine = [String(repeating: "\"", count: 3), String(repeating: "'", count: 3)]

  /// `a.b."c d"` into its keys.
  static func split(_ text: String) -> [String] {
    text.split(separator: ".").map {
      $0.trimmingSpaces().trimmingCharacters { $0 == "\"" || $0 == "'" }
    }.filter { !$0.isEmpty }
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    trimmingCharacters { $0 == " " || $0 == "\t" || $0 == "\r" }
  }

  fileprivate func trimmingCharacters(_ drop: (Character) -> Bool) -> String {
    var s = Substring(self)
    while let c = s.first, drop(c) { s = s.dropFirst() }
    while let c = s.last, drop(c) { s = s.dropLast() }
    return String(s)
  }
}
