import Foundation
import Testing

@testable import FreeTimeCore

/// Foundation's zones as an offset source, for tests against the system tz database.
struct SystemZone: UTCOffsetSource {
  let zone: TimeZone
  init(_ name: String) { zone = TimeZone(identifier: name)! }
  func utcOffset(at instant: Instant) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }
}

@Suite struct CivilTimeTests {
  @Test func roundTripsOverFourCenturies() {
    for days in stride(from: Int64(-200_000), through: 200_000, by: 37) {
      let d = CivilTime.date(days: days)
      #expect(CivilTime.days(year: d.year, month: d.month, day: d.day) == days)
      #expect(CivilTime.isValid(year: d.year, month: d.month, day: d.day))
    }
  }

  @Test func knownDates() {
    #expect(CivilTime.seconds(1970, 1, 1) == 0)
    #expect(CivilTime.seconds(2026, 11, 23, 9, 30) == 1_795_426_200)
    #expect(CivilTime.fields(CivilTime.seconds(2026, 11, 23)).weekday == 1)  // Monday
    #expect(
      CivilTime.fields(-1)
        == CivilTime.Fields(
          year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, weekday: 3))
    #expect(CivilTime.isValid(year: 2024, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 2026, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 2100, month: 2, day: 29))
    #expect(CivilTime.isValid(year: 2000, month: 2, day: 29))
  }
}

@Suite struct LocalTimeResolverTests {
  /// +01:00 until `change`, then +02:00 until `back`, then +01:00 (a CET-like zone).
  struct TwoChanges: UTCOffsetSource {
    let change = CivilTime.seconds(2026, 3, 29, 1)  // 01:00Z: 02:00 → 03:00
    let back = CivilTime.seconds(2026, 10, 25, 1)  // 01:00Z: 03:00 → 02:00
    func utcOffset(at instant: Instant) -> Int {
      instant >= change && instant < back ? 7200 : 3600
    }
  }

  @Test(arguments: [false, true])
  func gapTakesTheOffsetBeforeIt(system: Bool) {
    let civil = CivilTime.seconds(2026, 3, 29, 2, 30)
    let instant =
      system
      ? LocalTimeResolver.instant(civil: civil, in: SystemZone("Europe/Prague"))
      : LocalTimeResolver.instant(civil: civil, in: TwoChanges())
    #expect(instant == CivilTime.seconds(2026, 3, 29, 1, 30))  // 02:30+01:00, i.e. 03:30 CEST
  }

  @Test(arguments: [false, true])
  func foldTakesTheFirstOccurrence(system: Bool) {
    let civil = CivilTime.seconds(2026, 10, 25, 2, 30)
    let instant =
      system
      ? LocalTimeResolver.instant(civil: civil, in: SystemZone("Europe/Prague"))
      : LocalTimeResolver.instant(civil: civil, in: TwoChanges())
    #expect(instant == CivilTime.seconds(2026, 10, 25, 0, 30))  // 02:30+02:00
  }

  @Test func ordinaryTimesAndFixedOffsets() {
    let zone = SystemZone("America/New_York")
    #expect(
      LocalTimeResolver.instant(civil: CivilTime.seconds(2026, 11, 24, 9), in: zone)
        == CivilTime.seconds(2026, 11, 24, 14))
    #expect(
      LocalTimeResolver.instant(civil: 1000, in: FixedOffset(seconds: -3600)) == 4600)
    #expect(LocalTimeResolver.civil(0, in: FixedOffset(seconds: 19800)) == 19800)
  }
}

@Suite struct DurationSyntaxTests {
  @Test(
    arguments: [
      ("30m", 1800), ("1h", 3600), ("1h30m", 5400), ("90s", 90), ("0s", 0), ("1s", 1),
      ("2d", 172_800), ("1w", 604_800), ("PT1H30M", 5400), ("P1D", 86400), ("PT0S", 0),
      ("P1W", 604_800), ("P1DT2H", 93600), ("1H30M", 5400), (" 45m ", 2700),
    ] as [(String, Int64)])
  func parses(text: String, seconds: Int64) {
    #expect(DurationSyntax.parse(text) == seconds)
  }

  @Test(arguments: [
    "", "m", "30", "1x", "1h1h", "PT", "P1H", "P", "-5m", "1.5h", "99999999999999999999s", "h30",
  ])
  func rejects(text: String) {
    #expect(DurationSyntax.parse(text) == nil)
  }

  @Test func formats() {
    #expect(DurationSyntax.short(5400) == "1h30m")
    #expect(DurationSyntax.short(90) == "1m30s")
    #expect(DurationSyntax.short(0) == "0s")
    #expect(DurationSyntax.short(183_600) == "2d3h")
    #expect(DurationSyntax.iso8601(1800) == "PT30M")
    #expect(DurationSyntax.iso8601(0) == "PT0S")
    #expect(DurationSyntax.iso8601(129_600) == "PT36H")
    #expect(DurationSyntax.iso8601(3661) == "PT1H1M1S")
  }
}

@Suite struct WhenSyntaxTests {
  let prague = SystemZone("Europe/Prague")
  let now = CivilTime.seconds(2026, 11, 22, 11, 24, 29)

  func parse(_ text: String, base: Instant? = nil) -> Instant? {
    WhenSyntax.parse(text, now: now, base: base ?? now, zone: prague)
  }

  @Test func datesAndTimes() {
    #expect(parse("2026-11-23") == CivilTime.seconds(2026, 11, 22, 23))
    #expect(parse("2026-11-23T09:00") == CivilTime.seconds(2026, 11, 23, 8))
    #expect(parse("2026-11-23 09:00:30") == CivilTime.seconds(2026, 11, 23, 8, 0, 30))
    #expect(parse("2026-11-23T09:00Z") == CivilTime.seconds(2026, 11, 23, 9))
    #expect(parse("2026-11-23T09:00+05:30") == CivilTime.seconds(2026, 11, 23, 3, 30))
    #expect(parse("2026-11-23T09:00-0500") == CivilTime.seconds(2026, 11, 23, 14))
  }

  @Test func words() {
    #expect(parse("now") == CivilTime.seconds(2026, 11, 22, 11, 24))
    #expect(parse("today") == CivilTime.seconds(2026, 11, 21, 23))
    #expect(parse("tomorrow") == CivilTime.seconds(2026, 11, 22, 23))
  }

  @Test func relative() {
    let base = CivilTime.seconds(2026, 11, 23, 8)
    #expect(parse("+3d", base: base) == CivilTime.seconds(2026, 11, 26, 8))
    #expect(parse("+2w", base: base) == CivilTime.seconds(2026, 12, 7, 8))
    #expect(parse("+36h", base: base) == CivilTime.seconds(2026, 11, 24, 20))
    // Across the change to summer time a day is still "same wall time tomorrow".
    let beforeDST = CivilTime.seconds(2026, 3, 28, 8)  // 09:00 CET
    #expect(parse("+1d", base: beforeDST) == CivilTime.seconds(2026, 3, 29, 7))  // 09:00 CEST
    #expect(parse("+24h", base: beforeDST) == CivilTime.seconds(2026, 3, 29, 8))
  }

  @Test(arguments: [
    "2026-02-30", "2026-13-01", "2026-11-23T24:00", "2026-11-23T09:60", "26-11-23", "next week",
    "+3x", "2026-11-23T09:00+25:00", "",
  ])
  func rejects(text: String) {
    #expect(parse(text) == nil)
  }
}
