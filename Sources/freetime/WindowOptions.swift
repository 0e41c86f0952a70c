import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// The window and zone options shared by the default command and `busy`.
struct WindowOptions: ParsableArguments {
  /// Start of the window.
  @Option(
    help: ArgumentHelp("Start of the window (default: the next quarter hour).", valueName: "when"))
  var from: String?

  /// End of the window (exclusive).
  @Option(
    help: ArgumentHelp(
      "End of the window, exclusive (default: --from + 7 days).", valueName: "when"))
  var to: String?

  /// The zone of dates, times and the output.
  @Option(
    help: ArgumentHelp(
      "Time zone of WHEN values and the output, and the home zone of calendars that name none (default: $TZ, else the system zone).",
      valueName: "zone"),
    completion: .list(ZoneCompletion.names))
  var tz: String?
}
