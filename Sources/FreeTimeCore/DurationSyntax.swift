/// The DURATION syntax of the command line (docs/ARCHITECTURE.md, Command line): `30m`, `1h`, `1h30m`, `90s`, `2d`, `1w`,
/// and ISO 8601 / RFC 5545 durations such as `PT1H30M` or `P1D`. All durations here are exact
/// seconds (a day is 86,400 s).
public enum DurationSyntax {
  /// Seconds of a duration, or nil when the text is not one.
  public static func parse(_ text: String) -> Int64? {
    guard let parts = parts(text) else { return nil }
    let (d, o1) = parts.days.multipliedReportingOverflow(by: 86_400)
    let (t, o2) = d.addingReportingOverflow(parts.seconds)
    return o1 || o2 ? nil : t
  }

  /// A duration as nominal days (weeks and days: calendar days on a wall clock) and exact
  /// seconds (hours, minutes, seconds), as RFC 5545 §3.3.6 tells them apart.
  public static func parts(_ text: String) -> (days: Int64, seconds: Int64)? {
    let s = text.trimmingSpaces()
    guard !s.isEmpty else { return nil }
    if s.first == "P" || s.first == "p" { return parseISO(s) }
    var days: Int64 = 0
    var total: Int64 = 0
    var number: Int64? = nil
    var sawUnit = false
    var usedUnits: Set<Character> = []
    for ch in s.lowercased() {
      if let digit = ch.wholeNumberValue, ch.isASCII {
        let (m, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (n, o2) = m.addingReportingOverflow(Int64(digit))
        if o1 || o2 { return nil }
        number = n
      } else {
        guard let n = number, let unit = unitSeconds[ch], !usedUnits.contains(ch) else {
          return nil
        }
        usedUnits.insert(ch)
        let nominal = ch == "w" || ch == "d"
        let (p, o1) = n.multipliedReportingOverflow(by: nominal ? unit / 86_400 : unit)
        let (t, o2) = (nominal ? days : total).addingReportingOverflow(p)
        if o1 || o2 || t > maximumDays * (nominal ? 1 : 86_400) { return nil }
        if nominal { days = t } else { total = t }
        number = nil
        sawUnit = true
      }
    }
    guard sawUnit, number == nil else { return nil }
    return (days, total)
  }

  /// About 27,000 years: beyond any calendar, and small enough that no sum overflows.
  private static let maximumDays: Int64 = 10_000_000

  private static let unitSeconds: [Character: Int64] = [
    "w": 604_800, "d": 86_400, "h": 3_600, "m": 60, "s": 1,
  ]

  private static func parseISO(_ text: String) -> (days: Int64, seconds: Int64)? {
    iso8601(text.uppercased().utf8.dropFirst(), grammar: .lenient)
  }

  /// The forms of ISO 8601 durations freetime reads.
  public enum Grammar: Sendable {
    /// The command line's: designators W, D, H, M, S in that order, each at most once, weeks
    /// with days allowed (`P1W2D`), numbers up to about 27,000 years in all.
    case lenient
    /// RFC 5545 §3.3.6 `dur-value` as producers write it: upper-case designators, weeks alone
    /// (`P2W`) or days and a time part, at most six digits a number, no sign. Every such value
    /// is one libical reads the same way.
    case rfc5545
  }

  /// Nominal days and exact seconds of an ISO 8601 duration, given the bytes after its `P`.
  public static func iso8601<C: Collection>(_ body: C, grammar: Grammar) -> (
    days: Int64, seconds: Int64
  )? where C.Element == UInt8 {
    var days: Int64 = 0
    var total: Int64 = 0
    var number: Int64? = nil
    var digits = 0
    var inTime = false
    var sawPart = false
    // Designators come in order (W, D, T, H, M, S), each at most once (RFC 5545 §3.3.6).
    var lastUnit = Int64.max
    for byte in body {
      if byte == UInt8(ascii: "T") {
        guard !inTime, number == nil else { return nil }
        inTime = true
        continue
      }
      if byte >= 0x30 && byte <= 0x39 {
        let (m, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (n, o2) = m.addingReportingOverflow(Int64(byte - 0x30))
        digits += 1
        if o1 || o2 || (grammar == .rfc5545 && digits > 6) { return nil }
        number = n
        continue
      }
      guard let n = number else { return nil }
      let unit: Int64
      switch (byte, inTime) {
      case (UInt8(ascii: "W"), false): unit = 604_800
      case (UInt8(ascii: "D"), false): unit = 86_400
      case (UInt8(ascii: "H"), true): unit = 3_600
      case (UInt8(ascii: "M"), true): unit = 60
      case (UInt8(ascii: "S"), true): unit = 1
      default: return nil
      }
      guard unit < lastUnit, grammar == .lenient || lastUnit != 604_800 else { return nil }
      lastUnit = unit
      let nominal = !inTime
      let (p, o1) = n.multipliedReportingOverflow(by: nominal ? unit / 86_400 : unit)
      let (t, o2) = (nominal ? days : total).addingReportingOverflow(p)
      if o1 || o2 || t > maximumDays * (nominal ? 1 : 86_400) { return nil }
      if nominal { days = t } else { total = t }
      number = nil
      digits = 0
      sawPart = true
    }
    // A `T` must be followed by at least one of H, M, S.
    guard sawPart, number == nil, !inTime || lastUnit <= 3_600 else { return nil }
    return (days, total)
  }

  /// A short human form: `1h30m`, `45m`, `2d3h`, `90s` → `1m30s`, `0s`.
  public static func short(_ seconds: Int64) -> String {
    if seconds == 0 { return "0s" }
    var rest = seconds
    var out = seconds < 0 ? "-" : ""
    rest = abs(rest)
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60), ("s", 1)] {
      let n = rest / size
      if n > 0 { out += "\(n)\(unit)" }
      rest %= size
    }
    return out
  }

  /// The ISO 8601 form used in JSON: `PT30M`, `PT1H30M`, `PT0S`, `PT36H`.
  public static func iso8601(_ seconds: Int64) -> String {
    if seconds == 0 { return "PT0S" }
    let h = seconds / 3_600
    let m = seconds / 60 % 60
    let s = seconds % 60
    var out = "PT"
    if h > 0 { out += "\(h)H" }
    if m > 0 { out += "\(m)M" }
    if s > 0 { out += "\(s)S" }
    return out
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
