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

  @Test(arguments: [
    ("2026-11-23T9:00", ["2026-11-23T09:00"]), ("2026/11/23", ["2026-11-23"]),
    ("23.11.2026", ["2026-11-23"]), ("11/23/2026", ["2026-11-23"]),
    ("03/04/2027", ["2027-04-03", "2027-03-04"]), ("20261123", ["2026-11-23"]),
    ("2026-11-23 9:00", ["2026-11-23T09:00"]), ("2026-11-23T09", ["2026-11-23T09:00"]),
    ("2026-11-23T0900", ["2026-11-23T09:00"]), ("2026-11-23 5pm", ["2026-11-23T17:00"]),
    ("2026-11-23T09:00:00.000Z", ["2026-11-23T09:00:00Z"]),
    ("2026-11-23T9:00+01:00", ["2026-11-23T09:00+01:00"]), ("+7days", ["+7d"]),
    ("+1 week", ["+1w"]), ("+2 weeks", ["+2w"]), ("1w", ["+1w"]), ("3d", ["+3d"]),
    ("+1 month", ["+1mo"]), ("in 3 days", ["+3d"]), ("+1.5h", ["+1h30m"]),
  ])
  func aWhenAlmostWritten(text: String, meant: [String]) {
    #expect(WhenSyntax.suggestions(for: text) == meant)
  }

  /// A WHEN already, or nothing like one: no suggestion.
  @Test(arguments: [
    "2026-11-23", "+3d", "tomorrow", "next week", "2026-13-01", "31/02/2026", "x", "",
    "2026-11-23T25:00", "7",
  ])
  func noWhenSuggestion(text: String) {
    #expect(WhenSyntax.suggestions(for: text).isEmpty, "\(text)")
  }
}
