import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// `--format`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case table, timeline, json, ndjson, csv, ics, freebusy
}

/// A DURATION option value: `30m`, `1h30m`, `90s`, `PT1H30M`.
struct DurationArgument: ExpressibleByArgument, Sendable {
  var seconds: Int64
  var text: String

  init?(argument: String) {
    guard let seconds = DurationSyntax.parse(argument) else { return nil }
    self.seconds = seconds
    self.text = argument
  }

  static var defaultCompletionKind: CompletionKind { .list(["15m", "30m", "45m", "1h", "2h"]) }
}

extension BusyOrFreeArgument: ExpressibleByArgument {}

/// `--tentative busy|free`, `--all-day busy|free`.
enum BusyOrFreeArgument: String, CaseIterable {
  case busy, free
}

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

/// The window and zone options shared by the default command and `busy`.
struct WindowOptions: ParsableArguments {
  /// Start of the window.
  @Option(help: ArgumentHelp("Start of the window (default: now).", valueName: "when"))
  var from: String?

  /// End of the window (exclusive).
  @Option(
    help: ArgumentHelp(
      "End of the window, exclusive (default: --from + 7 days).", valueName: "when"))
  var to: String?

  /// The zone of dates, times and the output.
  @Option(
    help: ArgumentHelp(
      "Time zone of WHEN values, floating times and the output (default: $TZ, else the system zone).",
      valueName: "zone"),
    completion: .list(ZoneCompletion.names))
  var tz: String?
}

/// `--strict` (the default command and `busy`).
struct WarningOptions: ParsableArguments {
  @Flag(help: "Treat every warning about the calendars as an error.")
  var strict = false
}

/// How calendars are read: what blocks time, home zones, the cap on a series, `--strict`.
struct ReadingOptions: ParsableArguments {
  @OptionGroup var warnings: WarningOptions

  @Option(
    help: ArgumentHelp("Whether STATUS:TENTATIVE events block time.", valueName: "busy|free"))
  var tentative: BusyOrFreeArgument = .busy

  @Option(
    name: .customLong("all-day"),
    help: ArgumentHelp("Whether all-day (DATE) events block time.", valueName: "busy|free"))
  var allDay: BusyOrFreeArgument = .busy

  @Option(
    name: .customLong("zone"),
    help: ArgumentHelp(
      "A calendar's home zone for floating times and dates (repeatable).", valueName: "name=zone")
  )
  var zones: [String] = []

  @Option(
    name: .customLong("max-instances"),
    help: ArgumentHelp("Cap on the instances of one recurring event.", valueName: "n"))
  var maxInstances: Int = 100_000

  func check() throws {
    if maxInstances < 1 { throw ValidationError("--max-instances must be at least 1.") }
  }
}

/// What makes a slot: its length, working hours, buffers, alignment, who must be free.
struct SchedulingOptions: ParsableArguments {
  /// Shortest slot kept.
  @Option(
    help: ArgumentHelp("Shortest slot to show (default: 0s, every slot).", valueName: "duration"))
  var min: DurationArgument?

  @Option(
    help: ArgumentHelp(
      "Working hours, in each person's home zone (e.g. 09:00-17:00).", valueName: "hh:mm-hh:mm"))
  var hours: String?

  @Option(
    help: ArgumentHelp(
      "Working days, in each person's home zone (mon-fri, mon,wed,fri, sat-sun).",
      valueName: "days"))
  var days: String?

  @Option(
    help: ArgumentHelp("Pad every busy interval on both sides.", valueName: "duration"))
  var buffer: DurationArgument?

  @Option(
    help: ArgumentHelp(
      "Round slot starts up and ends down to a multiple of this in --tz (e.g. 15m).",
      valueName: "duration"))
  var align: DurationArgument?

  @Option(
    help: ArgumentHelp(
      "Slots where at least K of the required people are free (default: all of them).",
      valueName: "k"))
  var quorum: Int?

  @Option(
    help: ArgumentHelp(
      "An optional attendee (repeatable): listed when free, never required.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var optional: [String] = []

  @Option(
    help: ArgumentHelp(
      "A room (repeatable): at least one room must be free; slots name the free rooms.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var room: [String] = []

  @Flag(
    help: "Say what ends the busy time before each slot and what starts after it.")
  var explain = false

  /// `--align` and `--quorum` against the `required` calendars, then standard input once.
  func check(_ required: CalendarArguments) throws {
    if let align, align.seconds <= 0 { throw ValidationError("--align must be longer than 0s.") }
    if let quorum, quorum < 1 || quorum > required.calendars.count {
      throw ValidationError(
        "--quorum must be between 1 and the number of required calendars (\(required.calendars.count))."
      )
    }
    try required.checkStandardInput(with: optional + room)
  }
}

/// `-o FILE` (the default command and `busy`): written atomically.
struct OutputFileOptions: ParsableArguments {
  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Write the output to FILE atomically instead of standard output.", valueName: "file"))
  var output: String?
}

/// How the default command prints: format, colour, file, quiet, how many slots.
struct OutputOptions: ParsableArguments {
  /// At most this many slots.
  @Option(help: ArgumentHelp("Show only the first N slots.", valueName: "n"))
  var limit: Int?

  @Option(help: "Output format.")
  var format: OutputFormat = .table

  @Option(
    help: ArgumentHelp(
      "Colour in the table and timeline: auto (a terminal without NO_COLOR), always, never.",
      valueName: "when"))
  var color: ColorChoice = .auto

  @OptionGroup var file: OutputFileOptions

  @Flag(name: .short, help: "Print nothing; only the exit status tells.")
  var quiet = false

  func check() throws {
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
  }

  /// At most `--limit` slots.
  func limited(_ slots: [Slot]) -> [Slot] {
    guard let limit, slots.count > limit else { return slots }
    return Array(slots.prefix(limit))
  }

  /// Renders the report in `--format` (in colour as `--color` says) and writes it to standard
  /// output (unless `-q`) or to the `-o` file.
  func write(_ report: Report) throws {
    var report = report
    if format == .table || format == .timeline {
      report.paint = Paint(on: Paint.decide(color, toFile: file.output != nil))
    }
    guard !quiet || file.output != nil else { return }
    try Output.write(
      report.render(format), to: file.output, quiet: quiet, colour: report.paint.on)
  }
}

/// The limits a hostile calendar meets (README "Limits"); the defaults suit real calendars.
struct LimitOptions: ParsableArguments {
  @Option(
    name: .customLong("max-line-bytes"),
    help: ArgumentHelp(
      "Longest content line after unfolding (default: 16777216, 16 MiB).", valueName: "n"))
  var maxLineBytes: Int?

  @Option(
    name: .customLong("max-file-instances"),
    help: ArgumentHelp(
      "Cap on the busy instances kept from one file (default: 20000000).", valueName: "n"))
  var maxFileInstances: Int?

  @Option(
    name: .customLong("cpu-budget"),
    help: ArgumentHelp(
      "Seconds of CPU time reading one file may take, plus 1 per 5 MB of it (default: 4).",
      valueName: "seconds"))
  var cpuBudget: Double?

  func validate() throws {
    if let maxLineBytes, maxLineBytes < 80 {
      throw ValidationError("--max-line-bytes must be at least 80.")
    }
    if let maxFileInstances, maxFileInstances < 1 {
      throw ValidationError("--max-file-instances must be at least 1.")
    }
    if let cpuBudget, !(cpuBudget > 0) {
      throw ValidationError("--cpu-budget must be more than 0 seconds.")
    }
  }

  /// The limits with these options applied.
  var limits: ReadLimits {
    var limits = ReadLimits()
    if let maxLineBytes { limits.lineBytes = maxLineBytes }
    if let maxFileInstances { limits.instancesPerFile = maxFileInstances }
    if let cpuBudget { limits.cpuSeconds = cpuBudget }
    return limits
  }
}

/// The zone names `--tz` completes to. Only a completion script needs them, and listing every
/// zone costs ICU about a quarter of a short run's start, which every run would pay (each
/// parse builds the options), so other runs get none.
enum ZoneCompletion {
  static var names: [String] {
    CommandLine.arguments.contains("--generate-completion-script") ? Zone.knownNames : []
  }
}
