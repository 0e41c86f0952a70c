import FreeTimeCore
import FreeTimeICS

enum JSON {
  /// A JSON string literal (RFC 8259) without the characters of `ControlCharacters` but tab and
  /// line feed, which are escaped: escaped controls would come back as raw bytes through
  /// `jq -r` onto a terminal.
  static func string(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    append(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `string(text)` as UTF-8 bytes appended to `out`.
  static func append(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: #"\""#.utf8)
      case "\\": out.append(contentsOf: #"\\"#.utf8)
      case "\n": out.append(contentsOf: #"\n"#.utf8)
      case "\t": out.append(contentsOf: #"\t"#.utf8)
      default:
        if ControlCharacters.contains(scalar) { continue }
        if scalar.isASCII {
          out.append(UInt8(scalar.value))
        } else {
          out.append(contentsOf: UTF8.encode(scalar)!)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
