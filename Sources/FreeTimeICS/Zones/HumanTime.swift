import FreeTimeCore

/// Instants as people read them in messages (docs/GUIDE.md, Output formats): `Mon 2026-11-23
/// 09:00`, never an iCalendar value.
public enum HumanTime {
  /// `Mon 2026-11-23 09:00` on `zone`'s clock.
  public static func text(_ instant: Instant, zone: Zone) -> String {
    let f = CivilTime.fields(LocalTimeResolver.civil(instant, in: zone))
    return "\(weekday(f)) \(date(f)) \(clock(f))"
  }

  /// `2026-11-23` (four digits of year at least; a year before 1 with its sign).
  public static func date(_ f: CivilTime.Fields) -> String {
    let y = f.year < 0 ? "-" + String(-f.year) : String(f.year)
    return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(two(f.month))-\(two(f.day))"
  }

  /// `09:00`, or `09:00:30` when the reading has seconds.
  public static func clock(_ f: CivilTime.Fields) -> String {
    f.second == 0
      ? "\(two(f.hour)):\(two(f.minute))" : "\(two(f.hour)):\(two(f.minute)):\(two(f.second))"
  }

  /// `Mon`.
  public static func weekday(_ f: CivilTime.Fields) -> String {
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][f.weekday]
  }

  /// Two digits: `09`.
  public static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
