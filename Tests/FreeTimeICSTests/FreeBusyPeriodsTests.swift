import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// A FREEBUSY line's periods, split and trimmed on bytes when the value is ASCII: the same as
/// splitting it by characters and trimming each with `trimmingWhitespace`.
@Suite struct FreeBusyPeriodsTests {
  static func byCharacters(_ value: String) -> [(String, String)] {
    value.split(separator: ",", omittingEmptySubsequences: false).map {
      (String($0), String($0).trimmingWhitespace())
    }
  }

  @Test(arguments: [
    "", ",", "20261102T090000Z/20261102T100000Z",
    "20261102T090000Z/PT1H,20261102T110000Z/20261102T120000Z",
    " 20261102T090000Z/PT1H ,\t20261102T110000Z/PT1H\t, ,,", "a\r\nb, c", "x,\u{301}y, é ,z",
  ])
  func asWrittenAndTrimmed(value: String) {
    let line = ContentLine(bytes: Array("FREEBUSY;FBTYPE=BUSY:\(value)".utf8), number: 1)
    let got = ComponentReader.periods(of: line).map {
      (String(decoding: $0.text, as: UTF8.self), String(decoding: $0.trimmed, as: UTF8.self))
    }
    let expected = Self.byCharacters(value)
    #expect(got.map(\.0) == expected.map(\.0))
    #expect(got.map(\.1) == expected.map(\.1))
  }

  /// A line without a value: one empty period, as the characters' split gives.
  @Test func noValue() {
    let periods = ComponentReader.periods(of: ContentLine(bytes: Array("FREEBUSY".utf8), number: 1))
    #expect(periods.count == 1 && periods[0].text.isEmpty && periods[0].trimmed.isEmpty)
  }
}
