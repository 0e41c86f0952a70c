/// Calendar arithmetic on the proleptic Gregorian calendar, without time zones.
///
/// "Civil seconds" are the seconds a wall clock shows, counted as if the wall clock were UTC:
/// `CivilTime.seconds(2026, 11, 23, 9, 0, 0)` is 2026-11-23T09:00 on some wall. A time zone turns
/// them into instants (`LocalTimeResolver`). Algorithms after H. Hinnant, "chrono-compatible
/// low-level date algorithms".
public enum CivilTime {
  // The small functions here are @inlinable: the reader calls them for every instance it
  // expands, from another module.

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  @inlinable
  public static func days(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let m = Int64(month)
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }

  /// The date of a day count since 1970-01-01.
  public static func date(days z0: Int64) -> (year: Int, month: Int, day: Int) {
    let z = z0 + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let y = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (Int(m <= 2 ? y + 1 : y), Int(m), Int(d))
  }

  /// Civil seconds of a wall-clock date and time.
  @inlinable
  public static func seconds(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
  ) -> Int64 {
    days(year: year, month: month, day: day) * 86400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// The wall-clock fields of civil seconds.
  public static func fields(_ seconds: Int64) -> Fields {
    let days = floorDiv(seconds, 86400)
    let rest = Int(seconds - days * 86400)
    let (y, m, d) = date(days: days)
    return Fields(
      year: y, month: m, day: d, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60,
      weekday: Int(floorMod(days + 4, 7)))
  }

  /// Whether the fields name a real date (no February 30th).
  @inlinable
  public static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    if month == 2 {
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return day <= (leap ? 29 : 28)
    }
    return day <= (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
  }

  /// The number of days of a month (28 for a month number outside 1…12).
  public static func monthLength(year: Int, month: Int) -> Int {
    var d = 31
    while d > 28 && !isValid(year: year, month: month, day: d) { d -= 1 }
    return d
  }

  public struct Fields: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int
  }

  @inlinable
  public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  @inlinable
  public static func floorMod(_ a: Int64, _ b: Int64) -> Int64 { a - floorDiv(a, b) * b }
}
