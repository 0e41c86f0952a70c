import FreeTimeCore
import FreeTimeICS

/// CSV fields (RFC 4180) for `--format csv`.
enum CSV {
  /// The most characters of calendar text a field shows.
  static let longest = 10_000

  /// `field(Sanitize.joined(names, separator: ";", limit: longest))` appended to `out`, when
  /// every name is printable ASCII without a comma or quote (then the field is the names'
  /// bytes, cut at `longest` with an ellipsis, and needs no quotes); false, with `out` as it
  /// was, when a name is not. A slot of a quorum can list thousands of people.
  static func appendPlainList(_ names: [String], to out: inout [UInt8]) -> Bool {
    let start = out.count
    for (i, name) in names.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ";")) }
      for byte in name.utf8 {
        guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "\"")
        else {
          out.removeSubrange(start...)
          return false
        }
        out.append(byte)
      }
      if out.count - start >= longest {
        out.removeSubrange((start + longest)...)
        out.append(contentsOf: "…".utf8)
        return true
      }
    }
    return true
  }

  /// A field: calendar text without control characters, quoted when it holds a comma, a quote
  /// or a line break.
  static func field(_ text: String) -> String {
    let clean = Sanitize.text(text, limit: longest)
    // On the bytes first: a comma, quote or line feed character is that byte (continuation
    // bytes are 0x80 or more), and in ASCII each character is a byte; elsewhere a byte found
    // may belong to a larger character, which the characters tell.
    let hasByte = clean.utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A
    }
    let needsQuotes =
      hasByte
      && (clean.utf8.allSatisfy { $0 < 0x80 }
        || clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }))
    if needsQuotes {
      return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
    }
    return clean
  }
}
