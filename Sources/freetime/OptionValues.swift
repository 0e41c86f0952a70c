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

/// The zone names `--tz` completes to. Only a completion script needs them, and listing every
/// zone costs ICU about a quarter of a short run's start, which every run would pay (each
/// parse builds the options), so other runs get none.
enum ZoneCompletion {
  static var names: [String] {
    CommandLine.arguments.contains("--generate-completion-script") ? Zone.knownNames : []
  }
}

/// `--tentative busy|free`, `--all-day busy|free`.
enum BusyOrFreeArgument: String, CaseIterable {
  case busy, free
}
