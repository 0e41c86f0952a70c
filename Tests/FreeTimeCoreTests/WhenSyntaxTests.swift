import Testing

@testable import FreeTimeCore

/// The WHEN syntax of `--from` and `--to` (docs/ARCHITECTURE.md, Command line).
@Suite struct WhenSyntaxTests {
  let prague = SystemZone("Europe/Prague")
  /// 2026-11-22T11:24:29Z, a Sunday: 12:24:29 in Prague (CET, +01:00).
  let now: Instant = 1_795_346_669
  static let hour: Int64 = 3600

  /// A UTC instant (CivilTime is tested on its own, against a naive calendar).
  static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0)
    -> Instant
  {
    CivilTime.seconds(y, mo, d, h, mi, s)
  }

  func parse(_ text: String, base: Instant? = nil, now: Instant? = nil) -> Instant? {
    WhenSyntax.parse(text, now: now ?? self.now, base: base ?? self.now, zone: prague)
  }

  @Test func theTestClockIsWhatItSays() {
    #expect(now == Self.utc(2026, 11, 22, 11, 24, 29))
    #expect(CivilTime.fields(now).weekday == 0)
  }

  @Test func datesAreMidnightInTheZone() {
    #expect(parse("2026-11-23") == Self.utc(2026, 11, 22, 23))  // CET
    #expect(parse("2026-07-01") == Self.utc(2026, 6, 30, 22))  // CEST
    #expect(parse("2024-02-29") == Self.utc(2024, 2, 28, 23))
    // In UTC and at −05:00. (The expected values are typed constants: `#expect` compares an
    // optional with untyped literal arithmetic such as `1 + 2` wrongly in swift-testing 6.3.)
    let midnightZ: Instant = 1_795_392_000
    let midnightMinus5: Instant = midnightZ + 5 * 3600
    #expect(
      WhenSyntax.parse("2026-11-23", now: now, base: now, zone: FixedOffset(seconds: 0))
        == midnightZ)
    #expect(
      WhenSyntax.parse("2026-11-23", now: now, base: now, zone: FixedOffset(seconds: -5 * 3600))
        == midnightMinus5)
  }

  @Test func wallClockTimesInTheZone() {
    #expect(parse("2026-11-23T09:00") == Self.utc(2026, 11, 23, 8))
    #expect(parse("2026-11-23T09:30") == 1_795_426_200 - Self.hour)
    #expect(parse("2026-11-23t09:00") == Self.utc(2026, 11, 23, 8))
    #expect(parse("2026-11-23 09:00:30") == Self.utc(2026, 11, 23, 8, 0, 30))
    #expect(parse("2026-11-23T00:00") == parse("2026-11-23"))
    #expect(parse("2026-11-23T23:59:59") == Self.utc(2026, 11, 23, 22, 59, 59))
    #expect(parse("2026-07-01T09:00") == Self.utc(2026, 7, 1, 7))
  }

  @Test func wallClockTimesInTheGapAndTheFold() {
    // 02:30 does not exist on 2026-03-29: read with +01:00, i.e. 03:30 CEST.
    #expect(parse("2026-03-29T02:30") == Self.utc(2026, 3, 29, 1, 30))
    // 02:30 happens twice on 2026-10-25: the first (CEST) one.
    #expect(parse("2026-10-25T02:30") == Self.utc(2026, 10, 25, 0, 30))
    // São Paulo started DST at midnight on 2018-11-04: that date's midnight is 01:00 -02:00.
    let saoPaulo = SystemZone("America/Sao_Paulo")
    #expect(
      WhenSyntax.parse("2018-11-04", now: now, base: now, zone: saoPaulo)
        == Self.utc(2018, 11, 4, 3))
  }

  @Test func exactInstants() {
    #expect(parse("2026-11-23T09:00Z") == Self.utc(2026, 11, 23, 9))
    #expect(parse("2026-11-23T09:30:00Z") == 1_795_426_200)
    #expect(parse("2026-11-23t09:00z") == Self.utc(2026, 11, 23, 9))
    #expect(parse("2026-11-23T09:00:15Z") == Self.utc(2026, 11, 23, 9, 0, 15))
    #expect(parse("2026-11-23T09:00+01:00") == Self.utc(2026, 11, 23, 8))
    #expect(parse("2026-11-23T09:00+05:30") == Self.utc(2026, 11, 23, 3, 30))
    #expect(parse("2026-11-23T09:00-05:00") == Self.utc(2026, 11, 23, 14))
    #expect(parse("2026-11-23T09:00-0500") == Self.utc(2026, 11, 23, 14))
    #expect(parse("2026-11-23T09:00+00:00") == Self.utc(2026, 11, 23, 9))
    #expect(parse("2026-11-23T09:00+14:00") == Self.utc(2026, 11, 22, 19))
    #expect(parse("2026-11-23T09:00-12:00") == Self.utc(2026, 11, 23, 21))
    #expect(parse("2026-11-23T09:00:30+01:00") == Self.utc(2026, 11, 23, 8, 0, 30))
    // An offset wins over the zone, also in the zone's gap.
    #expect(parse("2026-03-29T02:30+01:00") == Self.utc(2026, 3, 29, 1, 30))
    #expect(parse("2026-03-29T02:30Z") == Self.utc(2026, 3, 29, 2, 30))
  }

  @Test func nowIsFlooredToTheMinute() {
    #expect(parse("now") == Self.utc(2026, 11, 22, 11, 24))
    #expect(parse("NOW") == Self.utc(2026, 11, 22, 11, 24))
    #expect(parse(" now ") == Self.utc(2026, 11, 22, 11, 24))
    #expect(parse("now", now: Self.utc(2026, 11, 22, 11, 24)) == Self.utc(2026, 11, 22, 11, 24))
    #expect(parse("now", now: Self.utc(2026, 11, 22, 11, 24, 59)) == Self.utc(2026, 11, 22, 11, 24))
    // Before 1970 too: floored, not truncated towards zero.
    #expect(parse("now", now: -1) == -60)
    #expect(parse("now", now: -60) == -60)
    #expect(parse("now", now: -61) == -120)
  }

  @Test func todayAndTomorrowAreMidnightsInTheZone() {
    #expect(parse("today") == Self.utc(2026, 11, 21, 23))
    #expect(parse("tomorrow") == Self.utc(2026, 11, 22, 23))
    #expect(parse("yesterday") == Self.utc(2026, 11, 20, 23))
    #expect(parse("Today") == parse("today"))
    // 23:30Z is already the next day in Prague.
    let lateEvening = Self.utc(2026, 11, 22, 23, 30)
    #expect(parse("today", now: lateEvening) == Self.utc(2026, 11, 22, 23))
    #expect(parse("tomorrow", now: lateEvening) == Self.utc(2026, 11, 23, 23))
    // Across the change to summer time: the next midnight is in CEST.
    let saturday = Self.utc(2026, 3, 28, 12)
    #expect(parse("today", now: saturday) == Self.utc(2026, 3, 27, 23))
    #expect(parse("tomorrow", now: saturday) == Self.utc(2026, 3, 28, 23))
    let sunday = Self.utc(2026, 3, 29, 12)
    #expect(parse("today", now: sunday) == Self.utc(2026, 3, 28, 23))
    #expect(parse("tomorrow", now: sunday) == Self.utc(2026, 3, 29, 22))
    // `today` does not depend on the base.
    #expect(parse("today", base: 0) == Self.utc(2026, 11, 21, 23))
  }

  @Test func relativeToTheBase() {
    let base = Self.utc(2026, 11, 23, 8)  // 09:00 CET, not `now`
    #expect(parse("+3d", base: base) == Self.utc(2026, 11, 26, 8))
    #expect(parse("+2w", base: base) == Self.utc(2026, 12, 7, 8))
    #expect(parse("+36h", base: base) == Self.utc(2026, 11, 24, 20))
    #expect(parse("+1d12h", base: base) == Self.utc(2026, 11, 24, 20))
    #expect(parse("+90m", base: base) == Self.utc(2026, 11, 23, 9, 30))
    #expect(parse("+30s", base: base) == Self.utc(2026, 11, 23, 8, 0, 30))
    #expect(parse("+PT90M", base: base) == Self.utc(2026, 11, 23, 9, 30))
    #expect(parse("+P1D", base: base) == Self.utc(2026, 11, 24, 8))
    #expect(parse("+0s", base: base) == base)
    #expect(parse("+0d", base: base) == base)
    // The base keeps its seconds (only `now` is floored).
    #expect(parse("+1h", base: base + 17) == Self.utc(2026, 11, 23, 9, 0, 17))
  }

  @Test func daysAcrossDSTKeepTheWallTime() {
    // 09:00 CET on Saturday 2026-03-28; the clocks go forward that night.
    let beforeSpring = Self.utc(2026, 3, 28, 8)
    #expect(parse("+1d", base: beforeSpring) == Self.utc(2026, 3, 29, 7))  // 09:00 CEST
    #expect(parse("+24h", base: beforeSpring) == Self.utc(2026, 3, 29, 8))  // 10:00 CEST
    #expect(parse("+1w", base: beforeSpring) == Self.utc(2026, 4, 4, 7))
    #expect(parse("+1d1h", base: beforeSpring) == Self.utc(2026, 3, 29, 8))
    // 09:00 CEST on Saturday 2026-10-24; the clocks go back that night.
    let beforeAutumn = Self.utc(2026, 10, 24, 7)
    #expect(parse("+1d", base: beforeAutumn) == Self.utc(2026, 10, 25, 8))  // 09:00 CET
    #expect(parse("+24h", base: beforeAutumn) == Self.utc(2026, 10, 25, 7))  // 08:00 CET
    // Landing in the gap: 02:30 the next day does not exist, so it is 03:30 CEST.
    let halfPastTwo = Self.utc(2026, 3, 28, 1, 30)
    #expect(parse("+1d", base: halfPastTwo) == Self.utc(2026, 3, 29, 1, 30))
    // Landing in the fold: the first 02:30.
    let halfPastTwoCEST = Self.utc(2026, 10, 24, 0, 30)
    #expect(parse("+1d", base: halfPastTwoCEST) == Self.utc(2026, 10, 25, 0, 30))
  }

  /// `+Nd` from random bases in 2026 (wall times 04:00–23:59, never in a gap or fold in Prague)
  /// lands on the same wall time N calendar days later; `+Nh` is exactly N hours; 300 seeds.
  @Test(arguments: 0..<300)
  func relativeDaysAreCalendarDays(seed: Int) {
    var rng = SplitMix64(seed: 7_000_000 + UInt64(seed))
    let day = Int64(rng.int(0...364))
    let wall =
      CivilTime.seconds(2026, 1, 1) + day * 86_400 + Int64(rng.int(4 * 60...(24 * 60 - 1))) * 60
    let base = wall - Int64(prague.utcOffset(at: wall - 3600))
    guard base + Int64(prague.utcOffset(at: base)) == wall else { return }  // a change that day
    let n = rng.int(0...60)
    let result = parse("+\(n)d", base: base)!
    #expect(
      result + Int64(prague.utcOffset(at: result)) == wall + Int64(n) * 86_400, "seed \(seed)")
    #expect(parse("+\(n)h", base: base) == base + Int64(n) * 3600)
    #expect(parse("+\(n)w", base: base) == parse("+\(7 * n)d", base: base))
  }

  @Test(arguments: [
    "2026-02-30", "2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
    "2026-11-00", "2026-11-32", "2026-11-23T24:00", "2026-11-23T09:60", "2026-11-23T09:00:60",
    "2026-11-23T9:00", "2026-11-23T09", "2026-11-23T", "2026-11-23T09:00:", "26-11-23",
    "2026-1-23", "2026/11/23", "20261123", "2026-11-23T09:00+25:00", "2026-11-23T09:00+01:60",
    "2026-11-23T09:00Zjunk", "2026-11-23T09:00+01:00x", "2026-11-23T09:00+1", "2026-11-23x",
    "next week", "+3x", "+", "+-3d", "3d", "+1h1h", "now!", "todays", "", "  ",
  ])
  func rejects(text: String) {
    #expect(parse(text) == nil, "\(text)")
  }
}
