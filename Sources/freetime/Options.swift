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
