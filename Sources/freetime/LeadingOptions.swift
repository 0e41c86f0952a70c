import ArgumentParser
import FoundationEssentials
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// Options given before the subcommand, as git takes its global ones: `freetime --tz X suggest
/// a b` is `freetime suggest --tz X a b` (docs/GUIDE.md, Usage: where options go).
enum LeadingOptions {
  /// `arguments` (the command line after the program's name) with the options before a
  /// subcommand name moved after it. Only when every argument before that name is an option
  /// (with its value) and the name is neither a file nor a person of the people file: a
  /// calendar named `suggest` stays a calendar of the default command. Throws when a moved
  /// option is not one the subcommand takes, naming the subcommands that do.
  static func moved(_ arguments: [String]) throws -> [String] {
    guard let first = arguments.first, first.hasPrefix("-"), first != "-" else { return arguments }
    // `freetime --help suggest` is suggest's help, as `freetime help suggest` is.
    if first == "-h" || first == "--help", arguments.count > 1, isSubcommand(arguments[1]) {
      return [arguments[1], first] + arguments.dropFirst(2)
    }
    var i = 0
    var leading: [String] = []  // the option names, in order
    while i < arguments.count {
      let token = arguments[i]
      guard token.hasPrefix("-"), token != "-", token != "--" else { break }
      // Help, version and completion scripts keep argument-parser's reading.
      if ["-h", "--help", "--version", "--experimental-dump-help"].contains(token)
        || token.hasPrefix("--generate-completion-script")
      {
        return arguments
      }
      i += 1
      if token.hasPrefix("--") {
        let name = String(token.split(separator: "=", maxSplits: 1)[0])
        leading.append(name)
        if !token.contains("="),
          RepeatedOptions.single.contains(name) || RepeatedOptions.repeatable.contains(name)
        {
          i += 1  // its value, whatever it looks like
        }
      } else {
        // A cluster of short flags, the last one perhaps taking a value (-qo FILE).
        let letters = Array(token.dropFirst())
        for (n, letter) in letters.enumerated() {
          leading.append("-" + String(letter))
          if RepeatedOptions.short[letter] != nil {
            if n == letters.count - 1 { i += 1 }
            break
          }
        }
      }
    }
    guard i > 0, i < arguments.count else { return arguments }
    let name = arguments[i]
    // The subcommands' names first: the table of their options (argument-parser's description
    // of every command, decoded) is made only when options do come before one.
    guard isSubcommand(name), !isCalendar(name, options: arguments[..<i]) else {
      return arguments
    }
    let table = Table.shared
    guard let options = table.options[name] else { return arguments }
    for option in leading where !options.contains(option) {
      let takers = table.order.filter { table.options[$0]?.contains(option) == true }
      guard !takers.isEmpty else { continue }  // unknown anywhere: argument-parser says so
      let them =
        "freetime "
        + (takers.count == 1
          ? takers[0] : takers.dropLast().joined(separator: ", ") + " and " + takers.last!)
      throw CommandError(
        "\(option) is an option of \(them), not of freetime \(name); give it after a subcommand that takes it (freetime \(takers[0]) \(option) …), or leave it out (freetime \(name) --help shows its options)."
      )
    }
    return [name] + arguments[..<i] + arguments[(i + 1)...]
  }

  /// Whether `word` names a subcommand (not `help`).
  static func isSubcommand(_ word: String) -> Bool {
    Freetime.configuration.subcommands.contains { $0.configuration.commandName == word }
  }

  /// Whether `name` (a subcommand's name after the leading options) is rather a calendar: a
  /// file or directory, or a person, group or room of the people file these options name.
  static func isCalendar(_ name: String, options: ArraySlice<String>) -> Bool {
    if access(name, F_OK) == 0 { return true }
    var config: String?
    var noConfig = false
    var i = options.startIndex
    while i < options.endIndex {
      let token = options[i]
      if token == "--no-config" { noConfig = true }
      if token == "--config", i + 1 < options.endIndex { config = options[i + 1] }
      if token.hasPrefix("--config=") { config = String(token.dropFirst("--config=".count)) }
      i += 1
    }
    guard
      let directory = try? PeopleDirectory(
        config: config, noConfig: noConfig, environment: PeopleFileOptions.environment)
    else { return false }
    return directory.person(name) != nil || directory.room(name) != nil
  }

  /// The subcommands and the option names each takes (long and short, with their dashes),
  /// from argument-parser's description of the commands.
  struct Table {
    var order: [String] = []
    var options: [String: Set<String>] = [:]

    static let shared: Table = {
      struct Dump: Decodable {
        struct Command: Decodable {
          var commandName: String
          var subcommands: [Command]?
          var arguments: [Argument]?
        }
        struct Argument: Decodable {
          struct Name: Decodable {
            var kind: String
            var name: String
          }
          var names: [Name]?
        }
        var command: Command
      }
      var table = Table()
      guard
        let dump = try? JSONDecoder().decode(
          Dump.self, from: Data(Freetime._dumpHelp().utf8))
      else { return table }
      for sub in dump.command.subcommands ?? [] where sub.commandName != "help" {
        table.order.append(sub.commandName)
        var names: Set<String> = []
        for argument in sub.arguments ?? [] {
          for n in argument.names ?? [] {
            names.insert((n.kind == "long" ? "--" : "-") + n.name)
          }
        }
        table.options[sub.commandName] = names
      }
      return table
    }()
  }
}
