import FreeTimeCore
import Testing
import TestSupport

@testable import FreeTimeICS

/// `RecurrenceRule` is libical's rule in plain values: read from libical and turned back into
/// libical's rule for its iterator, every part must come back as libical read it.
@Suite struct RecurrenceRuleTests {
  static let rules = [
    "FREQ=DAILY;COUNT=3", "FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2;WKST=SU",
    "FREQ=MONTHLY;BYDAY=2TU,-1FR;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=-1,15",
    "FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO;WKST=MO", "FREQ=YEARLY;BYYEARDAY=1,100,-1",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=HOURLY;BYHOUR=9,10;BYMINUTE=0,30",
    "FREQ=SECONDLY;INTERVAL=2;BYSECOND=1,59", "FREQ=YEARLY;UNTIL=20300101T000000Z",
    "FREQ=DAILY;UNTIL=20270101", "FREQ=WEEKLY;UNTIL=20261231T235959", "FREQ=MINUTELY;COUNT=10",
    "RSCALE=GREGORIAN;FREQ=MONTHLY;COUNT=3", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;COUNT=2",
    "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=6L;SKIP=FORWARD", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
    "FREQ=MONTHLY;BYDAY=5SU,-5MO", "FREQ=YEARLY;BYDAY=20MO,-53SU",
  ]

  @Test(arguments: rules)
  func convertsBothWays(text: String) throws {
    let rule = try #require(LibicalRecurrence.rule(text: Array(text.utf8)))
    #expect(LibicalRecurrence.text(rule) == LibicalRecurrence.libicalText(text), "\(text)")
  }

  /// Random rules of every part, as libical's reader takes them.
  @Test(arguments: 0..<20)
  func randomRulesConvertBothWays(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(7_000 + seed))
    let days = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    for _ in 0..<50 {
      var parts = [
        "FREQ="
          + ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"][
            rng.int(0...6)]
      ]
      if rng.chance(0.3) { parts.append("INTERVAL=\(rng.int(1...9))") }
      if rng.chance(0.3) { parts.append("COUNT=\(rng.int(1...99))") }
      if rng.chance(0.3) { parts.append("WKST=" + days[rng.int(0...6)]) }
      if rng.chance(0.4) {
        let byDay = (0..<rng.int(1...3)).map { _ in
          (rng.chance(0.5) ? String(rng.int(-5...5)) : "") + days[rng.int(0...6)]
        }
        parts.append("BYDAY=" + byDay.filter { !$0.hasPrefix("0") }.joined(separator: ","))
      }
      if rng.chance(0.3) { parts.append("BYMONTHDAY=\(rng.int(1...31)),-\(rng.int(1...31))") }
      if rng.chance(0.3) { parts.append("BYMONTH=\(rng.int(1...12))") }
      if rng.chance(0.2) { parts.append("BYSETPOS=\(rng.int(1...3)),-1") }
      if rng.chance(0.2) { parts.append("BYHOUR=\(rng.int(0...23));BYMINUTE=\(rng.int(0...59))") }
      let text = parts.filter { $0 != "BYDAY=" }.joined(separator: ";")
      guard let rule = LibicalRecurrence.rule(text: Array(text.utf8)) else { continue }
      #expect(LibicalRecurrence.text(rule) == LibicalRecurrence.libicalText(text), "\(text)")
    }
  }

  /// What the plain values say: frequency, positions, leap months, RSCALE, UNTIL.
  @Test func partsReadAsWritten() throws {
    let rule = try #require(
      LibicalRecurrence.rule(
        text: Array("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L,6;BYDAY=-1FR;UNTIL=20300101".utf8)))
    #expect(rule.frequency == .yearly)
    #expect(rule.byMonth == [.init(number: 5, isLeap: true), .init(number: 6, isLeap: false)])
    #expect(rule.byDay == [.init(weekday: 5, position: -1)])
    #expect(rule.rscale == "HEBREW")
    #expect(rule.until?.isDate == true && rule.until?.civil == CivilTime.seconds(2030, 1, 1))
    #expect(LibicalRecurrence.rule(text: Array("FREQ=SOMETIMES".utf8)) == nil)
  }
}
