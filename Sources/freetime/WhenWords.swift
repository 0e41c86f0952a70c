import ArgumentParser
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// A WHEN given as two words, a date and then a time of day (`--from 2026-11-23 09:00`): the
/// shell split it, and the time would be read as a calendar (docs/GUIDE.md, Usage: WHEN).
enum WhenWords {
  /// The one WHEN `date` and `next` mean together (`2026-11-23T09:00`), when `date` is a date
  /// (`2026-11-23`) and `next` a time of day (`09:00`, `9:00`, `09:00:30`, `9am`, `5:30pm`)
  /// that is not a file; nil otherwise.
  ///
  /// A day named by a word (`tomorrow 09:00`, `friday 14:00`, `today 5pm`) is that day's date
  /// in the zone of `--tz` (`tz`), else `TZ`, else the system's (as `SchedulingRequest.zone`
  /// reads them, here without its warnings), with the time: a word alone is the day's midnight.
  static func joined(_ date: String, _ next: String, tz: String? = nil) -> String? {
    guard let time = timeOfDay(next), access(next, F_OK) != 0 else { return nil }
    if date.utf8.count == 10, WhenSyntax.wallClock(date) != nil { return date + "T" + time }
    let word = date.lowercased()
    guard !word.hasPrefix("+"), word != "now", word.allSatisfy({ $0.isLetter || $0 == " " })
    else { return nil }
    let zone =
      tz.flatMap(Zone.lookUpGiven)
      ?? getenv("TZ").flatMap { Zone.lookUpGiven(String(cString: $0)) } ?? Zone.system
    let now = Int64(Glibc.time(nil))
    guard let midnight = WhenSyntax.parse(word, now: now, base: now, zone: zone) else {
      return nil
    }
    let f = CivilTime.fields(LocalTimeResolver.civil(midnight, in: zone))
    return HumanTime.date(f) + "T" + time
  }

  /// `HH:MM` or `HH:MM:SS` for a word that is a time of day as people write it (`09:00`,
  /// `9:00`, `09:00:30`, `9am`, `5:30pm`; a bare number is not one here), or nil.
  static func timeOfDay(_ text: String) -> String? {
    let word = text.lowercased()
    guard word.contains(":") || word.hasSuffix("am") || word.hasSuffix("pm"),
      let (clock, offset) = WhenSyntax.timeOfDay(Substring(word)), offset.isEmpty
    else { return nil }
    return clock
  }

  /// The error for a value of a WHEN option that is not one: the WHEN meant when it is almost
  /// one (`+7days` → `+7d`, `2026/11/23` → `2026-11-23`), else `examples`.
  static func notAWhen(_ option: String, _ text: String, examples: String) -> ValidationError {
    let meant = WhenSyntax.suggestions(for: text)
    if !meant.isEmpty {
      return ValidationError(
        "\(option) '\(text)' is not a WHEN; did you mean \(meant.joined(separator: " or "))?")
    }
    return ValidationError("\(option) '\(text)' is not a WHEN (try \(examples)).")
  }
}
