import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// `--format`.
/// An option value from a fixed list, in any case (`--format JSON`, `--tentative Free`), as
/// `--days` already reads weekday names.
protocol CaselessArgument: ExpressibleByArgument, CaseIterable, RawRepresentable
where RawValue == String {
  /// Other names of some values (`text` for a command's one human format, `table`).
  static var aliases: [String: Self] { get }
}

extension CaselessArgument {
  init?(argument: String) {
    guard let value = Self(rawValue: argument.lowercased()) ?? Self.aliases[argument.lowercased()]
    else { return nil }
    self = value
  }

  static var aliases: [String: Self] { [:] }

  static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

enum OutputFormat: String, CaselessArgument {
  case table, timeline, json, ndjson, csv, ics, freebusy
}

/// A DURATION option value: `30m`, `1h30m`, `90s`, `PT1H30M`.
struct DurationArgument: ExpressibleByArgument, Sendable {
  var seconds: Int64
  var text: String

  /// The default as written in help (`15m`).
  var defaultValueDescription: String { text }

  init?(argument: String) {
    // A bare 0 is no time at all (the default of --min and --buffer).
    guard let seconds = argument == "0" ? 0 : DurationSyntax.parse(argument) else { return nil }
    self.seconds = seconds
    self.text = argument
  }

  static var defaultCompletionKind: CompletionKind { .list(["15m", "30m", "45m", "1h", "2h"]) }
}

extension BusyOrFreeArgument: ExpressibleByArgument {}

/// The zone names `--tz` completes to. Only a completion script needs them, and listing every
/// zone reads the tz database's list (tzdata.zi), which every run would pay (each parse builds
/// the options), so other runs get none.
enum ZoneCompletion {
  static var names: [String] {
    CommandLine.arguments.contains("--generate-completion-script") ? Zone.knownNames : []
  }
}

/// `--tentative busy|free`, `--all-day busy|free`.
enum BusyOrFreeArgument: String, CaselessArgument {
  case busy, free
}
