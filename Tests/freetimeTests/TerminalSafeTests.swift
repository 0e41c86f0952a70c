import TestSupport
import Testing

@testable import freetime

/// `Output.terminalSafe` looks at eight bytes at a time; it must answer as the rule on scalars
/// does: the characters of `ControlCharacters` (C0, DEL, C1, the bidirectional controls U+200E,
/// U+200F, U+202A–U+202E, U+2066–U+2069) are removed but tab, line feed and the CR of CR LF,
/// ESC kept with colour only when it starts an SGR sequence.
@Suite struct TerminalSafeTests {
  /// The rule, on scalars: what stays.
  static func expected(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (i, s) in scalars.enumerated() {
      let v = s.value
      if v == 0x09 || v == 0x0A { out.append(s); continue }
      if v == 0x0D && i + 1 < scalars.count && scalars[i + 1].value == 0x0A {
        out.append(s); continue
      }
      if v < 0x20 || (v >= 0x7F && v <= 0x9F) { continue }
      if v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v)
        || (0x2066...0x2069).contains(v)
      {
        continue
      }
      out.append(s)
    }
    return String(out)
  }

  @Test func answersAsTheByteByByteRule() {
    let pieces = [
      "a", "bcdefgh", "\t", "\n", "\r\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
      "é", "\u{00}", "\u{1F}", "Ć", "日本", "\u{C2}", " ",
      "{\"start\": \"2026-11-23T09:00:00+01:00\"}",
      // Bidirectional controls, and their neighbours with the same lead byte 0xE2.
      "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
      "\u{200D}", "\u{2010}", "\u{2029}", "\u{202F}", "\u{2065}", "\u{206A}", "–", "…", "█",
    ]
    var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
    for round in 0..<3000 {
      var text = ""
      for _ in 0..<(round % 40) { text += rng.element(of: pieces) }
      #expect(Output.terminalSafe(text) == Self.expected(text), "\(Array(text.utf8))")
    }
  }
}
