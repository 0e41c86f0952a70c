import ArgumentParser
import FreeTimeCore

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
      valueName: "zone"))
  var tz: String?
}
