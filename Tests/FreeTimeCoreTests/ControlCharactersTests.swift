import Testing

@testable import FreeTimeCore

/// The one set of control characters, on scalars and on UTF-8 bytes, and `Sanitize.text`.
@Suite struct ControlCharactersTests {
  static let members: [ClosedRange<UInt32>] = [
    0x00...0x1F, 0x7F...0x9F, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
  ]

  @Test func theDocumentedSetOnScalarsAndOnUTF8() {
    // Every scalar up to U+2FFF (the set and its UTF-8 neighbours), and the last plane.
    for v in Array(UInt32(0)...0x2FFF) + Array(UInt32(0x10_FF00)...0x10_FFFF) {
      guard let scalar = Unicode.Scalar(v) else { continue }
      let member = Self.members.contains { $0.contains(v) }
      #expect(ControlCharacters.contains(scalar) == member, "U+\(String(v, radix: 16))")
      let utf8 = Array(String(scalar).utf8)
      let starts = utf8.withUnsafeBufferPointer { ControlCharacters.starts(at: 0, in: $0) }
      #expect(starts == member, "U+\(String(v, radix: 16))")
      if member { #expect(ControlCharacters.mayStart(utf8[0])) }
    }
  }

  @Test func aCutSequenceAtTheEndIsNoMember() {
    for bytes: [UInt8] in [[0xC2], [0xE2], [0xE2, 0x80], [0xE2, 0x81]] {
      #expect(!bytes.withUnsafeBufferPointer { ControlCharacters.starts(at: 0, in: $0) })
    }
  }

  @Test func sanitizeRemovesTheSetAndCuts() {
    #expect(
      Sanitize.text("a\tb\nc\r\u{1B}[31md\u{7F}\u{9B}e\u{202E}f\u{2066}g\u{200F}") == "abc[31mdefg")
    #expect(Sanitize.text("abcdef", limit: 3) == "abc…")
    #expect(Sanitize.text("ab\u{0}\u{202A}", limit: 3) == "ab")
  }

  /// The limit counts characters, also when one is several scalars, and a long text is cut
  /// there (the field of a slot that lists hundreds of people).
  @Test func theLimitCountsCharacters() {
    let long = String(repeating: "a", count: 20_000)
    #expect(Sanitize.text(long, limit: 10_000) == String(repeating: "a", count: 10_000) + "…")
    let accented = String(repeating: "e\u{301}", count: 6_000)
    let cut = Sanitize.text(accented, limit: 5_000)
    #expect(cut.count == 5_001)
    #expect(cut.hasSuffix("…"))
    // Cut at the character that reaches the limit, before a mark that would join it.
    #expect(Sanitize.text("e\u{301}e\u{301}", limit: 2) == "e\u{301}e…")
    #expect(Sanitize.text("abc", limit: 5) == "abc")
  }

  /// Printable ASCII takes a shortcut (a character is a byte): the same text as a scalar at a
  /// time, at, below and above the limit.
  @Test func asciiShortcutIsTheSame() {
    for length in 0...6 {
      let text = String("a;b, c\"d".prefix(length))
      for limit in 1...7 {
        #expect(
          Sanitize.text(text, limit: limit) == Sanitize.scalarByScalar(text, limit: limit),
          "\(text) \(limit)")
      }
    }
    #expect(Sanitize.text("abc", limit: 3) == "abc…")
    // ASCII as far as the limit, anything after it.
    for tail in ["…", "\u{301}", "\u{1B}[31m", "é", "\u{202E}x"] {
      for limit in 1...5 {
        let text = "abc" + tail + "de"
        #expect(
          Sanitize.text(text, limit: limit) == Sanitize.scalarByScalar(text, limit: limit),
          "\(text) \(limit)")
      }
    }
  }

  /// Joining as far as the limit shows gives the text of the whole list, ASCII or not.
  @Test func joinedIsTheTextOfTheWholeList() {
    let lists = [
      [], [""], ["ab"], ["ab", "cd", "ef"], ["ab", "c\u{1B}d", "ef"], ["ab", "é", "cd"],
      ["e\u{301}", "x"], ["a", "b\u{301}"], (0..<50).map { "person\($0)" },
    ]
    for list in lists {
      for limit in [1, 2, 3, 5, 8, 200] {
        for separator in [", ", ";", "\u{200F}"] {
          #expect(
            Sanitize.joined(list, separator: separator, limit: limit)
              == Sanitize.text(list.joined(separator: separator), limit: limit),
            "\(list) \(limit) \(separator)")
        }
      }
    }
  }
}
