import FreeTimeCore

/// What a rule's limits allow, checked without expanding it: rules that never match, shapes
/// libical 3.0.16 expands wrongly or slowly (docs/LIBICAL.md, Recurrence), and the check that
/// an instance libical gives belongs to the rule at all.
extension RecurrenceRule {
  /// Whether the rule names no real date or time: BYMONTH and BYMONTHDAY that never meet
  /// (February 30, April 31, -31 in June), BYYEARDAY and BYMONTH that never meet, BYSECOND only
  /// second 60, or BYMONTHDAY and a
  /// numbered BYDAY that never meet. Such a rule has no instance but DTSTART (RFC 5545 §3.3.10
  /// ignores invalid dates), and libical would search for one until the year 2582.
  var neverMatches: Bool {
    // Second 60 (a leap second) never comes on libical's clock, nor on freetime's.
    if !bySecond.isEmpty && bySecond.allSatisfy({ $0 >= 60 }) { return true }
    // BYSETPOS beyond the most instances a period can hold (BYSETPOS=5 of BYMONTHDAY=1,2,3,4):
    // libical looks for such a period month by month up to the year 20000 (about 1 s a rule).
    if !bySetPos.isEmpty, let most = periodInstancesBound,
      bySetPos.allSatisfy({ abs($0) > most })
    {
      return true
    }
    // The n-th weekday of a month falls on days 7n-6…7n (the n-th from the end on 29-7n…38-7n,
    // whatever the month's length): BYDAY=3WE;BYMONTHDAY=4 never matches.
    let inMonth = frequency == .monthly || (frequency == .yearly && !byMonth.isEmpty)
    if inMonth, !byMonthDay.isEmpty, byMonthDay.allSatisfy({ $0 > 0 }), !byDay.isEmpty,
      byDay.allSatisfy({ $0.position != 0 && abs($0.position) <= 5 })
    {
      let ranges = byDay.map { day in
        let n = day.position
        return n > 0 ? (7 * n - 6)...(7 * n) : (29 + 7 * n)...(38 + 7 * n)
      }
      if !byMonthDay.contains(where: { day in ranges.contains { $0.contains(day) } }) {
        return true
      }
    }
    // BYYEARDAY and BYMONTH that never meet (day 100 is in April, never in January), where
    // both limit the days (YEARLY and the sub-daily frequencies): libical searches on.
    let yearDayLimits = [.yearly, .hourly, .minutely, .secondly].contains(frequency)
    if yearDayLimits, !byYearDay.isEmpty, !byMonth.isEmpty,
      byMonth.allSatisfy({ !$0.isLeap && (1...12).contains($0.number) })
    {
      let months = Set(byMonth.map(\.number))
      let meets = byYearDay.contains { day in
        [365, 366].contains { length in
          guard day != 0, abs(day) <= length else { return false }
          let ordinal = day > 0 ? day : length + 1 + day
          let february = length == 366 ? 29 : 28
          let lengths = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
          var first = 1
          for (index, days) in lengths.enumerated() {
            if ordinal < first + days { return months.contains(index + 1) }
            first += days
          }
          return false
        }
      }
      if !meets { return true }
    }
    guard !byMonth.isEmpty, !byMonthDay.isEmpty else { return false }
    let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for month in byMonth where !month.isLeap && (1...12).contains(month.number) {
      if byMonthDay.contains(where: { $0 != 0 && abs($0) <= longest[month.number - 1] }) {
        return false
      }
    }
    return true
  }

  /// Whether a sub-daily rule's steps from DTSTART never land on a time its own BY part names:
  /// every INTERVAL-th second from DTSTART's falls on the seconds of the minute congruent to it
  /// modulo gcd(INTERVAL, 60), and likewise minutes (BYMINUTE of MINUTELY) and hours (BYHOUR of
  /// HOURLY, modulo gcd(INTERVAL, 24)). `FREQ=SECONDLY;INTERVAL=2;BYSECOND=1` from an even
  /// second has no instance but DTSTART; libical's iterator would invent some instead.
  ///
  /// - Parameter start: DTSTART's wall clock.
  func stepNeverMeets(start: Int64) -> Bool {
    let f = CivilTime.fields(start)
    let (by, at, cycle): ([Int], Int, Int)
    switch frequency {
    case .secondly?: (by, at, cycle) = (bySecond, f.second, 60)
    case .minutely?: (by, at, cycle) = (byMinute, f.minute, 60)
    case .hourly?: (by, at, cycle) = (byHour, f.hour, 24)
    default: return false
    }
    guard !by.isEmpty, step > 1 else { return false }
    var (a, b) = (step, cycle)
    while b != 0 { (a, b) = (b, a % b) }
    return !by.contains { (($0 - at) % a + a) % a == 0 }
  }

  /// Shapes libical 3.0.16 expands wrongly (docs/LIBICAL.md): BYWEEKNO (also with WKST and
  /// negative week numbers) and FREQ=DAILY with a negative BYMONTHDAY. `ownInstances` expands
  /// them instead, as long as they use no BYSETPOS, BYYEARDAY or numbered weekdays; and
  /// `numberedSubDaily`.
  var libicalGetsWrong: Bool {
    let weekShape = frequency == .yearly && !byWeekNo.isEmpty
    let dailyShape = frequency == .daily && byMonthDay.contains { $0 < 0 }
    return numberedSubDaily
      || ((weekShape || dailyShape) && bySetPos.isEmpty && byYearDay.isEmpty
        && !hasDayPositions && !movesDays)
  }

  /// A sub-daily rule with a numbered weekday (`FREQ=SECONDLY;BYDAY=-1SU`, which RFC 5545
  /// §3.3.10 allows only in MONTHLY and YEARLY rules), otherwise of a shape `ownInstances`
  /// expands: read as the weekday alone, as python-dateutil reads it (`RuleWalk` warns).
  /// libical steps through every second of the window and matches none, for minutes a rule.
  var numberedSubDaily: Bool {
    frequency?.isSubDaily == true && hasDayPositions && bySetPos.isEmpty && byWeekNo.isEmpty
      && isGregorian && !movesDays
  }

  /// Shapes `ownInstances` expands because it is much faster than libical's iterator (which
  /// makes several ICU calendar calls an instance): FREQ=DAILY and FREQ=WEEKLY without
  /// BYSETPOS, BYYEARDAY, BYWEEKNO or numbered weekdays (and WEEKLY without BYMONTHDAY), and
  /// sub-daily rules without BYSETPOS or numbered weekdays, which libical steps through period
  /// by period, matching or not (on an all-day DTSTART, `subDailyDates`). All-day DAILY and
  /// WEEKLY series with BYHOUR, BYMINUTE or BYSECOND stay with libical, as does any RSCALE but
  /// GREGORIAN (RFC 7529: its months and days are another calendar's) and any SKIP that moves
  /// days. `OwnExpansionTests` checks them against libical's iterator (sub-daily ones against
  /// python-dateutil).
  func simpleShape(isDate: Bool) -> Bool {
    guard bySetPos.isEmpty, byWeekNo.isEmpty, !hasDayPositions, isGregorian, !movesDays else {
      return false
    }
    if frequency?.isSubDaily == true { return true }
    guard byYearDay.isEmpty, !isDate || (byHour.isEmpty && byMinute.isEmpty && bySecond.isEmpty)
    else { return false }
    return frequency == .daily || (frequency == .weekly && byMonthDay.isEmpty)
  }

  /// More than the instances a FREQ=YEARLY rule can have in one year: the days its BY parts
  /// can name (BYYEARDAY, else BYMONTH × BYMONTHDAY, else BYWEEKNO's weeks, else BYMONTH ×
  /// BYDAY, five for a weekday without a position), times each time list. A zone's observance
  /// has one; `ComponentReader.readTimeZone` refuses more than `TimeZoneRules.maxOnsetsPerYear`.
  var yearlyInstancesBound: Int {
    let days =
      if !byYearDay.isEmpty {
        byYearDay.count
      } else if byMonthDay.isEmpty && !byWeekNo.isEmpty {
        byWeekNo.count * 7
      } else if byMonth.isEmpty && byMonthDay.isEmpty && byDay.isEmpty {
        1
      } else {
        (byMonth.isEmpty ? 12 : byMonth.count) * daysInAMonthBound
      }
    return days * timesInADayBound
  }

  /// At least the instances one period of a DAILY, WEEKLY, MONTHLY or YEARLY rule has before
  /// BYSETPOS picks among them (RFC 5545 §3.3.10): its days times each time list
  /// (`yearlyInstancesBound` for a year). nil for sub-daily rules.
  var periodInstancesBound: Int? {
    switch frequency {
    case .yearly?: yearlyInstancesBound
    case .monthly?: daysInAMonthBound * timesInADayBound
    case .weekly?: max(1, byDay.count) * timesInADayBound
    case .daily?: timesInADayBound
    default: nil
    }
  }

  /// At least the days of one month the rule names: BYMONTHDAY, else BYDAY (five for a weekday
  /// without a position), else DTSTART's day.
  private var daysInAMonthBound: Int {
    if !byMonthDay.isEmpty { return byMonthDay.count }
    return byDay.isEmpty ? 1 : byDay.reduce(0) { $0 + ($1.position != 0 ? 1 : 5) }
  }

  /// At least the times of one day the rule names: each time list's length, or one.
  private var timesInADayBound: Int {
    max(1, byHour.count) * max(1, byMinute.count) * max(1, bySecond.count)
  }

  /// Whether the rule counts in the Gregorian calendar (no RSCALE, or RSCALE=GREGORIAN).
  var isGregorian: Bool { rscale.map { $0.uppercased() == "GREGORIAN" } ?? true }

  /// Whether RFC 7529's SKIP=BACKWARD or FORWARD moves the instances whose day does not exist
  /// (left to libical's iterator, which follows it).
  var movesDays: Bool { skip == .backward || skip == .forward }

  /// Whether some BYDAY entry is numbered (`2MO`, `-1FR`).
  var hasDayPositions: Bool { byDay.contains { $0.position != 0 } }

  /// Whether BYMONTH names Gregorian month `month` (1…12); leap months never do.
  func names(month: Int) -> Bool {
    byMonth.contains { !$0.isLeap && $0.number == month }
  }

  /// Whether an instance's wall-clock fields can belong to this rule at all: a sound check of
  /// the BY* limits every instance must meet, whatever libical's iterator did.
  ///
  /// - Parameter start: DTSTART's wall clock, for the INTERVAL phase of fixed-length periods.
  func admits(civil: Int64, isDate: Bool, start: Int64? = nil) -> Bool {
    if let start, step > 1, let unit = frequency?.fixedSeconds,
      CivilTime.floorMod(
        CivilTime.floorDiv(civil, unit) - CivilTime.floorDiv(start, unit), Int64(step)) != 0
    {
      return false
    }
    let f = CivilTime.fields(civil)
    // RFC 7529 §3.2: SKIP=BACKWARD or FORWARD moves an instance whose day does not exist (the
    // 31st of a short month) to another day, and another calendar (RSCALE) counts its months and
    // days otherwise: only the time of day is checked then.
    if !movesDays && isGregorian {
      if !byMonth.isEmpty && !names(month: f.month) { return false }
      if !byDay.isEmpty && !byDay.contains(where: { $0.weekday == f.weekday }) { return false }
      if !byMonthDay.isEmpty {
        let length = CivilTime.monthLength(year: f.year, month: f.month)
        let negative = f.day - length - 1
        if !byMonthDay.contains(f.day) && !byMonthDay.contains(negative) { return false }
      }
    }
    if isDate { return true }
    if !byHour.isEmpty && !byHour.contains(f.hour) { return false }
    if !byMinute.isEmpty && !byMinute.contains(f.minute) { return false }
    if !bySecond.isEmpty && !bySecond.contains(f.second) { return false }
    return true
  }
}
