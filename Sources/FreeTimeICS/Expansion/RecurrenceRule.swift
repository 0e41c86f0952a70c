import FreeTimeCore

/// A recurrence rule (RFC 5545 §3.3.10, RFC 7529) as libical's rule reader understands its
/// text, in plain Swift values: what expansion, the guards and `freetime check` look at, and
/// what `LibicalRecurrence` turns back into libical's own rule for its iterator.
struct RecurrenceRule: Equatable {
  enum Frequency: Int, Equatable {
    case secondly, minutely, hourly, daily, weekly, monthly, yearly

    /// The length of one period of a fixed-length frequency, in seconds (nil for weeks,
    /// months and years, whose periods the rule's own walk counts).
    var fixedSeconds: Int64? {
      switch self {
      case .secondly: 1
      case .minutely: 60
      case .hourly: 3600
      case .daily: 86400
      default: nil
      }
    }

    /// SECONDLY, MINUTELY and HOURLY: instances many times a day.
    var isSubDaily: Bool { self == .secondly || self == .minutely || self == .hourly }
  }

  /// A BYDAY entry: a weekday (0 = Sunday … 6), and its position in the month or year
  /// (`2MO` is 2, `-1FR` is -1, 0 for every such weekday).
  struct Day: Equatable {
    var weekday: Int
    var position: Int
  }

  /// A BYMONTH entry; RFC 7529 leap months (`5L`) are marked.
  struct Month: Equatable {
    var number: Int
    var isLeap: Bool
  }

  /// RFC 7529 SKIP.
  enum Skip: Int, Equatable { case backward, forward, omit, undefined }

  /// nil when the rule names no frequency libical can read (the rule is then unreadable).
  var frequency: Frequency?
  /// INTERVAL as written (0 when absent); `step` is what expansion uses.
  var interval: Int
  /// COUNT, 0 when absent.
  var count: Int
  /// UNTIL, as written.
  var until: WrittenTime?
  /// WKST, 0 = Sunday … 6; nil when the rule reader left it unset.
  var weekStart: Int?
  var bySecond: [Int] = []
  var byMinute: [Int] = []
  var byHour: [Int] = []
  var byDay: [Day] = []
  var byMonthDay: [Int] = []
  var byYearDay: [Int] = []
  var byWeekNo: [Int] = []
  var byMonth: [Month] = []
  var bySetPos: [Int] = []
  /// RFC 7529 RSCALE, as written.
  var rscale: String?
  var skip: Skip = .omit

  /// Periods between instances: INTERVAL, at least 1.
  var step: Int { max(1, interval) }

  /// WKST as expansion uses it (Sunday when unset).
  var firstWeekday: Int { weekStart ?? 0 }

  /// Whether the rule recurs without an end (no COUNT, no UNTIL): a note of `freetime check`.
  var isEndless: Bool { frequency != nil && count == 0 && until == nil }
}
