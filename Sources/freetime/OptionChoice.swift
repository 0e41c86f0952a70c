import FreeTimeCore

/// The value meant by one that is almost right for an option with a fixed list of choices or a
/// number (docs/GUIDE.md, Usage).
enum OptionChoice {
  /// Words people give for a yes or no, by the choice each means where the choices are
  /// `always`/`never` (`--color`) or `busy`/`free` (`--tentative`, `--all-day`, `--unknown`:
  /// `true` is "it blocks time").
  private static let synonyms: [String: [String]] = [
    "always": ["yes", "true", "on", "1", "force"],
    "never": ["no", "false", "off", "0", "none"],
    "busy": ["yes", "true", "on", "1", "block", "blocks", "blocking", "tentative"],
    "free": ["no", "false", "off", "0", "ignore", "available", "open"],
    // The one human format is `table`; slots has two, so `text` is told rather than read.
    "table": ["text", "human", "tabel", "plain", "txt"],
    "json": ["jsn", "jason"],
    "ics": ["ical", "icalendar", "ics2", "vcalendar"],
    "ndjson": ["jsonl", "jsonlines", "json-lines", "ldjson"],
  ]

  /// The choice `value` is close to: a synonym, else a near spelling; nil when none is.
  static func meant(_ value: String, among items: [String]) -> String? {
    let v = value.lowercased()
    if let choice = items.first(where: { synonyms[$0]?.contains(v) == true }) { return choice }
    return Spelling.closest(to: v, among: items, limit: 1).first
  }

  private static let words = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
  ]

  /// The whole number `value` spells (`three`), or writes with a fraction of zero (`3.0`), or
  /// with blanks or a plus sign (`+3`); nil otherwise.
  static func number(_ value: String) -> String? {
    let v = value.lowercased().filter { $0 != " " }
    if let n = words.firstIndex(of: v) { return String(n) }
    if v.hasPrefix("+"), let n = Int(v.dropFirst()) { return String(n) }
    if let dot = v.firstIndex(of: "."), let n = Int(v[..<dot]),
      v[v.index(after: dot)...].allSatisfy({ $0 == "0" })
    {
      return String(n)
    }
    return v != value && Int(v) != nil ? v : nil
  }
}
