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
    // Thousands written out: `1,000`, `1_000`, `10k`, `1e3`.
    let plain = v.filter { $0 != "," && $0 != "_" }
    if plain != v, let n = Int(plain) { return String(n) }
    if v.hasSuffix("k"), let n = Int(v.dropLast()), n < 1_000_000_000 { return String(n * 1000) }
    if let e = v.firstIndex(of: "e"), let m = Int(v[..<e]), let x = Int(v[v.index(after: e)...]),
      (0...9).contains(x)
    {
      let (n, overflow) = m.multipliedReportingOverflow(by: Int(pow10(x)))
      if !overflow { return String(n) }
    }
    if v.hasPrefix("+"), let n = Int(v.dropFirst()) { return String(n) }
    if let dot = v.firstIndex(of: "."), let n = Int(v[..<dot]),
      v[v.index(after: dot)...].allSatisfy({ $0 == "0" })
    {
      return String(n)
    }
    return v != value && Int(v) != nil ? v : nil
  }

  private static func pow10(_ x: Int) -> Int { (0..<x).reduce(1) { n, _ in n * 10 } }

  /// Bytes for a size with its unit (`16MiB`, `64KB`, `1M`), for `--max-line-bytes`.
  static func bytes(_ value: String) -> String? {
    let v = value.lowercased().filter { $0 != " " }
    let units: [(String, Int)] = [
      ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824), ("kb", 1000),
      ("mb", 1_000_000), ("gb", 1_000_000_000), ("k", 1024), ("m", 1_048_576), ("b", 1),
    ]
    for (unit, size) in units where v.hasSuffix(unit) {
      guard let n = Int(v.dropLast(unit.count)), n > 0, n < 1_000_000 else { return nil }
      return String(n * size)
    }
    return nil
  }

  /// Seconds for a `--cpu-budget` written as a DURATION (`5s`, `1m`, `1.5s`).
  static func seconds(_ value: String) -> String? {
    let v = value.lowercased().filter { $0 != " " }
    for unit in ["seconds", "second", "secs", "sec", "s"] where v.hasSuffix(unit) {
      let n = v.dropLast(unit.count)
      if !n.isEmpty, Double(n) != nil { return String(n) }
    }
    if let s = DurationSyntax.parse(v)
      ?? DurationSyntax.suggestion(for: v).flatMap(DurationSyntax.parse)
    {
      return String(s)
    }
    return nil
  }
}
