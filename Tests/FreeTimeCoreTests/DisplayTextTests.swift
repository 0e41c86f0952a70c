import Testing

@testable import FreeTimeCore

/// Display width, truncation and wrapping, and the UTC offset for people
/// (docs/GUIDE.md, Displays).
@Suite struct DisplayTextTests {
  @Test func displayWidthCountsColumns() {
    #expect("alice".displayWidth == 5)
    #expect("山田".displayWidth == 4)
    #expect("e\u{0301}".displayWidth == 1)  // e and a combining acute accent
    #expect("a\u{200B}b".displayWidth == 2)
    #expect("\u{1B}[1;32m09:00\u{1B}[0m".displayWidth == 5)
    #expect("ＡＢ".displayWidth == 4)  // fullwidth
    #expect("█·░".displayWidth == 3)
  }

  @Test func truncationEndsInAnEllipsisWithinTheWidth() {
    #expect("alice".truncated(toWidth: 5) == "alice")
    #expect("alexandra".truncated(toWidth: 5) == "alex…")
    #expect("山田太郎".truncated(toWidth: 5) == "山田…")
    #expect("山田太郎".truncated(toWidth: 6) == "山田…")
    for width in 1...12 {
      #expect("山田太郎 and alexandra".truncated(toWidth: width).displayWidth <= width)
    }
  }

  @Test func wrappingBreaksAtSpacesAndIndents() {
    let text =
      "    after: alice — Standup (Fixtures/team/alice.ics:42, UID standup-7f3a@google.com)"
    let lines = text.wrapped(width: 40).split(separator: "\n").map(String.init)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.displayWidth <= 40 }, "\(lines)")
    #expect(lines[0].hasPrefix("    after: alice"))
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("        ") && !$0.hasPrefix("         ") })
    // Nothing lost: the words, in order.
    #expect(
      lines.joined(separator: " ").split(separator: " ") == text.split(separator: " "))
    // A word wider than a line is broken where the line ends, and kept whole.
    let uid = String(repeating: "0123456789", count: 10)
    let broken = ("UID " + uid).wrapped(width: 30).split(separator: "\n").map(String.init)
    #expect(broken.allSatisfy { $0.displayWidth <= 30 }, "\(broken)")
    #expect(broken.map { $0.trimmingWhitespace() }.joined().contains(uid))
    // Wide characters count twice.
    let wide = String(repeating: "会議 ", count: 20).wrapped(width: 21)
    #expect(wide.split(separator: "\n").allSatisfy { String($0).displayWidth <= 21 }, "\(wide)")
    // Short text, and two spaces between cells, stay as they are.
    #expect("a  b".wrapped(width: 80) == "a  b")
  }

  @Test func utcOffsetsReadAsOffsets() {
    #expect(UTCOffset.text(-14_400) == "(UTC\u{2212}4)")
    #expect(UTCOffset.text(3_600) == "(UTC+1)")
    #expect(UTCOffset.text(19_800) == "(UTC+5:30)")
    #expect(UTCOffset.text(-12_600) == "(UTC\u{2212}3:30)")
    #expect(UTCOffset.text(20_700) == "(UTC+5:45)")
    #expect(UTCOffset.text(0) == "(UTC+0)")
    #expect(UTCOffset.text(50_400) == "(UTC+14)")
  }
}
