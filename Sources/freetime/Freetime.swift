import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// The root command: `freetime [slots] <calendar>...`.
@main
struct Freetime: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "freetime",
    abstract: "Find common free time in iCalendar files.",
    // slots is the default: `freetime alice.ics bob.ics` is `freetime slots alice.ics bob.ics`.
    usage: """
      freetime [slots] [<options>] <calendar> ...
      freetime <subcommand> [<options>] ...
      """,
    discussion: """
      Reads each person's calendar (a .ics file, a directory of .ics files, or - for standard \
      input), computes their free time in a window, and prints the slots where everyone is \
      free. The options of the default command: freetime slots --help. Options may come before \
      the subcommand too: freetime --tz Europe/Berlin suggest ... is freetime suggest --tz \
      Europe/Berlin ...

      A people file (TOML: [people.NAME] with calendars, email, zone, hours, days; \
      [rooms.NAME] with calendar, email, location; [groups] NAME = [members]) lets a calendar \
      argument be a person (alice), a group (@design) or, after --room or --optional, a room; \
      its paths may start with ~ and are relative to its directory. The command line wins over \
      it. freetime people lists it. docs/GUIDE.md (People file) has the details.

      Examples:
        freetime alice.ics bob.ics --min 30m
        freetime team/*.ics --from 2026-12-01 --to +2w --format json
        freetime alice.ics bob.ics --hours 09:00-17:00 --format timeline
        freetime team/*.ics --format json | jq -r '.slots[0].start'
        freetime busy ~/.calendars/work/ -o alice-busy.ics
        freetime check *.ics

      Exit status:
        0  at least one common free slot was found
        1  no slot was found
        2  a usage error, or a calendar that cannot be read

      Environment:
        TZ                 the zone when --tz is not given (else the system zone)
        XDG_CONFIG_HOME    where the people file is (freetime/config.toml in it;
                           else in ~/.config)
        HOME               ~ in the people file, and ~/.config without
                           XDG_CONFIG_HOME
        NO_COLOR           when set and not empty, no colour with --color auto
        SOURCE_DATE_EPOCH  the DTSTAMP of iCalendar output, for reproducible files
      """,
    version: version,
    // Each subcommand gives its commandName: otherwise argument-parser derives it from the type
    // name by reflection, again and again at every start.
    subcommands: [
      Slots.self, Suggest.self, Book.self, Busy.self, Check.self, PeopleList.self,
      RepliesCommand.self,
    ],
    defaultSubcommand: Slots.self
  )

  /// The subcommand the command line names (the default, slots, when it names none).
  static var subcommandGiven: String {
    let names = configuration.subcommands.compactMap { $0.configuration.commandName }
    return CommandLine.arguments.dropFirst().first(where: names.contains) ?? "slots"
  }

  /// Runs the command and maps every failure to grep-like exit codes: usage errors are 2, not
  /// argument-parser's 64.
  static func main() {
    // The directories among the arguments are listed on another core meanwhile, for reading
    // to take (a command that reads none leaves them).
    CalendarArgument.listAhead(CommandLine.arguments.dropFirst())
    do {
      let arguments = try LeadingOptions.moved(
        RepeatedOptions.joiningNegativeValues(Array(CommandLine.arguments.dropFirst())))
      try RepeatedOptions.check(arguments)
      var command = try parseAsRoot(RepeatedOptions.packingCalendars(arguments))
      try command.run()
    } catch let code as ExitCode {
      Glibc.exit(code.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        if CommandLine.arguments.dropFirst().first == "--generate-completion-script",
          CommandLine.arguments.last == "bash"
        {
          Output.writeAll(1, Completion.bashWithDefaultSubcommand(fullMessage(for: error)) + "\n")
          Glibc.exit(0)
        }
        // --help on a terminal: within its width (docs/GUIDE.md, Displays).
        let text = fullMessage(for: error)
        if Terminal.size(of: 1) != nil, text.contains("USAGE: freetime") {
          Output.writeAll(1, Terminal.fitHelp(text) + "\n")
          Glibc.exit(0)
        }
        // --help, --version, completion scripts.
        Self.exit(withError: error)
      }
      let scheduling = error as? ScheduleError
      // A packed list of calendars (RepeatedOptions.packingCalendars) reads as it was given.
      let said = RepeatedOptions.unpacking(
        message: scheduling?.description ?? Self.message(for: error))
      var message = Diagnostics.oneLine(said)
      if error is CommandError == false && scheduling?.isUsage != false {
        message += " (freetime \(Self.subcommandGiven) --help shows the options.)"
      }
      Diagnostics.error(message)
      Glibc.exit(2)
    }
  }
}
