import FreeTimeCore
import FreeTimeICS

/// CSV fields (RFC 4180) for `--format csv`.
enum CSV {
  /// A field: calendar text without control characters, quoted when it holds a comma, a quote
  /// or a line break.
  /// The most characters of calendar text a field shows.
  static let longest = 10_000

  static func field(_ text: String) -> String {
    let clean = Sanitize.text(text, limit: longest)
    // ASCII: each character is a byte, so the bytes tell (and much faster than characters).
    let needsQuotes =
      clean.utf8.allSatisfy { $0 < 0x80 }
      ? clean.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A }
      : clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
    if needsQuotes {
      return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
    }
    return clean
  }
}
