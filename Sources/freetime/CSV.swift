import FreeTimeCore
import FreeTimeICS

/// CSV fields (RFC 4180) for `--format csv`.
enum CSV {
  /// A field: calendar text without control characters, quoted when it holds a comma, a quote
  /// or a line break.
  static func field(_ text: String) -> String {
    let clean = Sanitize.text(text, limit: 10_000)
    if clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) {
      return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
    }
    return clean
  }
}
