/// Working hours: a daily span of wall-clock time on some weekdays (`--hours`, `--days`).
///
/// They apply in each person's home zone, so a team across zones gets the hours that are humane
/// for each person (docs/ARCHITECTURE.md, Working hours).
public struct WorkingHours: Sendable, Hashable {
  /// Seconds after midnight; `end` may be 86,400 (`24:00`).
  public var start: Int
  public var end: Int
  /// Weekdays, 0 = Sunday … 6 = Saturday.
  public var days: Set<Int>

  public init(start: Int = 0, end: Int = 86_400, days: Set<Int> = Set(0..<7)) {
    self.start = start
    self.end = end
    self.days = days
  }

  /// `HH:MM-HH:MM` (end after start, `24:00` allowed), or nil.
  public static func parseHours(_ text: String) -> (start: Int, end: Int)? {
    let parts = text.split(separator: "-").map { String($0).trimmingSpaces() }
    guard parts.count == 2, let a = clock(parts[0]), let b = clock(parts[1]), a < b else {
      return nil
    }
    return (a, b)
  }

  private static func clock(_ text: String) -> Int? {
    let p = text.split(separator: ":")
    guard p.count == 2, p[0].count <= 2, p[1].count == 2, let h = Int(p[0]), let m = Int(p[1]),
      (0...24).contains(h), (0..<60).contains(m), h < 24 || m == 0
    else { return nil }
    return h * 3600 + m * 60
  }

  /// `mon-fri`, `mon,wed,fri`, `sat-sun`, `fri-mon` (ranges wrap), or nil.
  public static func parseDays(_ text: String) -> Set<Int>? {
    let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    var days = Set<Int>()
    for item in text.lowercased().split(separator: ",") {
      let ends = item.split(separator: "-").map { String($0.prefix(3)) }
      guard (1...2).contains(ends.count), let a = names.firstIndex(of: ends[0]),
        let b = names.firstIndex(of: ends.last!)
      else { return nil }
      var d = a
      days.insert(d)
      while d != b {
        d = (d + 1) % 7
        days.insert(d)
      }
    }
    return days.isEmpty ? nil : days
  }

  /// The time outside working hours that touches `window`, on the zone's wall clock.
  ///
  /// - Complexity: O(days in the window).
  public func offHours(in window: Interval, zone: some UTCOffsetSource) -> [Interval] {
    guard !window.isEmpty else { return [] }
    var off: [Interval] = []
    let firstDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.start, in: zone), 86400) - 1
    let lastDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.end, in: zone), 86400) + 1
    for day in firstDay...lastDay {
      let midnight = day * 86400
      let weekday = Int(CivilTime.floorMod(day + 4, 7))
      let dayStart = LocalTimeResolver.instant(civil: midnight, in: zone)
      let dayEnd = LocalTimeResolver.instant(civil: midnight + 86400, in: zone)
      if days.contains(weekday) {
        let open = LocalTimeResolver.instant(civil: midnight + Int64(start), in: zone)
        let close = LocalTimeResolver.instant(civil: midnight + Int64(end), in: zone)
        if dayStart < open { off.append(Interval(dayStart, open)) }
        if close < dayEnd { off.append(Interval(close, dayEnd)) }
      } else {
        off.append(Interval(dayStart, dayEnd))
      }
    }
    return off.filter { $0.overlaps(window) }
  }

  /// Whether these hours leave every moment open.
  public var isAlways: Bool { start == 0 && end == 86_400 && days.count == 7 }
}
