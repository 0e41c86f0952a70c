import Foundation
import Testing

@testable import FreeTimeCore

/// The text helpers that replace Foundation's in the modules, against Foundation itself.
@Suite struct TextTests {
  @Test(arguments: [
    "", " ", "\t", "Europe/Prague", "  Europe/Prague\t", "\u{00A0}a b\u{2003}", "a\u{00A0}",
    " x\ny ", "\u{3000}東京\u{3000}",
  ])
  func trimmingWhitespaceAsFoundation(_ text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
  }

  @Test func oneDecimal() {
    for value in [0, 0.04, 0.26, 1, 2.5, 9.94, 10, 99.96, 123.4, 5_000.01, 1e6 / 3] {
      #expect(value.oneDecimal == String(format: "%.1f", value), "\(value)")
    }
    #expect((-0.3).oneDecimal == "-0.3")
    #expect((-2.54).oneDecimal == "-2.5")
  }
}
