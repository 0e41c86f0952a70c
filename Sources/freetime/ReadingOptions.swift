import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// `--strict` (`busy`; the default command has it in `ReadingOptions`).
struct WarningOptions: ParsableArguments {
  @Flag(help: "Treat every warning about the calendars as an error.")
  var strict = false
}

/// How calendars are read: `--strict`, what blocks time, home zones, the cap on a series.
/// (Option groups are not nested: argument-parser leaks the path of a nested group's options
/// when parsing fails.)
struct ReadingOptions: ParsableArguments {
  @Flag(help: "Treat every warning about the calendars as an error.")
  var strict = false

  @Option(
    help: ArgumentHelp("Whether STATUS:TENTATIVE events block time.", valueName: "busy|free"))
  var tentative: BusyOrFreeArgument = .busy

  @Option(
    help: ArgumentHelp(
      "Whether unknown time blocks time: what a calendar does not cover (outside its VFREEBUSY or export range), and the rest of the day of an event whose end cannot be read.",
      valueName: "busy|free"))
  var unknown: BusyOrFreeArgument = .busy

  @Option(
    name: .customLong("all-day"),
    help: ArgumentHelp("Whether all-day (DATE) events block time.", valueName: "busy|free"))
  var allDay: BusyOrFreeArgument = .busy

  /// --zone, --owner.
  @OptionGroup var person: PersonOptions

  var zones: [String] { person.zones }
  var owners: [String] { person.owners }

  @Option(
    name: .customLong("max-instances"),
    help: ArgumentHelp("Cap on the instances of one recurring event.", valueName: "n"))
  var maxInstances: Int = ReadOptions.defaultMaxInstances

  func check() throws {
    if maxInstances < 1 { throw ValidationError("--max-instances must be at least 1.") }
  }
}

/// `--zone` and `--owner`: facts of a person given on the command line (docs/GUIDE.md, People
/// file).
struct PersonOptions: ParsableArguments {
  @Option(
    name: .customLong("zone"),
    help: ArgumentHelp(
      "A calendar's home zone for all-day events, floating times and working hours (default: the people file's, its X-WR-TIMEZONE, the zone of its own working hours, the zone most of its own events name, of all its events, else --tz)",
      valueName: "name=zone")
  )
  var zones: [String] = []

  @Option(
    name: .customLong("owner"),
    help: ArgumentHelp(
      "A calendar's owner, whose replies to invitations count (repeatable).",
      valueName: "name=address"))
  var owners: [String] = []
}
