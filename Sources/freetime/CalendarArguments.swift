import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// The calendars to read (every command): files, vdir directories, `-`, or `NAME=PATH`.
struct CalendarArguments: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "A calendar: a .ics file, a directory of .ics files (one person), - for standard input; NAME=PATH names the person.",
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
