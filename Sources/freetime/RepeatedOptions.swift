import ArgumentParser

/// An option that holds one value and is given twice is an error naming it, never silently the
/// last one (argument-parser keeps the last). The lists are checked against the commands'
/// own description of their arguments by `RepeatedOptionsTests`.
enum RepeatedOptions {
  /// Options that take a value and may be repeated (their values add up).
  static let repeatable: Set<String> = [
    "--hours", "--days", "--zone", "--owner", "--optional", "--room", "--add-to",
    "--at", "--feature",
  ]

  /// Options that take one value.
  static let single: Set<String> = [
    "--from", "--to", "--tz", "--min", "--buffer", "--align", "--quorum", "--limit", "--format",
    "--color", "--output", "--tentative", "--all-day", "--unknown", "--max-instances",
    "--max-line-bytes", "--max-file-instances", "--cpu-budget", "--config", "--duration",
    "--count", "--step", "--title", "--description", "--organizer", "--per-day", "--repeat",
    "--occurrences", "--until", "--rotate", "--reschedule", "--cancel", "--occurrence",
    "--capacity",
  ]

  /// Options whose value is a WHEN (docs/GUIDE.md, Usage: WHEN).
  static let whenOptions: Set<String> = ["--from", "--to", "--at", "--until", "--occurrence"]

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

  /// The separator of calendars packed into one argument: argv cannot hold a NUL byte, so no
  /// argument of a real command line contains one.
  static let packedSeparator: Character = "\u{0}"

  /// Fewest calendar arguments worth packing; shorter command lines reach argument-parser as
  /// they were given.
  static let packingThreshold = 32

  /// The command line with its calendar arguments after the first packed into one argument
  /// (each preceded by a NUL byte), when there are at least `packingThreshold` of them before
  /// any `--`; `CalendarArguments.all` unpacks them in order. argument-parser's time per
  /// positional argument grows with the arguments before it (it copies the array parsed so far
  /// and unions the positions it came from, each time): 10,000 calendars cost it about 1.7 s
  /// of a 2.8 s run (docs/PERFORMANCE.md). An argument is a calendar when it does not start
  /// with `-` (or is `-`, standard input) and is not the value of an option of `single`,
  /// `repeatable` or `short` (`RepeatedOptionsTests` checks those lists against the commands).
  /// The first stays where it is: it may name the subcommand.
  static func packingCalendars(_ arguments: [String]) -> [String] {
    var positions: [Int] = []
    var i = 0
    while i < arguments.count {
      let token = arguments[i]
      i += 1
      if token == "--" { break }
      if token == "-" || !token.hasPrefix("-") {
        positions.append(i - 1)
      } else if single.contains(token) || repeatable.contains(token) {
        i += 1  // its value, whatever it looks like
      } else if !token.hasPrefix("--"), let last = token.last, short[last] != nil {
        i += 1  // -o FILE, or a cluster of short flags ending in -o
      }
    }
    guard positions.count >= packingThreshold else { return arguments }
    var packed = ""
    for position in positions.dropFirst() {
      packed.append(packedSeparator)
      packed += arguments[position]
    }
    var out: [String] = []
    out.reserveCapacity(arguments.count - positions.count + 2)
    var next = 1  // the index in `positions` of the next calendar to leave out
    for (index, token) in arguments.enumerated() {
      if next < positions.count, positions[next] == index {
        if next == 1 { out.append(packed) }
        next += 1
      } else {
        out.append(token)
      }
    }
    return out
  }

  /// `arguments` with every packed argument (`packingCalendars`) unpacked in place.
  static func unpacking(_ arguments: [String]) -> [String] {
    guard arguments.contains(where: { $0.first == packedSeparator }) else { return arguments }
    var out: [String] = []
    for argument in arguments {
      if argument.first == packedSeparator {
        // On the bytes: a NUL is a character of its own (a control always stands alone).
        out += argument.utf8.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
          .map { String(decoding: $0, as: UTF8.self) }
      } else {
        out.append(argument)
      }
    }
    return out
  }

  /// An error message that quotes a packed argument (`Unexpected argument '…'`), with the
  /// calendars quoted one by one as they were given.
  static func unpacking(message: String) -> String {
    guard message.contains(packedSeparator) else { return message }
    var out = ""
    var previous: Character?
    for character in message {
      if character == packedSeparator {
        if previous != "'" { out += "', '" }
      } else {
        out.append(character)
      }
      previous = character
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
      if whenOptions.contains(name), i < arguments.count,
        let meant = WhenWords.joined(value, arguments[i], tz: givenTZ(arguments))
      {
        throw ValidationError(
          "'\(arguments[i])' is not a calendar: a WHEN is one word; did you mean \(name) \(meant)?")
      }
      guard single.contains(name) else { continue }
      if let first = seen[name] {
        throw ValidationError(
          "\(name) is given twice ('\(first)' and '\(value)'); it holds one value, give it once.")
      }
      seen[name] = value
    }
  }

  /// The value of `--tz` on the command line, if it is there.
  static func givenTZ(_ arguments: [String]) -> String? {
    for (k, token) in arguments.enumerated() {
      if token == "--tz", k + 1 < arguments.count { return arguments[k + 1] }
      if token.hasPrefix("--tz=") { return String(token.dropFirst("--tz=".count)) }
    }
    return nil
  }
}
