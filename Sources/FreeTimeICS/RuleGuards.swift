internal import CLibical
import FreeTimeCore

/// The BY* parts of a recurrence rule as plain Swift arrays.
struct RuleParts {
  var freq: icalrecurrencetype_frequency
  var interval: Int
  var count: Int
  var weekStart: Int  // 0 = Sunday … 6 = Saturday
  var seconds: [Int]
  var minutes: [Int]
  var hours: [Int]
  var weekdays: [Int]  // 0 = Sunday … 6, positions dropped
  var hasDayPositions: Bool
  var dayPositions: [Int]  // parallel to weekdays; 0 = every such weekday
  var monthDays: [Int]
  var yearDays: [Int]
  var weekNumbers: [Int]
  var months: [Int]
  var setPositions: [Int]

  init(_ rule: icalrecurrencetype) {
    func list<T>(_ tuple: T) -> [Int] {
      withUnsafeBytes(of: tuple) { raw in
        var out: [Int] = []
        for value in raw.bindMemory(to: Int16.self) {
          if value == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
          out.append(Int(value))
        }
        return out
      }
    }
    freq = rule.freq
    interval = max(1, Int(rule.interval))
    count = Int(rule.count)
    weekStart = max(0, Int(rule.week_start.rawValue) - 1)
    seconds = list(rule.by_second)
    minutes = list(rule.by_minute)
    hours = list(rule.by_hour)
    let days = list(rule.by_day)
    weekdays = days.map { Int(icalrecurrencetype_day_day_of_week(Int16($0)).rawValue) - 1 }
    hasDayPositions = days.contains { icalrecurrencetype_day_position(Int16($0)) != 0 }
    dayPositions = days.map { Int(icalrecurrencetype_day_position(Int16($0))) }
    monthDays = list(rule.by_month_day)
    yearDays = list(rule.by_year_day)
    weekNumbers = list(rule.by_week_no)
    months = list(rule.by_month)
    setPositions = list(rule.by_set_pos)
  }

  /// Whether BYMONTH and BYMONTHDAY together name no real date (February 30, April 31, -31 in
  /// June), BYSECOND only second 60, or BYMONTHDAY and a numbered BYDAY that never meet: then
  /// the rule has no instance but DTSTART (RFC 5545 §3.3.10 ignores invalid dates).
  var neverMatches: Bool {
    // Second 60 (a leap second) never comes on libical's clock, nor on freetime's.
    if !seconds.isEmpty && seconds.allSatisfy({ $0 >= 60 }) { return true }
    // The n-th weekday of a month falls on days 7n-6…7n (the n-th from the end on 29-7n…38-7n,
    // whatever the month's length): BYDAY=3WE;BYMONTHDAY=4 never matches, and libical searches
    // for it for seconds an event.
    let inMonth =
      freq == ICAL_MONTHLY_RECURRENCE || (freq == ICAL_YEARLY_RECURRENCE && !months.isEmpty)
    if inMonth, !monthDays.isEmpty, monthDays.allSatisfy({ $0 > 0 }), !dayPositions.isEmpty,
      dayPositions.allSatisfy({ $0 != 0 && abs($0) <= 5 })
    {
      let ranges = dayPositions.map { n in
        n > 0 ? (7 * n - 6)...(7 * n) : (29 + 7 * n)...(38 + 7 * n)
      }
      if !monthDays.contains(where: { day in ranges.contains { $0.contains(day) } }) {
        return true
      }
    }
    guard !months.isEmpty, !monthDays.isEmpty else { return false }
    let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for month in months where (1...12).contains(month) {
      if monthDays.contains(where: { $0 != 0 && abs($0) <= longest[month - 1] }) { return false }
    }
    return true
  }

  /// Rule shapes libical 3.0.16 expands wrongly (LIBICAL_NOTES.md): BYWEEKNO (#782, also with
  /// WKST and negative week numbers) and FREQ=DAILY with a negative BYMONTHDAY (#791). These are
  /// expanded by `ownInstances` instead, as long as they use no BYSETPOS or BYYEARDAY.
  var libicalGetsWrong: Bool {
    let weekShape = freq == ICAL_YEARLY_RECURRENCE && !weekNumbers.isEmpty
    let dailyShape = freq == ICAL_DAILY_RECURRENCE && monthDays.contains { $0 < 0 }
    return (weekShape || dailyShape) && setPositions.isEmpty && yearDays.isEmpty
      && !hasDayPositions
  }

  /// Rule shapes expanded by `ownInstances` because it is much faster than libical's iterator
  /// (which makes several ICU calendar calls per instance): FREQ=DAILY and FREQ=WEEKLY without
  /// BYSETPOS, BYYEARDAY, BYWEEKNO or numbered weekdays (and WEEKLY without BYMONTHDAY).
  /// All-day series with BYHOUR, BYMINUTE or BYSECOND stay with libical. `OwnExpansionTests`
  /// checks the others against libical's iterator on random rules.
  func simpleShape(isDate: Bool) -> Bool {
    guard setPositions.isEmpty, yearDays.isEmpty, weekNumbers.isEmpty, !hasDayPositions,
      !isDate || (hours.isEmpty && minutes.isEmpty && seconds.isEmpty)
    else { return false }
    return freq == ICAL_DAILY_RECURRENCE || (freq == ICAL_WEEKLY_RECURRENCE && monthDays.isEmpty)
  }

  /// Whether an instance's wall-clock fields can belong to this rule at all: a sound check of
  /// the BY* limits every instance must meet, whatever libical's iterator did.
  func admits(civil: Int64, isDate: Bool, start: Int64? = nil) -> Bool {
    // The INTERVAL phase of fixed-length periods, counted from DTSTART's period.
    if let start, interval > 1 {
      let unit: Int64? =
        switch freq {
        case ICAL_SECONDLY_RECURRENCE: 1
        case ICAL_MINUTELY_RECURRENCE: 60
        case ICAL_HOURLY_RECURRENCE: 3600
        case ICAL_DAILY_RECURRENCE: 86400
        default: nil
        }
      if let unit,
        CivilTime.floorMod(
          CivilTime.floorDiv(civil, unit) - CivilTime.floorDiv(start, unit), Int64(interval)) != 0
      {
        return false
      }
    }
    let f = CivilTime.fields(civil)
    if !months.isEmpty && !months.contains(f.month) { return false }
    if !weekdays.isEmpty && !weekdays.contains(f.weekday) { return false }
    if !monthDays.isEmpty {
      let length = RuleParts.monthLength(year: f.year, month: f.month)
      let negative = f.day - length - 1
      if !monthDays.contains(f.day) && !monthDays.contains(negative) { return false }
    }
    if isDate { return true }
    if !hours.isEmpty && !hours.contains(f.hour) { return false }
    if !minutes.isEmpty && !minutes.contains(f.minute) { return false }
    if !seconds.isEmpty && !seconds.contains(f.second) { return false }
    return true
  }

  static func monthLength(year: Int, month: Int) -> Int {
    var d = 31
    while d > 28 && !CivilTime.isValid(year: year, month: month, day: d) { d -= 1 }
    return d
  }

  /// Wall-clock instants of the shapes in `libicalGetsWrong`, in order, after `start` up to
  /// `limit` (civil seconds). COUNT counts DTSTART only when the rule itself produces it, as
  /// libical and python-dateutil do (RFC 5545 §3.8.5.3 leaves an unsynchronised DTSTART
  /// undefined). Without BYDAY, BYWEEKNO takes DTSTART's weekday (RFC 5545 §3.3.10: what the
  /// rule does not say comes from DTSTART).
  ///
  /// - Parameter from: without COUNT, days before this one (civil seconds) are skipped, keeping
  ///   the rule's INTERVAL phase (the fast-forward of long-running series).
  func ownInstances(start: Int64, isDate: Bool, limit: Int64, cap: Int, from: Int64? = nil)
    -> [Int64]
  {
    let s = CivilTime.fields(start)
    let times: [Int64] =
      isDate
      ? [0]
      : (hours.isEmpty ? [s.hour] : hours.sorted()).flatMap { h in
        (minutes.isEmpty ? [s.minute] : minutes.sorted()).flatMap { m in
          (seconds.isEmpty ? [s.second] : seconds.sorted()).map { Int64(h * 3600 + m * 60 + $0) }
        }
      }
    let startDay = CivilTime.floorDiv(start, 86400)
    var out: [Int64] = []
    var counted = 0
    func emit(day: Int64) -> Bool {
      for t in times {
        let value = day * 86400 + t
        if value < start { continue }
        if value == start {
          counted += 1  // DTSTART matches the rule; it is added by the caller
          continue
        }
        if value > limit { return false }
        out.append(value)
        counted += 1
        if (count > 0 && counted >= count) || out.count >= cap { return false }
      }
      return true
    }
    // The first period to look at: DTSTART's, or with `from` the last one starting before it.
    func firstPeriod(_ length: Int64, _ first: Int64) -> Int64 {
      guard count == 0, let from else { return first }
      let step = length * Int64(interval)
      let periods = CivilTime.floorDiv(CivilTime.floorDiv(from, 86400) - first, step)
      return first + max(0, periods) * step
    }
    if freq == ICAL_DAILY_RECURRENCE {
      // Without BYMONTH, BYDAY or BYMONTHDAY every day is admitted (no date fields needed).
      let everyDay = months.isEmpty && weekdays.isEmpty && monthDays.isEmpty
      var day = firstPeriod(1, startDay)
      out.reserveCapacity(count > 0 ? min(count, cap) : 0)
      while day * 86400 <= limit {
        if everyDay || admits(civil: day * 86400, isDate: true), !emit(day: day) { break }
        day += Int64(interval)
      }
      return out
    }
    if freq == ICAL_WEEKLY_RECURRENCE {
      // Weeks begin on WKST; the INTERVAL counts from DTSTART's week. Without BYDAY, the
      // weekday of DTSTART.
      // The weekdays as bits (bit 0 = Sunday): a set looked up once a day.
      let days = (weekdays.isEmpty ? [s.weekday] : weekdays).reduce(0) { $0 | (1 << $1) }
      var week = firstPeriod(7, startDay - CivilTime.floorMod(startDay + 4 - Int64(weekStart), 7))
      while week * 86400 <= limit {
        for day in week..<(week + 7) where day >= startDay {
          guard days & (1 << Int(CivilTime.floorMod(day + 4, 7))) != 0,
            months.isEmpty || months.contains(CivilTime.date(days: day).month)
          else { continue }
          if !emit(day: day) { return out }
        }
        week += 7 * Int64(interval)
      }
      return out
    }
    // FREQ=YEARLY with BYWEEKNO: week 1 is the first week with at least four days of the year,
    // weeks starting on WKST; days of a week may lie in the neighbouring year.
    let defaultWeekday = [s.weekday]
    var year = s.year
    while CivilTime.seconds(year - 1, 12, 20) <= limit {
      var days: [Int64] = []
      let first = RuleParts.weekOneStart(year: year, weekStart: weekStart)
      let weeks = (RuleParts.weekOneStart(year: year + 1, weekStart: weekStart) - first) / 7
      for n in weekNumbers {
        let number = n > 0 ? Int64(n) : weeks + Int64(n) + 1
        guard number >= 1 && number <= weeks else { continue }
        for k in 0..<7 {
          let day = first + (number - 1) * 7 + Int64(k)
          let f = CivilTime.fields(day * 86400)
          if !(weekdays.isEmpty ? defaultWeekday : weekdays).contains(f.weekday) { continue }
          if !months.isEmpty && !months.contains(f.month) { continue }
          if !monthDays.isEmpty && !admits(civil: day * 86400, isDate: true) { continue }
          days.append(day)
        }
      }
      for day in Set(days).sorted() where day >= startDay {
        if !emit(day: day) { return out }
      }
      year += interval
    }
    return out
  }

  /// The day number of the first day of week 1 of `year`.
  static func weekOneStart(year: Int, weekStart: Int) -> Int64 {
    let jan1 = CivilTime.days(year: year, month: 1, day: 1)
    let weekday = Int(CivilTime.floorMod(jan1 + 4, 7))
    let offset = (weekday - weekStart + 7) % 7
    return offset <= 3 ? jan1 - Int64(offset) : jan1 + Int64(7 - offset)
  }
}
