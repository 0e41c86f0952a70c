import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// The calendars to read (every command): files, vdir directories, `-`, `NAME=PATH`, or the
/// names of people and groups in the people file.
struct CalendarArguments: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "A calendar: a .ics file, a directory of .ics files (one person), - for standard input; NAME=PATH names the person; a person or @group of the people file.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var calendars: [String] = []

  /// The calendars in the order given: `calendars` with a long list unpacked
  /// (`RepeatedOptions.packingCalendars`).
  var all: [String] { RepeatedOptions.unpacking(calendars) }

  /// At least one calendar. (Named `check`, not `validate`: a command calls it in the order of
  /// its own checks, so that with several mistakes the same one is reported first.)
  func check() throws {
    if calendars.isEmpty {
      var message =
        "Name at least one calendar: a .ics file, a directory, a person or @group of the people file, or - for standard input"
      if isatty(0) == 0 { message += " (standard input is read only when - is given)" }
      throw ValidationError(message + ".")
    }
    // `freetime bussy x.ics`: a mistyped subcommand reads as a calendar named bussy.
    if let first = calendars.first, access(first, F_OK) != 0, !first.contains("="),
      !first.contains("/"), !first.hasPrefix("@")
    {
      let names = Freetime.configuration.subcommands.compactMap {
        $0.configuration.commandName
      }
      // A subcommand's own name here is a person's (`LeadingOptions` moves it otherwise).
      if let close = Spelling.closest(to: first, among: names).first, close != first {
        throw ValidationError(
          "'\(first)' is neither a calendar nor a subcommand; did you mean freetime \(close)?")
      }
    }
  }

  /// Standard input at most once among these calendars and `others`.
  func checkStandardInput(with others: [String] = []) throws {
    if (all + others).filter({ $0 == "-" }).count > 1 {
      throw ValidationError("Standard input (-) can be read only once.")
    }
  }
}

/// Which people file to read (docs/GUIDE.md, People file): `--config FILE`, or none with
/// `--no-config`.
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
  func load() throws -> PeopleDirectory {
    if config != nil && noConfig {
      throw ValidationError("Give --config FILE or --no-config, not both.")
    }
    let people = try PeopleDirectory(
      config: config, noConfig: noConfig, environment: PeopleFileOptions.environment)
    for note in people.zoneNotes { Diagnostics.warning(note) }
    return people
  }

  /// What locates the people file: HOME and XDG_CONFIG_HOME.
  static var environment: [String: String] {
    var out: [String: String] = [:]
    for key in ["HOME", "XDG_CONFIG_HOME"] {
      if let value = getenv(key) { out[key] = String(cString: value) }
    }
    return out
  }
}

extension CalendarSource {
  /// The files of this calendar: a file, or the calendar files of a directory (a vdir). Standard
  /// input has none to look in again: the error says `standardInput`.
  func files(standardInput message: String) throws -> [String] {
    var files: [String] = []
    for kind in kinds {
      switch kind {
      case .file(let path): files.append(path)
      case .directory(let path):
        do { files += try CalendarReader.calendarFiles(in: path) } catch {
          throw CommandError("\(error)")
        }
      case .standardInput:
        throw CommandError(message)
      }
    }
    return files
  }
}
