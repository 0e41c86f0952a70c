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
  /// (in `TZ`, else the system's zone), with the time: a word alone is the day's midnight.
  static func joined(_ date: String, _ next: String) -> String? {
    guard let time = timeOfDay(next), access(next, F_OK) != 0 else { return nil }
    if date.utf8.count == 10, WhenSyntax.wallClock(date) != nil { return date + "T" + time }
    let word = date.lowercased()
    guard !word.hasPrefix("+"), word != "now", word.allSatisfy({ $0.isLetter || $0 == " " })
    else { return nil }
    let zone = ProcessInfoZone.current
    let now = Int64(Glibc.time(nil))
    guard let midnight = WhenSyntax.parse(word, now: now, base: now, zone: zone) else {
      return nil
    }
    let f = CivilTime.fields(LocalTimeResolver.civil(midnight, in: zone))
    let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
    return "\(f.year)-\(two(f.month))-\(two(f.day))T" + time
  }

  /// The zone a day word is read in here, before the options are: `TZ`, else the system's.
  private enum ProcessInfoZone {
    static var current: Zone {
      if let name = getenv("TZ").map({ String(cString: $0) }), let zone = Zone.named(name) {
        return zone
      }
      return Zone.system
    }
  }

  /// `HH:MM` or `HH:MM:SS` for a time of day as people write it, or nil.
  static func timeOfDay(_ text: String) -> String? {
    var s = Substring(text.lowercased())
    var shift: Int? = nil
    if s.hasSuffix("am") || s.hasSuffix("pm") {
      shift = s.hasSuffix("pm") ? 12 : 0
      s = s.dropLast(2)
    }
    let parts = s.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.count > 1 || shift != nil,
      parts.allSatisfy({
        !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber }
      }),
      var hour = Int(parts[0])
    else { return nil }
    let rest = parts.dropFirst().map { Int($0)! }
    guard parts.dropFirst().allSatisfy({ $0.count == 2 }), rest.allSatisfy({ $0 < 60 }) else {
      return nil
    }
    if let shift {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + shift
    }
    guard hour < 24 else { return nil }
    let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
    return ([hour] + (rest.isEmpty ? [0] : rest)).map(two).joined(separator: ":")
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
