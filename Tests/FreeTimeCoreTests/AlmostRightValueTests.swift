import Testing

@testable import FreeTimeCore

/// What an almost-right value means (docs/GUIDE.md, Usage): a DURATION, a --repeat period, a
/// --days list.
@Suite struct AlmostRightValueTests {
  @Test(arguments: [
    ("1.5h", "1h30m"), ("1h30", "1h30m"), ("30mins", "30m"), ("30 min", "30m"),
    ("1:30", "1h30m"), ("90min", "90m"), ("2hrs", "2h"), ("1 hour", "1h"), ("1h 30m", "1h30m"),
    ("0.5d", "12h"), ("45 Minutes", "45m"), ("0:45", "45m"), ("2 weeks", "2w"), ("1,5h", "1h30m"),
    ("1m30", "1m30s"), ("10 secs", "10s"),
  ])
  func aDurationAlmostWritten(text: String, meant: String) {
    #expect(DurationSyntax.suggestion(for: text) == meant)
    #expect(DurationSyntax.parse(meant) != nil)
  }

  /// Already a DURATION, or nothing like one: no suggestion.
  @Test(arguments: [
    "30m", "PT1H", "x", "", "1h1h", "1.5.2h", "1:5", "1:75", "30 parsecs", "-5m", "30",
  ])
  func noDurationSuggestion(text: String) {
    #expect(DurationSyntax.suggestion(for: text) == nil, "\(text)")
  }

  @Test(arguments: [
    ("week", RepeatPeriod.weekly), ("every week", .weekly), ("biweekly", .twoWeeks),
    ("fortnightly", .twoWeeks), ("every 2 weeks", .twoWeeks), ("every other week", .twoWeeks),
    ("every 4 weeks", .fourWeeks), ("month", .monthly), ("Every Month", .monthly),
    ("day", .daily), ("weekdays", .daily), ("weekyl", .weekly), ("montly", .monthly),
  ])
  func aPeriodAlmostWritten(text: String, meant: RepeatPeriod) {
    #expect(RepeatPeriod.meant(text) == meant)
  }

  @Test func noPeriodForNonsense() {
    #expect(RepeatPeriod.meant("zzz") == nil)
    #expect(RepeatPeriod.meant("yearly") == nil)
  }

  /// A day is its name or three letters of it at least: `mon–fri` (an en dash) is no day, not
  /// Monday; `Monday-Friday`, `tues` and `thurs` still read.
  @Test func daysAreWholeNamesOrPrefixes() {
    #expect(WorkingHours.parseDays("mon\u{2013}fri") == nil)
    #expect(WorkingHours.parseDays("mo,tu") == nil)
    #expect(WorkingHours.parseDays("Monday-Friday") == [1, 2, 3, 4, 5])
    #expect(WorkingHours.parseDays("tues,thurs") == [2, 4])
    #expect(WorkingHours.parseDays("monx") == nil)
  }
}
