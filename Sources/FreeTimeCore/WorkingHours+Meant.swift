/// The `--hours` and `--days` values (and the people file's `hours` and `days`) that values
/// almost written mean (docs/GUIDE.md, Usage: Almost-right values).
extension WorkingHours {
  /// Ranges written with hours alone or an hour of one digit (`9-17`, `9:30-17`), as HH:MM
  /// ranges (`09:00-17:00`, `09:30-17:00`) when that is what they say; nil otherwise.
  /// Also `9am-5pm` and `9-5pm` (`09:00-17:00`), `09.00-17.00`, `9h-17h`, `9h30-17h`, blanks
  /// around the dash and an en dash for it (docs/GUIDE.md, Usage: --hours).
  public static func meantSpans(_ text: String) -> String? {
    // Each end's hour and minutes, and whether it said am (false) or pm (true).
    func reading(_ end: Substring) -> (Substring, Bool?) {
      var e = Substring(end.lowercased().replacing(".", with: ":"))
      var pm: Bool? = nil
      if e.hasSuffix("am") || e.hasSuffix("pm") {
        pm = e.hasSuffix("pm")
        e = e.dropLast(2)
      }
      if let h = e.firstIndex(of: "h"), !e.contains(":") {
        e = e[e.index(after: h)...].isEmpty ? e[..<h] : Substring(e.replacing("h", with: ":"))
      }
      return (e, pm)
    }
    func clock(_ end: Substring, _ pm: Bool?) -> String? {
      let parts = end.split(separator: ":", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count),
        parts.allSatisfy({ p in p.allSatisfy(\.isASCII) && p.allSatisfy(\.isNumber) }),
        let h = Int(parts[0]), (1...2).contains(parts[0].count), (0...24).contains(h)
      else { return nil }
      let m = parts.count == 2 ? Int(parts[1]) : 0
      guard let m, parts.count == 1 || parts[1].count == 2, (0..<60).contains(m), h < 24 || m == 0
      else { return nil }
      var hour = h
      if let pm {
        guard (1...12).contains(h) else { return nil }
        hour = h % 12 + (pm ? 12 : 0)
      }
      return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
    }
    var ranges: [String] = []
    let plain = text.replacing("\u{2013}", with: "-").replacing("\u{2014}", with: "-")
      .replacing(" ", with: "")
    for range in plain.split(separator: ",", omittingEmptySubsequences: false) {
      let ends = range.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count == 2 else { return nil }
      let (first, firstPM) = reading(ends[0])
      let (second, secondPM) = reading(ends[1])
      guard var a = clock(first, firstPM), let b = clock(second, secondPM), a != b else {
        return nil
      }
      // `1-3pm` is 13:00-15:00 (the start takes the end's pm when it stays before the end);
      // `9-5pm` is 09:00-17:00.
      if firstPM == nil, secondPM == true, let h = Int(a.prefix(2)), h < 12,
        String(h + 12) + a.dropFirst(2) < b
      {
        a = String(h + 12) + a.dropFirst(2)
      }
      ranges.append(a + "-" + b)
    }
    let out = ranges.joined(separator: ",")
    return parseSpans(out) != nil ? out : nil
  }

  /// Days written as people do (`weekdays`, `weekends`, `mo,tu` as an RRULE does,
  /// `Monday–Friday` with an en dash, blanks after commas) as a `--days` value (`mon-fri`,
  /// `sat-sun`, `mon,tue`); nil when they are none of these (docs/GUIDE.md, Usage: --days).
  public static func meantDays(_ text: String) -> String? {
    let plain = text.lowercased().replacing("\u{2013}", with: "-").replacing("\u{2014}", with: "-")
      .replacing(" ", with: "")
    let words: [String: String] = [
      "weekdays": "mon-fri", "weekday": "mon-fri", "workdays": "mon-fri",
      "workweek": "mon-fri", "weekends": "sat-sun", "weekend": "sat-sun",
      "everyday": "mon-sun", "alldays": "mon-sun", "daily": "mon-sun",
    ]
    if let out = words[plain] { return out }
    let two = [
      "su": "sun", "mo": "mon", "tu": "tue", "we": "wed", "th": "thu", "fr": "fri", "sa": "sat",
    ]
    let out = plain.split(separator: ",").map { item in
      item.split(separator: "-", omittingEmptySubsequences: false).map { end in
        two[String(end)] ?? String(end.prefix(3))
      }.joined(separator: "-")
    }.joined(separator: ",")
    return out != text && parseDays(out) != nil ? out : nil
  }
}
