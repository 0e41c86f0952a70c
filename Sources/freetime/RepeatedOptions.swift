import ArgumentParser

/// An option that holds one value and is given twice is an error naming it, never silently the
/// last one (argument-parser keeps the last). The lists are checked against the commands'
/// own description of their arguments by `RepeatedOptionsTests`.
enum RepeatedOptions {
  /// Options that take a value and may be repeated (their values add up).
  static let repeatable: Set<String> = [
    "--hours", "--days", "--zone", "--owner", "--optional", "--room", "--add-to",
  ]

  /// Options that take one value.
  static let single: Set<String> = [
    "--from", "--to", "--tz", "--min", "--buffer", "--align", "--quorum", "--limit", "--format",
    "--color", "--output", "--tentative", "--all-day", "--unknown", "--max-instances",
    "--max-line-bytes", "--max-file-instances", "--cpu-budget", "--config", "--duration",
    "--count", "--step", "--at", "--title", "--description", "--organizer",
  ]

  /// Short names of options that take one value.
  static let short: [Character: String] = ["o": "--output"]

  /// The command line with a negative value joined to its option (`--limit -1` as
  /// `--limit=-1`): argument-parser would read `-1` as an option and say a value is missing;
  /// joined, the option's own check says what is wrong with it.
  static func joiningNegativeValues(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var i = 0
    while i < arguments.count {
      let token = arguments[i]
      if token == "--" { return out + arguments[i...] }
      if i + 1 < arguments.count, single.contains(token) || repeatable.contains(token),
        let next = arguments[i + 1].dropFirst().first, arguments[i + 1].hasPrefix("-"),
        next.isNumber
      {
        out.append(token + "=" + arguments[i + 1])
        i += 2
        continue
      }
      out.append(token)
      i += 1
    }
    return out
  }

  /// Throws when `arguments` (the command line after the program's name) gives an option of
  /// `single` twice.
  static func check(_ arguments: [String]) throws {
    var seen: [String: String] = [:]
    var i = 0
    while i < arguments.count {
      let token = arguments[i]
      i += 1
      if token == "--" { return }
      let name: String
      var hasValue = false
      if token.hasPrefix("--") {
        let parts = token.split(separator: "=", maxSplits: 1)
        name = String(parts[0])
        hasValue = parts.count == 2
      } else if token.count >= 2, token.hasPrefix("-"), let long = short[token.dropFirst().first!] {
        name = long
        hasValue = token.count > 2
      } else {
        continue
      }
      guard single.contains(name) || repeatable.contains(name) else { continue }
      // Its value is the next argument, whatever it looks like.
      var value = ""
      if hasValue {
        value =
          token.hasPrefix("--")
          ? String(token.drop { $0 != "=" }.dropFirst()) : String(token.dropFirst(2))
      } else if i < arguments.count {
        value = arguments[i]
        i += 1
      }
      guard single.contains(name) else { continue }
      if let first = seen[name] {
        throw ValidationError(
          "\(name) is given twice ('\(first)' and '\(value)'); it holds one value, give it once.")
      }
      seen[name] = value
    }
  }
}
