/// The DURATION a value that is almost one means (docs/GUIDE.md, Usage: DURATION): freetime
/// reads one spelling and answers a close one with it rather than guessing silently.
extension DurationSyntax {
  /// Units as people write them, by the letter freetime reads.
  private static let unitWords: [String: Character] = [
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d",
    "w": "w", "wk": "w", "wks": "w", "week": "w", "weeks": "w",
  ]

  private static let letterSeconds: [Character: Double] = [
    "w": 604_800, "d": 86_400, "h": 3_600, "m": 60, "s": 1,
  ]

  /// The DURATION `text` most likely means when it is not one: units spelt out (`30mins`,
  /// `2 hrs`, `1 hour` → `30m`, `2h`, `1h`), a fraction (`1.5h` → `1h30m`), hours and minutes
  /// (`1:30` → `1h30m`), minutes after hours without their unit (`1h30` → `1h30m`), or blanks
  /// between the parts (`1h 30m`). Nil when `text` is already a DURATION or means none of these.
  public static func suggestion(for text: String) -> String? {
    let s = text.trimmingSpaces().lowercased()
    guard !s.isEmpty, parse(s) == nil, s.count <= 40, s.allSatisfy(\.isASCII) else { return nil }
    // H:MM, as a clock writes a length.
    let clock = s.split(separator: ":", omittingEmptySubsequences: false)
    if clock.count == 2, let h = Int(clock[0]), let m = Int(clock[1]), clock[1].count == 2,
      h >= 0, h < 1000, m < 60, clock[0].allSatisfy(\.isNumber), h + m > 0
    {
      return short(Int64(h * 3600 + m * 60))
    }
    // Numbers (maybe with a fraction) each followed by a unit word, blanks allowed between.
    var parts: [(number: String, unit: Character?)] = []
    var number = ""
    var word = ""
    func close() -> Bool {
      if number.isEmpty { return word.isEmpty }
      if word.isEmpty {
        parts.append((number, nil))
      } else {
        guard let unit = unitWords[word] else { return false }
        parts.append((number, unit))
      }
      number = ""
      word = ""
      return true
    }
    for ch in s {
      if ch.isNumber || ch == "." || ch == "," {
        if !word.isEmpty { guard close() else { return nil } }
        number.append(ch == "," ? "." : ch)
      } else if ch.isLetter {
        guard !number.isEmpty else { return nil }
        word.append(ch)
      } else if ch == " " || ch == "\t" {
        continue
      } else {
        return nil
      }
    }
    guard close(), !parts.isEmpty else { return nil }
    // A bare number after hours is minutes (`1h30`), after minutes seconds (`1m30`).
    var units: [Character] = []
    for (i, part) in parts.enumerated() {
      if let unit = part.unit {
        units.append(unit)
      } else {
        let next: [Character: Character] = ["h": "m", "m": "s", "d": "h", "w": "d"]
        guard i == parts.count - 1, i > 0, let unit = next[units[i - 1]] else { return nil }
        units.append(unit)
      }
    }
    guard Set(units).count == units.count else { return nil }
    // Whole numbers keep the units given (`90min` → `90m`); a fraction is worked out.
    if parts.allSatisfy({ $0.number.allSatisfy(\.isNumber) }) {
      let out = zip(parts, units).map { "\(Int($0.number) ?? 0)\($1)" }.joined()
      return parse(out) != nil ? out : nil
    }
    var seconds = 0.0
    for (part, unit) in zip(parts, units) {
      guard let n = Double(part.number), let size = letterSeconds[unit] else { return nil }
      seconds += n * size
    }
    guard seconds >= 1, seconds < 1e9, seconds == seconds.rounded() else { return nil }
    return short(Int64(seconds))
  }
}
