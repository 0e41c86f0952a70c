import Testing

@testable import FreeTimeCore

/// Proleptic Gregorian arithmetic, against a naive calendar walked one day at a time.
@Suite struct CivilTimeTests {
  static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  static func monthLength(_ year: Int, _ month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// From 1970-01-01 (a Thursday), one day at a time, forward to the year 4707 or backward to
  /// the year −768: every day count ↔ date both ways, the weekday, the fields of a time of day,
  /// and the validity of the date and of the day after each month's last.
  @Test(arguments: [1, -1])
  func walkOneDayAtATime(direction: Int) {
    var (year, month, day) = (1970, 1, 1)
    var weekday = 4
    var failures: [String] = []
    for n in 0...1_000_000 {
      let days = Int64(n * direction)
      let secondOfDay = (n * 7919 + 13) % 86_400
      let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
      let seconds = days * 86_400 + Int64(secondOfDay)
      let fields = CivilTime.fields(seconds)
      let date = CivilTime.date(days: days)
      if CivilTime.days(year: year, month: month, day: day) != days
        || date.year != year || date.month != month || date.day != day
        || fields
          != CivilTime.Fields(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            weekday: weekday)
        || CivilTime.seconds(year, month, day, hour, minute, second) != seconds
        || !CivilTime.isValid(year: year, month: month, day: day)
        || (day == 1
          && CivilTime.isValid(year: year, month: month, day: Self.monthLength(year, month) + 1))
      {
        failures.append("\(days) ↔ \(year)-\(month)-\(day), weekday \(weekday): got \(fields)")
        if failures.count > 5 { break }
      }
      // Step the naive calendar.
      if direction > 0 {
        weekday = (weekday + 1) % 7
        day += 1
        if day > Self.monthLength(year, month) {
          day = 1
          month += 1
          if month > 12 {
            month = 1
            year += 1
          }
        }
      } else {
        weekday = (weekday + 6) % 7
        day -= 1
        if day < 1 {
          month -= 1
          if month < 1 {
            month = 12
            year -= 1
          }
          day = Self.monthLength(year, month)
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Dates with known Unix times (from `date -u -d … +%s`) and weekdays (0 = Sunday).
  @Test(
    arguments: [
      (1970, 1, 1, 0, 4),
      (1969, 12, 31, -86_400, 3),
      (2026, 11, 23, 1_795_392_000, 1),  // a Monday
      (2000, 1, 1, 946_684_800, 6),
      (2000, 3, 1, 951_868_800, 3),
      (1900, 1, 1, -2_208_988_800, 1),
      (1600, 2, 29, -11_670_998_400, 2),
      (1, 1, 1, -62_135_596_800, 1),
      (9999, 12, 31, 253_402_300_799 - 86_399, 5),
    ] as [(Int, Int, Int, Int64, Int)])
  func knownDates(year: Int, month: Int, day: Int, unix: Int64, weekday: Int) {
    #expect(CivilTime.seconds(year, month, day) == unix)
    #expect(CivilTime.days(year: year, month: month, day: day) * 86_400 == unix)
    let date = CivilTime.date(days: unix / 86_400)
    #expect(date.year == year && date.month == month && date.day == day)
    #expect(CivilTime.fields(unix).weekday == weekday)
  }

  @Test func fieldsOfTimesOfDay() {
    #expect(
      CivilTime.fields(1_795_426_200)
        == CivilTime.Fields(
          year: 2026, month: 11, day: 23, hour: 9, minute: 30, second: 0, weekday: 1))
    #expect(CivilTime.seconds(2026, 11, 23, 9, 30) == 1_795_426_200)
    #expect(
      CivilTime.fields(-1)
        == CivilTime.Fields(
          year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, weekday: 3))
    #expect(
      CivilTime.fields(253_402_300_799)
        == CivilTime.Fields(
          year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, weekday: 5))
  }

  @Test func leapYearsAndValidity() {
    #expect(CivilTime.isValid(year: 2024, month: 2, day: 29))
    #expect(CivilTime.isValid(year: 2000, month: 2, day: 29))
    #expect(CivilTime.isValid(year: 1600, month: 2, day: 29))
    #expect(CivilTime.isValid(year: 0, month: 2, day: 29))
    #expect(CivilTime.isValid(year: -4, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 2026, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 1900, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 2100, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: -1, month: 2, day: 29))
    #expect(!CivilTime.isValid(year: 2026, month: 2, day: 30))
    #expect(!CivilTime.isValid(year: 2026, month: 4, day: 31))
    #expect(CivilTime.isValid(year: 2026, month: 12, day: 31))
    #expect(!CivilTime.isValid(year: 2026, month: 0, day: 1))
    #expect(!CivilTime.isValid(year: 2026, month: 13, day: 1))
    #expect(!CivilTime.isValid(year: 2026, month: 1, day: 0))
    #expect(!CivilTime.isValid(year: 2026, month: 1, day: -1))
    for (year, length) in [(2024, 366), (2026, 365), (2000, 366), (1900, 365), (-1, 365), (0, 366)]
    {
      let first = CivilTime.days(year: year, month: 1, day: 1)
      #expect(CivilTime.days(year: year + 1, month: 1, day: 1) - first == Int64(length), "\(year)")
    }
  }

  @Test func floorDivisionRoundsTowardsMinusInfinity() {
    #expect(CivilTime.floorDiv(7, 2) == 3)
    #expect(CivilTime.floorDiv(-7, 2) == -4)
    #expect(CivilTime.floorDiv(-8, 2) == -4)
    #expect(CivilTime.floorDiv(7, -2) == -4)
    #expect(CivilTime.floorDiv(-1, 86_400) == -1)
    #expect(CivilTime.floorDiv(0, 86_400) == 0)
    #expect(CivilTime.floorMod(-1, 7) == 6)
    #expect(CivilTime.floorMod(-7, 7) == 0)
    #expect(CivilTime.floorMod(13, 7) == 6)
  }
}
