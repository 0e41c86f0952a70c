/// How a recurring meeting repeats (`suggest --repeat`, `book --repeat`; docs/GUIDE.md, Recurring
/// meetings): the same wall-clock time of a zone in each period, as an RRULE reads it (RFC 5545
/// §3.3.10), so the instant moves when the zone changes its clocks.
public enum RepeatPeriod: String, Sendable, CaseIterable {
  /// Every weekday, Monday to Friday.
  case daily
  case weekly
  case twoWeeks = "2w"
  case fourWeeks = "4w"
  /// The same weekday of the month: the 2nd Tuesday (a 5th is kept to the months that have
  /// one, as `BYDAY=5TU`).
  case monthly

  /// Whole weeks of a period (nil: days or months).
  var weeks: Int64? {
    switch self {
    case .weekly: return 1
    case .twoWeeks: return 2
    case .fourWeeks: return 4
    case .daily, .monthly: return nil
    }
  }
}

/// A series: a period, every how many of them, and COUNT or UNTIL.
public struct Repetition: Sendable, Equatable {
  public var period: RepeatPeriod
  /// Every `every` periods (a rotation of K meetings: each every K periods).
  public var every: Int
  /// How many occurrences (COUNT); nil with `until`.
  public var count: Int?
  /// The occurrences that start at or before it (UNTIL).
  public var until: Instant?

  public init(period: RepeatPeriod, every: Int = 1, count: Int?, until: Instant? = nil) {
    self.period = period
    self.every = every
    self.count = count
    self.until = until
  }

  /// No series reaches further than this many occurrences (a limit, not a default: `--until`
  /// years away on a daily meeting).
  public static let maxOccurrences = 1000

  /// The starts of the series whose first occurrence starts at `first`: the same wall-clock time
  /// of `zone` on each following day of the period (RFC 5545 §3.3.5: a time a gap skips is
  /// moved forward by the gap, one a fold repeats is its first pass).
  public func starts(from first: Instant, zone: some UTCOffsetSource) -> [Instant] {
    occurrences(from: first, zone: zone).map(\.start)
  }

  /// Each occurrence of the series whose first occurrence starts at `first`, as the RRULE names
  /// it (`wallClock`: the civil seconds of `zone`'s wall clock, also where a gap skips that
  /// time, as an EXDATE must name it, RFC 5545 §3.8.5.1) and as the instant it starts (`start`,
  /// as in `starts(from:zone:)`).
  public func occurrences(from first: Instant, zone: some UTCOffsetSource) -> [(
    wallClock: Int64, start: Instant
  )] {
    let civil = LocalTimeResolver.civil(first, in: zone)
    let day = CivilTime.floorDiv(civil, 86400)
    let time = civil - day * 86400
    let limit = min(count ?? Self.maxOccurrences, Self.maxOccurrences)
    var out: [(wallClock: Int64, start: Instant)] = []
    var k: Int64 = 0
    while out.count < limit {
      guard let next = Self.day(k, after: day, period: period, every: Int64(every)) else {
        k += 1
        if k > 100_000 { break }
        continue
      }
      let wallClock = next * 86400 + time
      let start = k == 0 ? first : LocalTimeResolver.instant(civil: wallClock, in: zone)
      if let until, start > until { break }
      out.append((wallClock, start))
      k += 1
    }
    return out
  }

  /// The day of the `k`-th step after `day` (k = 0: `day` itself), or nil when that step has no
  /// such day (a month without a 5th Tuesday).
  static func day(_ k: Int64, after day: Int64, period: RepeatPeriod, every: Int64) -> Int64? {
    if k == 0 { return day }
    if let weeks = period.weeks { return day + k * 7 * weeks * every }
    switch period {
    case .daily:
      // The k × every-th weekday after `day`.
      var d = day
      var left = k * every
      while left > 0 {
        d += 1
        let weekday = CivilTime.floorMod(d + 4, 7)
        if weekday != 0 && weekday != 6 { left -= 1 }
      }
      return d
    default:
      let (y, m, dd) = CivilTime.date(days: day)
      let weekday = CivilTime.floorMod(day + 4, 7)
      let nth = (dd - 1) / 7 + 1
      let months = Int64(y) * 12 + Int64(m - 1) + k * every
      let year = Int(CivilTime.floorDiv(months, 12))
      let month = Int(CivilTime.floorMod(months, 12)) + 1
      let firstOfMonth = CivilTime.days(year: year, month: month, day: 1)
      let first = firstOfMonth + CivilTime.floorMod(weekday - (firstOfMonth + 4), 7)
      let result = first + Int64(7 * (nth - 1))
      return (result - firstOfMonth) < Int64(CivilTime.monthLength(year: year, month: month))
        ? result : nil
    }
  }

  /// Where the `j`-th period of a window from `from` begins (j = 0: `from`): the next day, 7, 14
  /// or 28 days, or the same day of the next month, on `zone`'s wall clock. For `daily` the
  /// periods are weekdays: the first is the first weekday from `from`.
  public static func periodStart(
    _ j: Int, from: Instant, period: RepeatPeriod, zone: some UTCOffsetSource
  ) -> Instant {
    let civil = LocalTimeResolver.civil(from, in: zone)
    let day = CivilTime.floorDiv(civil, 86400)
    let time = civil - day * 86400
    switch period {
    case .daily:
      // The j-th weekday after the first, at `from`'s time; from a weekend, the first is the
      // next Monday, from midnight.
      var d = day
      var weekday = CivilTime.floorMod(d + 4, 7)
      var moved = false
      while weekday == 0 || weekday == 6 {
        d += 1
        weekday = CivilTime.floorMod(d + 4, 7)
        moved = true
      }
      var left = j
      while left > 0 {
        d += 1
        weekday = CivilTime.floorMod(d + 4, 7)
        if weekday != 0 && weekday != 6 { left -= 1 }
      }
      if j == 0 && !moved { return from }
      return LocalTimeResolver.instant(civil: d * 86400 + (moved ? 0 : time), in: zone)
    case .monthly:
      let (y, m, dd) = CivilTime.date(days: day)
      let months = Int64(y) * 12 + Int64(m - 1) + Int64(j)
      let year = Int(CivilTime.floorDiv(months, 12))
      let month = Int(CivilTime.floorMod(months, 12)) + 1
      let d = min(dd, CivilTime.monthLength(year: year, month: month))
      if j == 0 { return from }
      return LocalTimeResolver.instant(
        civil: CivilTime.days(year: year, month: month, day: d) * 86400 + time, in: zone)
    default:
      if j == 0 { return from }
      return LocalTimeResolver.instant(
        civil: (day + Int64(j) * 7 * period.weeks!) * 86400 + time, in: zone)
    }
  }

  /// Where the `j`-th period ends: where the next begins, or for `daily` the midnight after its
  /// weekday (a weekend is in no period).
  public static func periodEnd(
    _ j: Int, from: Instant, period: RepeatPeriod, zone: some UTCOffsetSource
  ) -> Instant {
    guard period == .daily else {
      return periodStart(j + 1, from: from, period: period, zone: zone)
    }
    let start = periodStart(j, from: from, period: period, zone: zone)
    let day = CivilTime.floorDiv(LocalTimeResolver.civil(start, in: zone), 86400)
    return LocalTimeResolver.instant(civil: (day + 1) * 86400, in: zone)
  }

  /// The RRULE value (RFC 5545 §3.3.10) of the series whose first occurrence starts at `first`
  /// on `zone`'s wall clock: `FREQ=WEEKLY;INTERVAL=2;COUNT=8`, `FREQ=MONTHLY;BYDAY=2TU;COUNT=6`,
  /// `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301T170000Z`.
  public func rule(first: Instant, zone: some UTCOffsetSource) -> String {
    let civil = LocalTimeResolver.civil(first, in: zone)
    let day = CivilTime.floorDiv(civil, 86400)
    var parts: [String]
    switch period {
    case .daily:
      // Every k-th weekday is no RRULE of its own; `every` is 1 here (a rotation is weekly or
      // longer).
      parts = ["FREQ=DAILY", "BYDAY=MO,TU,WE,TH,FR"]
    case .monthly:
      let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
      let (_, _, dd) = CivilTime.date(days: day)
      parts = [
        "FREQ=MONTHLY", "BYDAY=\((dd - 1) / 7 + 1)\(names[Int(CivilTime.floorMod(day + 4, 7))])",
      ]
      if every > 1 { parts.insert("INTERVAL=\(every)", at: 1) }
    default:
      parts = ["FREQ=WEEKLY"]
      let interval = Int(period.weeks!) * every
      if interval > 1 { parts.append("INTERVAL=\(interval)") }
    }
    if let count {
      parts.append("COUNT=\(count)")
    } else if let until {
      let f = CivilTime.fields(until)
      func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
      parts.append(
        "UNTIL=\(f.year)\(two(f.month))\(two(f.day))T\(two(f.hour))\(two(f.minute))\(two(f.second))Z"
      )
    }
    return parts.joined(separator: ";")
  }
}
