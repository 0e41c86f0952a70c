import FreeTimeCore

/// Instants as people read them in messages (docs/GUIDE.md, Output formats): `Mon 2026-11-23
/// 09:00`, never an iCalendar value.
public enum HumanTime {
  /// `Mon 2026-11-23 09:00` on `zone`'s clock.
  public static func text(_ instant: Instant, zone: Zone) -> String {
    let f = CivilTime.fields(LocalTimeResolver.civil(instant, in: zone))
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let year = String(f.year)
    let day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][f.weekday]
    let clock = "\(two(f.hour)):\(two(f.minute))" + (f.second == 0 ? "" : ":\(two(f.second))")
    return
      "\(day) \(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(f.month))-\(two(f.day)) \(clock)"
  }

  /// `Mon 2026-11-23 00:00 – Mon 2026-11-30 00:00 UTC`: both ends, then the zone's name.
  public static func span(_ interval: Interval, zone: Zone) -> String {
    "\(text(interval.start, zone: zone)) – \(text(interval.end, zone: zone)) \(zone.name)"
  }
}
