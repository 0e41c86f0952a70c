import ArgumentParser
import FreeTimeCore

/// How a recurring meeting repeats, for `suggest` and `book` alike (docs/GUIDE.md, Recurring
/// meetings): `--repeat`, `--occurrences`, `--until`, `--rotate`, and the checks they share.
struct RepeatOptions: ParsableArguments {
  /// `RepeatPeriod`'s raw value (a string, so that a wrong one is told the periods there are).
  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp(
      "A recurring meeting: daily (Monday to Friday), weekly, 2w, 4w or monthly (the same weekday of the month, e.g. its 2nd Tuesday).",
      valueName: "period"),
    completion: .list(RepeatPeriod.allCases.map(\.rawValue)))
  var period: String?

  @Option(
    help: ArgumentHelp(
      "How many occurrences, the first included (COUNT; default 8 with --repeat).",
      valueName: "n"))
  var occurrences: Int?

  @Option(
    help: ArgumentHelp(
      "With --repeat, instead of --occurrences: the occurrences that start at or before WHEN (UNTIL).",
      valueName: "when"))
  var until: String?

  @Option(
    help: ArgumentHelp(
      "With --repeat: K meeting times (2 or 3) used in turn, each every K periods, so that no one carries the inconvenient ones alone.",
      valueName: "k"))
  var rotate: Int?

  /// The period, once `check` has passed.
  var repeatPeriod: RepeatPeriod? { period.flatMap { RepeatPeriod(rawValue: $0.lowercased()) } }

  /// Which options go together, and their ranges.
  func check() throws {
    guard let period else {
      for (given, name) in [
        (occurrences != nil, "--occurrences"), (until != nil, "--until"),
        (rotate != nil, "--rotate"),
      ] where given {
        throw ValidationError("\(name) needs --repeat (daily, weekly, 2w, 4w or monthly).")
      }
      return
    }
    guard let repeatPeriod = RepeatPeriod(rawValue: period.lowercased()) else {
      let meant = RepeatPeriod.meant(period).map { "; did you mean \($0.rawValue)?" } ?? "."
      throw ValidationError(
        "--repeat '\(period)' is not a period. Use one of: "
          + RepeatPeriod.allCases.map(\.rawValue).joined(separator: ", ") + meant)
    }
    if occurrences != nil && until != nil {
      throw ValidationError(
        "--occurrences and --until both end the series (COUNT or UNTIL, RFC 5545 §3.3.10): give one of them."
      )
    }
    if let occurrences, !(1...Repetition.maxOccurrences).contains(occurrences) {
      throw ValidationError(
        "--occurrences must be between 1 and \(Repetition.maxOccurrences), not \(occurrences).")
    }
    if let rotate {
      guard (2...3).contains(rotate) else {
        throw ValidationError("--rotate must be 2 or 3, not \(rotate).")
      }
      if repeatPeriod == .daily {
        throw ValidationError(
          "--rotate does not work with --repeat daily: every \(rotate == 2 ? "2nd" : "3rd") weekday is no single RRULE; rotate weekly, 2w, 4w or monthly meetings."
        )
      }
      if (occurrences ?? 8) < rotate {
        throw ValidationError(
          "--rotate \(rotate) needs at least \(rotate) occurrences, not \(occurrences ?? 8).")
      }
    }
  }
}
