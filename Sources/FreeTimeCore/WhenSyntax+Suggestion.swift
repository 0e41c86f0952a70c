/// The WHEN a value that is almost one means (docs/GUIDE.md, Usage: WHEN): freetime reads one
/// spelling and answers a close one with it.
extension WhenSyntax {
  /// The WHENs `text` most likely means when it is not one, usually one; two for a date whose
  /// day and month could be either (`03/04/2026`). Empty when it means none.
  ///
  /// * a relative time without its `+` (`1w`, `3d`) or with units spelt out (`+7days`,
  ///   `+2 weeks`, `+1 month`) → `+1w`, `+3d`, `+7d`, `+2w`, `+1mo`;
  /// * a date with slashes, dots or no separators (`2026/11/23`, `23.11.2026`, `11/23/2026`,
  ///   `20261123`) → `2026-11-23`;
  /// * a time of day of one digit, without minutes or without its colon, with am or pm, or
  ///   after a blank (`2026-11-23T9:00`, `2026-11-23T09`, `2026-11-23T0900`,
  ///   `2026-11-23 9am`) → `2026-11-23T09:00`; zero fractions of a second are dropped.
  public static func suggestions(for text: String) -> [String] {
    let s = text.trimmingSpaces()
    guard !s.isEmpty, s.count <= 40, s.allSatisfy(\.isASCII) else { return [] }
    let lower = s.lowercased()
    if let relative = relative(lower) { return [relative] }
    // A date, then perhaps a time of day and an offset.
    var date = Substring(lower)
    var time: Substring? = nil
    if let cut = lower.firstIndex(where: { $0 == "t" || $0 == " " }) {
      date = lower[..<cut]
      time = lower[lower.index(after: cut)...].drop { $0 == " " }
    }
    let days = dates(date)
    guard !days.isEmpty else { return [] }
    var suffix = ""
    if let t = time {
      guard let (clock, offset) = timeOfDay(t) else { return [] }
      suffix = "T" + clock + offset
    }
    let out = days.map { $0 + suffix.uppercased() }.filter { $0 != s }
    let zone = FixedOffset(seconds: 0)
    return out.allSatisfy({ parse($0, now: 0, base: 0, zone: zone) != nil }) ? out : []
  }

  /// `+…` with units spelt out, or a DURATION without its `+`.
  private static func relative(_ s: String) -> String? {
    let body =
      s.hasPrefix("+") ? String(s.dropFirst()) : s.hasPrefix("in ") ? String(s.dropFirst(3)) : s
    guard let first = body.first, first.isNumber else { return nil }
    // Months: `+1 month`, `2months`, `+3mos`.
    let letters = body.drop { $0.isNumber || $0 == " " }
    let number = body.prefix { $0.isNumber }
    if ["mo", "mos", "month", "months", "mth", "mths"].contains(String(letters)),
      let n = Int(number), n > 0, n < 1200
    {
      return "+\(n)mo"
    }
    if !s.hasPrefix("+"), DurationSyntax.parse(body) != nil { return "+" + body }
    return DurationSyntax.suggestion(for: body).map { "+" + $0 }
  }

  /// `YYYY-MM-DD` for a date written with other separators or in another order.
  private static func dates(_ d: Substring) -> [String] {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    func valid(_ y: Int, _ m: Int, _ day: Int) -> String? {
      CivilTime.isValid(year: y, month: m, day: day) && y >= 1000 && y <= 9999
        ? "\(y)-\(two(m))-\(two(day))" : nil
    }
    if d.count == 8, d.allSatisfy(\.isNumber), let y = Int(d.prefix(4)),
      let m = Int(d.dropFirst(4).prefix(2)), let day = Int(d.suffix(2))
    {
      return valid(y, m, day).map { [$0] } ?? []
    }
    for separator in ["-", "/", "."] as [Character] {
      let parts = d.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
        let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
      else { continue }
      if parts[0].count == 4 { return valid(a, b, c).map { [$0] } ?? [] }
      guard parts[2].count == 4 else { return [] }
      // Day first with dots (23.11.2026); with slashes whichever reading is a date, both when
      // both are (03/04/2026).
      if separator == "." { return valid(c, b, a).map { [$0] } ?? [] }
      return [valid(c, b, a), valid(c, a, b)].compactMap { $0 }.reduce(into: []) {
        if !$0.contains($1) { $0.append($1) }
      }
    }
    return []
  }

  /// `HH:MM` or `HH:MM:SS` and the offset after it (`z`, `+01:00`), for a time of day as
  /// people write it (lower case): `9:00`, `09`, `0900`, `9am`, `5:30pm`, `09:00:00.000`.
  public static func timeOfDay(_ t: Substring) -> (String, String)? {
    var body = t
    var offset = ""
    if body.hasSuffix("z") {
      offset = "z"
      body = body.dropLast()
    } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      offset = String(body[sign...])
      body = body[..<sign]
    }
    var shift: Int? = nil
    if body.hasSuffix("am") || body.hasSuffix("pm") {
      shift = body.hasSuffix("pm") ? 12 : 0
      body = body.dropLast(2).drop { $0 == " " }
      while body.last == " " { body = body.dropLast() }
    }
    // Zero fractions of a second.
    if let dot = body.firstIndex(of: "."), body[body.index(after: dot)...].allSatisfy({ $0 == "0" })
    {
      body = body[..<dot]
    }
    var parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 1, parts[0].count == 4 {
      parts = [String(parts[0].prefix(2)), String(parts[0].suffix(2))]
    }
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) }),
      parts.dropFirst().allSatisfy({ $0.count == 2 }), var hour = Int(parts[0])
    else { return nil }
    let rest = parts.dropFirst().compactMap { Int($0) }
    guard rest.allSatisfy({ $0 < 60 }) else { return nil }
    if let shift {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + shift
    }
    guard hour < 24 else { return nil }
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return (([hour] + (rest.isEmpty ? [0] : rest)).map(two).joined(separator: ":"), offset)
  }
}
