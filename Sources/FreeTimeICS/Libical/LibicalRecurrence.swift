internal import CLibical
import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// libical's recurrence rules: its rule reader (the one its parser uses), the conversion of
/// its `icalrecurrencetype` to and from `RecurrenceRule`, and its iterator. `RecurrenceRuleTests`
/// checks that a rule converted and back is the one libical read.
enum LibicalRecurrence {
  /// The rule libical's reader makes of RRULE text; nil when it finds no frequency in it.
  static func rule<C: Collection>(text: C) -> RecurrenceRule? where C.Element == UInt8 {
    var cString = [CChar]()
    cString.reserveCapacity(text.count + 1)
    for byte in text { cString.append(CChar(bitPattern: byte)) }
    cString.append(0)
    return Libical.withLock(exclusive: false) {
      let read = icalrecurrencetype_from_string(cString)
      defer { free(read.rscale) }
      let rule = RecurrenceRule(read)
      return rule.frequency == nil ? nil : rule
    }
  }

  /// The rule libical holds, in plain values.
  static func rule(_ rule: icalrecurrencetype) -> RecurrenceRule { RecurrenceRule(rule) }

  /// libical's own text of the rule (`RecurrenceRuleTests` compares it with the text of the
  /// rule libical read, to check the conversion both ways).
  static func text(_ rule: RecurrenceRule) -> String {
    var recurrence = icalrecurrencetype(rule)
    defer { free(recurrence.rscale) }
    return Libical.withLock(exclusive: false) { asString(&recurrence) }
  }

  /// libical's own text of the rule it reads from `text` (tests).
  static func libicalText(_ text: String) -> String {
    Libical.withLock(exclusive: false) {
      var read = icalrecurrencetype_from_string(text)
      defer { free(read.rscale) }
      return asString(&read)
    }
  }

  /// libical's text of a rule; the caller holds the lock.
  private static func asString(_ rule: inout icalrecurrencetype) -> String {
    guard let raw = icalrecurrencetype_as_string_r(&rule) else { return "" }
    defer { free(raw) }
    return String(cString: raw)
  }

  /// Walks libical's iterator over `rule` from the wall-clock `start`: `body` takes each
  /// instance's wall clock and says whether to go on. With `from` (a midnight, civil seconds)
  /// the iterator skips ahead to that day. False when libical refuses the rule.
  static func walk(
    _ rule: RecurrenceRule, start: Int64, isDate: Bool, from: Int64?, _ body: (Int64) -> Bool
  ) -> Bool {
    Libical.withLock(exclusive: false) {
      let recurrence = icalrecurrencetype(rule)
      defer { free(recurrence.rscale) }
      guard
        let iterator = icalrecur_iterator_new(
          recurrence, ICSTime.icaltime(civil: start, isDate: isDate))
      else { return false }
      defer { icalrecur_iterator_free(iterator) }
      if let from {
        _ = icalrecur_iterator_set_start(iterator, ICSTime.icaltime(civil: from, isDate: isDate))
      }
      while true {
        let next = icalrecur_iterator_next(iterator)
        if icaltime_is_null_time(next) != 0 || !body(ICSTime.civil(next)) { break }
      }
      return true
    }
  }
}

/// The BY* arrays of libical's rule: fixed-size C arrays of shorts, ended by
/// `ICAL_RECURRENCE_ARRAY_MAX` when not full.
private func list<T>(_ tuple: T) -> [Int] {
  withUnsafeBytes(of: tuple) { raw in
    var out: [Int] = []
    for value in raw.bindMemory(to: Int16.self) {
      if value == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
      out.append(Int(value))
    }
    return out
  }
}

/// Writes `values` into a BY* array, ended as libical ends it.
private func fill<T>(_ tuple: inout T, _ values: [Int]) {
  withUnsafeMutableBytes(of: &tuple) { raw in
    let slots = raw.bindMemory(to: Int16.self)
    for i in slots.indices {
      slots[i] = i < values.count ? Int16(values[i]) : Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
    }
  }
}

/// libical encodes a BYMONTH leap month (RFC 7529 `5L`) with this bit.
private let leapMonth = 0x1000

extension RecurrenceRule {
  /// The rule libical holds; its RSCALE is copied.
  fileprivate init(_ rule: icalrecurrencetype) {
    frequency = Frequency(rawValue: Int(rule.freq.rawValue))
    interval = Int(rule.interval)
    count = Int(rule.count)
    if icaltime_is_null_time(rule.until) == 0 {
      until = WrittenTime(
        civil: ICSTime.civil(rule.until), isDate: rule.until.is_date != 0,
        isUTC: icaltime_is_utc(rule.until) != 0)
    }
    let wkst = Int(rule.week_start.rawValue)
    weekStart = wkst == 0 ? nil : wkst - 1
    bySecond = list(rule.by_second)
    byMinute = list(rule.by_minute)
    byHour = list(rule.by_hour)
    byDay = list(rule.by_day).map {
      Day(
        weekday: Int(icalrecurrencetype_day_day_of_week(Int16($0)).rawValue) - 1,
        position: Int(icalrecurrencetype_day_position(Int16($0))))
    }
    byMonthDay = list(rule.by_month_day)
    byYearDay = list(rule.by_year_day)
    byWeekNo = list(rule.by_week_no)
    byMonth = list(rule.by_month).map {
      Month(
        number: Int(icalrecurrencetype_month_month(Int16($0))),
        isLeap: icalrecurrencetype_month_is_leap(Int16($0)) != 0)
    }
    bySetPos = list(rule.by_set_pos)
    rscale = rule.rscale.map { String(cString: $0) }
    skip = Skip(rawValue: Int(rule.skip.rawValue)) ?? .undefined
  }
}

extension icalrecurrencetype {
  /// libical's rule for `rule`; the caller frees its `rscale`.
  fileprivate init(_ rule: RecurrenceRule) {
    self.init()
    icalrecurrencetype_clear(&self)
    freq =
      rule.frequency.map { icalrecurrencetype_frequency(UInt32($0.rawValue)) }
      ?? ICAL_NO_RECURRENCE
    if let until = rule.until {
      self.until =
        until.isUTC
        ? ICSTime.icaltime(utc: until.civil)
        : ICSTime.icaltime(civil: until.civil, isDate: until.isDate)
    }
    count = Int32(rule.count)
    interval = Int16(rule.interval)
    week_start = icalrecurrencetype_weekday(UInt32(rule.weekStart.map { $0 + 1 } ?? 0))
    fill(&by_second, rule.bySecond)
    fill(&by_minute, rule.byMinute)
    fill(&by_hour, rule.byHour)
    fill(
      &by_day,
      rule.byDay.map { (8 * abs($0.position) + $0.weekday + 1) * ($0.position < 0 ? -1 : 1) })
    fill(&by_month_day, rule.byMonthDay)
    fill(&by_year_day, rule.byYearDay)
    fill(&by_week_no, rule.byWeekNo)
    fill(&by_month, rule.byMonth.map { $0.number | ($0.isLeap ? leapMonth : 0) })
    fill(&by_set_pos, rule.bySetPos)
    rscale = rule.rscale.map { strdup($0) }
    skip = icalrecurrencetype_skip(UInt32(rule.skip.rawValue))
  }
}
