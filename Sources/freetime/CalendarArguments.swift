import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// The calendars to read (every command): files, vdir directories, `-`, `NAME=PATH`, or the
/// names of people and groups in the people file.
struct CalendarArguments: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "A calendar: a .ics file, a directory of .ics files (one person), - for standard input; NAME=PATH names the person; a person or @group of the people file.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var calendars: [String] = []

  /// At least one calendar. (Named `check`, not `validate`: a command calls it in the order of
  /// its own checks, so that with several mistakes the same one is reported first.)
  func check() throws {
    if calendars.isEmpty { throw ValidationError("Name at least one calendar.") }
  }

  /// Standard input at most once among these calendars and `others`.
  func checkStandardInput(with others: [String] = []) throws {
    if (calendars + others).filter({ $0 == "-" }).count > 1 {
      throw ValidationError("Standard input (-) can be read only once.")
    }
  }
}

/// Which people file to read (README, People file): `--config FILE`, or none with `--no-config`.
struct PeopleFileOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The people file (default: $XDG_CONFIG_HOME/freetime/config.toml, else ~/.config/freetime/config.toml, when it exists).",
      valueName: "file"),
    completion: .file(extensions: ["toml"]))
  var config: String?

  @Flag(name: .customLong("no-config"), help: "Read no people file.")
  var noConfig = false

  /// The people file these options name.
  func load() throws -> People {
    if config != nil && noConfig {
      throw ValidationError("Give --config FILE or --no-config, not both.")
    }
    return try People(config: config, noConfig: noConfig)
  }
}
