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
    for t in times {
      let value = day * 86400 + t
      if value < start { continue }
      if value == start {
        counted += 1  // DTSTART matches the rule; the caller adds it
        continue
      }
      if value > limit { return false }
      out.append(value)
      counted += 1
      if (rule.count > 0 && counted >= rule.count) || out.count >= cap { return false }
    }
    return true
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
