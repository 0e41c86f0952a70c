import FreeTimeCore

/// The rule shapes freetime expands itself instead of with libical's iterator
/// (`libicalGetsWrong`, `simpleShape`).
extension RecurrenceRule {
  /// Wall-clock instants of the rule, in order, after `start` up to `limit` (civil seconds).
  /// COUNT counts DTSTART only when the rule itself produces it, as libical and python-dateutil
  /// do (RFC 5545 §3.8.5.3 leaves an unsynchronised DTSTART undefined). Without BYDAY, WEEKLY
  /// and BYWEEKNO take DTSTART's weekday (RFC 5545 §3.3.10: what the rule does not say comes
  /// from DTSTART).
  ///
  /// - Parameter from: without COUNT, days before this one (civil seconds) are skipped, keeping
  ///   the rule's INTERVAL phase (the fast-forward of long-running series).
  func ownInstances(start: Int64, isDate: Bool, limit: Int64, cap: Int, from: Int64? = nil)
    -> [Int64]
  {
    var walk = OwnExpansion(rule: self, start: start, isDate: isDate, limit: limit, cap: cap)
    switch frequency {
    case .daily: walk.daily(from: from)
    case .weekly: walk.weekly(from: from)
    case .secondly, .minutely, .hourly:
      let unit = frequency?.fixedSeconds ?? 1
      if isDate {
        walk.subDailyDates(unit: unit, from: from)
      } else {
        walk.subDaily(unit: unit, from: from)
      }
    default: walk.byWeekNumber()
    }
    return walk.out
  }

  /// The day number of the first day of week 1 of `year`: the first week with at least four
  /// days of the year, weeks starting on `weekStart` (RFC 5545 §3.3.10, BYWEEKNO).
  static func weekOneStart(year: Int, weekStart: Int) -> Int64 {
    let jan1 = CivilTime.days(year: year, month: 1, day: 1)
    let weekday = Int(CivilTime.floorMod(jan1 + 4, 7))
    let offset = (weekday - weekStart + 7) % 7
    return offset <= 3 ? jan1 - Int64(offset) : jan1 + Int64(7 - offset)
  }
}

/// One walk of `RecurrenceRule.ownInstances`: the days the rule admits, each at every time of
/// day it names, collected in `out`.
private struct OwnExpansion {
  let rule: RecurrenceRule
  let start: Int64
  let startDay: Int64
  let startFields: CivilTime.Fields
  let limit: Int64
  let cap: Int
  /// Seconds after midnight of each instance on an admitted day.
  let times: [Int64]
  var out: [Int64] = []
  /// Instances the rule produced so far, DTSTART included when it matches (for COUNT).
  private var counted = 0

  init(rule: RecurrenceRule, start: Int64, isDate: Bool, limit: Int64, cap: Int) {
    self.rule = rule
    self.start = start
    self.limit = limit
    self.cap = cap
    startDay = CivilTime.floorDiv(start, 86400)
    let s = CivilTime.fields(start)
    startFields = s
    times =
      isDate
      ? [0]
      : (rule.byHour.isEmpty ? [s.hour] : rule.byHour.sorted()).flatMap { h in
        (rule.byMinute.isEmpty ? [s.minute] : rule.byMinute.sorted()).flatMap { m in
          (rule.bySecond.isEmpty ? [s.second] : rule.bySecond.sorted()).map {
            Int64(h * 3600 + m * 60 + $0)
          }
        }
      }
  }

  /// Adds the instances of `day`; false once the walk is over (limit, COUNT or cap reached).
  private mutating func emit(day: Int64) -> Bool {
    for t in times where !emit(day * 86400 + t) { return false }
    return true
  }

  /// Adds one instance the rule produces (wall clock, in order); false once the walk is over.
  private mutating func emit(_ value: Int64) -> Bool {
    if value < start { return true }
    if value == start {
      counted += 1  // DTSTART matches the rule; the caller adds it
      return rule.count == 0 || counted < rule.count
    }
    if value > limit { return false }
    out.append(value)
    counted += 1
    return !((rule.count > 0 && counted >= rule.count) || out.count >= cap)
  }

  /// The first period to look at: `first` (DTSTART's), or with `from` (and no COUNT) the last
  /// one starting before it.
  private func firstPeriod(days length: Int64, _ first: Int64, from: Int64?) -> Int64 {
    guard rule.count == 0, let from else { return first }
    let step = length * Int64(rule.step)
    let periods = CivilTime.floorDiv(CivilTime.floorDiv(from, 86400) - first, step)
    return first + max(0, periods) * step
  }

  mutating func daily(from: Int64?) {
    // Without BYMONTH, BYDAY or BYMONTHDAY every day is admitted (no date fields needed).
    let everyDay = rule.byMonth.isEmpty && rule.byDay.isEmpty && rule.byMonthDay.isEmpty
    var day = firstPeriod(days: 1, startDay, from: from)
    out.reserveCapacity(rule.count > 0 ? min(rule.count, cap) : 0)
    while day * 86400 <= limit {
      if everyDay || rule.admits(civil: day * 86400, isDate: true), !emit(day: day) { return }
      day += Int64(rule.step)
    }
  }

  /// Weeks begin on WKST; the INTERVAL counts from DTSTART's week.
  mutating func weekly(from: Int64?) {
    // The weekdays as bits (bit 0 = Sunday): a set looked up once a day.
    let days =
      rule.byDay.isEmpty
      ? 1 << startFields.weekday : rule.byDay.reduce(0) { $0 | (1 << $1.weekday) }
    let firstWeek = startDay - CivilTime.floorMod(startDay + 4 - Int64(rule.firstWeekday), 7)
    var week = firstPeriod(days: 7, firstWeek, from: from)
    while week * 86400 <= limit {
      for day in week..<(week + 7) where day >= startDay {
        guard days & (1 << Int(CivilTime.floorMod(day + 4, 7))) != 0,
          rule.byMonth.isEmpty || rule.names(month: CivilTime.date(days: day).month)
        else { continue }
        if !emit(day: day) { return }
      }
      week += 7 * Int64(rule.step)
    }
  }

  /// FREQ=SECONDLY, MINUTELY and HOURLY (RFC 5545 §3.3.10): periods of INTERVAL units counted
  /// from DTSTART's, on the days BYMONTH, BYYEARDAY, BYMONTHDAY and BYDAY admit. BYHOUR limits
  /// every period; BYMINUTE limits a SECONDLY or MINUTELY one and expands an HOURLY one;
  /// BYSECOND limits a SECONDLY one and expands the others; what an expanding part does not
  /// name comes from DTSTART. libical's iterator steps through every period, matching or not
  /// (a year of seconds per year of window); this costs, per admitted day, the fewer of the
  /// times the limits allow and the periods in the day.
  mutating func subDaily(unit: Int64, from: Int64?) {
    let period = unit * Int64(rule.step)
    let firstPeriod = CivilTime.floorDiv(start, unit) * unit
    func allowed(_ values: [Int], _ range: Range<Int>, default value: Int?) -> [Int] {
      if values.isEmpty { return value.map { [$0] } ?? Array(range) }
      return Set(values.filter(range.contains)).sorted()
    }
    let hours = allowed(rule.byHour, 0..<24, default: nil)
    let minutes = allowed(rule.byMinute, 0..<60, default: unit == 3600 ? startFields.minute : nil)
    let seconds = allowed(rule.bySecond, 0..<60, default: unit >= 60 ? startFields.second : nil)
    // The times of day the limits allow, in order; and the offsets within one period.
    let timesOfDay = hours.flatMap { h in
      minutes.flatMap { m in seconds.map { Int64(h * 3600 + m * 60 + $0) } }
    }
    guard !timesOfDay.isEmpty else { return }
    let inPeriod: [Int64] =
      switch unit {
      case 1: [0]
      case 60: seconds.map(Int64.init)
      default: minutes.flatMap { m in seconds.map { Int64(m * 60 + $0) } }
      }
    // A period's start is checked against the limits; the parts it expands are in `inPeriod`.
    let hourSet = Set(hours)
    let minuteSet = unit == 3600 ? Set(0..<60) : Set(minutes)
    let secondSet = unit >= 60 ? Set(0..<60) : Set(seconds)
    let periodsPerDay = 86400 / period + 1
    var day = firstDay(from: from)
    while day * 86400 <= limit {
      defer { day += 1 }
      guard admitsDay(day) else { continue }
      let midnight = day * 86400
      if Int64(timesOfDay.count) <= periodsPerDay {
        for t in timesOfDay {
          let value = midnight + t
          let periodStart = CivilTime.floorDiv(value, unit) * unit
          guard CivilTime.floorMod(periodStart - firstPeriod, period) == 0 else { continue }
          if !emit(value) { return }
        }
      } else {
        // The first period starting on this day, then every INTERVAL units.
        var q = Self.first(atOrAfter: midnight, from: firstPeriod, every: period)
        while q < midnight + 86400 {
          let t = Int(q - midnight)
          if hourSet.contains(t / 3600), minuteSet.contains(t / 60 % 60),
            secondSet.contains(t % 60)
          {
            for offset in inPeriod where !emit(q + offset) { return }
          }
          q += period
        }
      }
    }
  }

  /// A sub-daily rule on an all-day DTSTART: the instances are the days its periods fall on,
  /// from DTSTART's midnight, on the days the date limits admit. BYHOUR, BYMINUTE and BYSECOND
  /// are ignored, as RFC 5545 §3.3.10 says for a DATE DTSTART, so every period is an instance:
  /// COUNT counts periods (`FREQ=HOURLY;COUNT=5` is DTSTART's day alone), and a day costs the
  /// same whatever the frequency. (libical's iterator steps through every second of such a
  /// rule, gives each day once per step, and invents days for an INTERVAL beyond a day.)
  mutating func subDailyDates(unit: Int64, from: Int64?) {
    let period = unit * Int64(rule.step)
    var day = firstDay(from: from)
    while day * 86400 <= limit {
      defer { day += 1 }
      guard admitsDay(day) else { continue }
      let midnight = day * 86400
      // The periods that begin on this day, counted from DTSTART (a midnight).
      let first = Self.first(atOrAfter: midnight, from: start, every: period)
      guard first < midnight + 86400 else { continue }
      counted += Int((midnight + 86400 - 1 - first) / period + 1)
      if day != startDay {  // DTSTART's day is the caller's
        out.append(midnight)
      }
      if (rule.count > 0 && counted >= rule.count) || out.count >= cap { return }
    }
  }

  /// The first day a sub-daily walk looks at: DTSTART's, or without COUNT the day of `from`
  /// when that is later (the fast-forward to a window).
  private func firstDay(from: Int64?) -> Int64 {
    guard rule.count == 0, let from else { return startDay }
    return max(startDay, CivilTime.floorDiv(from, 86400))
  }

  /// The first of `origin`, `origin + step`, … at or after `time`.
  private static func first(atOrAfter time: Int64, from origin: Int64, every step: Int64) -> Int64 {
    origin + CivilTime.floorDiv(time - origin + step - 1, step) * step
  }

  /// Whether the date limits of a sub-daily rule admit `day` (BYDAY without positions).
  private func admitsDay(_ day: Int64) -> Bool {
    if rule.byMonth.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
      && rule.byDay.isEmpty
    {
      return true
    }
    let (year, month, dayOfMonth) = CivilTime.date(days: day)
    if !rule.byMonth.isEmpty && !rule.names(month: month) { return false }
    if !rule.byDay.isEmpty {
      let weekday = Int(CivilTime.floorMod(day + 4, 7))
      if !rule.byDay.contains(where: { $0.weekday == weekday }) { return false }
    }
    if !rule.byMonthDay.isEmpty {
      let length = CivilTime.monthLength(year: year, month: month)
      if !rule.byMonthDay.contains(dayOfMonth)
        && !rule.byMonthDay.contains(dayOfMonth - length - 1)
      {
        return false
      }
    }
    if !rule.byYearDay.isEmpty {
      let first = CivilTime.days(year: year, month: 1, day: 1)
      let ordinal = Int(day - first) + 1
      let length = Int(CivilTime.days(year: year + 1, month: 1, day: 1) - first)
      if !rule.byYearDay.contains(ordinal) && !rule.byYearDay.contains(ordinal - length - 1) {
        return false
      }
    }
    return true
  }

  /// FREQ=YEARLY with BYWEEKNO: days of a week may lie in the neighbouring year.
  mutating func byWeekNumber() {
    var year = startFields.year
    while CivilTime.seconds(year - 1, 12, 20) <= limit {
      for day in Set(days(inWeeksOf: year)).sorted() where day >= startDay {
        if !emit(day: day) { return }
      }
      year += rule.step
    }
  }

  /// The days of `year`'s numbered weeks that the rule's other limits admit.
  private func days(inWeeksOf year: Int) -> [Int64] {
    var days: [Int64] = []
    let first = RecurrenceRule.weekOneStart(year: year, weekStart: rule.firstWeekday)
    let next = RecurrenceRule.weekOneStart(year: year + 1, weekStart: rule.firstWeekday)
    let weeks = (next - first) / 7
    for n in rule.byWeekNo {
      let number = n > 0 ? Int64(n) : weeks + Int64(n) + 1
      guard number >= 1 && number <= weeks else { continue }
      for k in 0..<7 {
        let day = first + (number - 1) * 7 + Int64(k)
        let f = CivilTime.fields(day * 86400)
        let weekday =
          rule.byDay.isEmpty
          ? f.weekday == startFields.weekday : rule.byDay.contains { $0.weekday == f.weekday }
        guard weekday, rule.byMonth.isEmpty || rule.names(month: f.month),
          rule.byMonthDay.isEmpty || rule.admits(civil: day * 86400, isDate: true)
        else { continue }
        days.append(day)
      }
    }
    return days
  }
}
