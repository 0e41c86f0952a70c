/// The WHEN syntax of `--from` and `--to` (docs/ARCHITECTURE.md, Command line).
///
/// * `2026-11-23` — midnight at the start of that day in the zone;
/// * `2026-11-23T09:00`, `2026-11-23T09:00:30`, also with a space for `T` — wall-clock time in
///   the zone (RFC 5545 §3.3.5 rules in a DST fold or gap);
/// * the same followed by `Z`, `+01:00`, `-0500` — that exact instant;
/// * `now` (to the whole minute, rounded down), `today`, `tomorrow`, `yesterday`;
/// * `+3d`, `+2w`, `+36h`, `+1d12h`, `+PT90M` — relative to a base instant: days and weeks are
///   calendar days in the zone (so `+1d` across a DST change is still "same time tomorrow"),
///   hours, minutes and seconds are exact;
/// * `+1mo`, `+3mo` — calendar months on the zone's wall clock (the 31st of a shorter month is
///   its last day);
/// * a weekday, `monday` or `mon`, also `next friday` — midnight of the next such day, today
///   excluded.
public enum WhenSyntax {
  /// The instant named by `text`, or nil when it is not a WHEN.
  ///
  /// - Parameters:
  ///   - now: the current instant.
  ///   - base: what `+…` is relative to.
  ///   - zone: the zone of dates and wall-clock times without an offset.
  public static func parse(
    _ text: String, now: Instant, base: Instant, zone: some UTCOffsetSource
  ) -> Instant? {
    let s = text.trimmingSpaces().lowercased()
    let todayCivil = CivilTime.floorDiv(LocalTimeResolver.civil(now, in: zone), 86400) * 86400
    switch s {
    case "now": return CivilTime.floorDiv(now, 60) * 60
    case "today": return LocalTimeResolver.instant(civil: todayCivil, in: zone)
    case "tomorrow": return LocalTimeResolver.instant(civil: todayCivil + 86400, in: zone)
    case "yesterday": return LocalTimeResolver.instant(civil: todayCivil - 86400, in: zone)
    default: break
    }
    if s.hasPrefix("+"), s.hasSuffix("mo"), let months = Int(s.dropFirst().dropLast(2)),
      months > 0, months < 1200
    {
      return addingMonths(months, to: base, zone: zone)
    }
    if s.hasPrefix("+") { return relative(String(s.dropFirst()), base: base, zone: zone) }
    let name = s.hasPrefix("next ") ? String(s.dropFirst(5)).trimmingSpaces() : s
    let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    if name.count >= 3, let weekday = weekdays.firstIndex(where: { $0.hasPrefix(name) }) {
      let today = CivilTime.floorDiv(todayCivil, 86400)
      let current = Int(CivilTime.floorMod(today + 4, 7))
      let ahead = (weekday - current + 6) % 7 + 1
      return LocalTimeResolver.instant(civil: (today + Int64(ahead)) * 86400, in: zone)
    }
    return absolute(Array(s.utf8), zone: zone)
  }

  private static func relative(_ text: String, base: Instant, zone: some UTCOffsetSource)
    -> Instant?
  {
    guard let (days, exact) = DurationSyntax.parts(text) else { return nil }
    let civil = LocalTimeResolver.civil(base, in: zone) + days * 86400
    let moved = days == 0 ? base : LocalTimeResolver.instant(civil: civil, in: zone)
    return moved + exact
  }

  /// `base` moved by calendar months on the zone's wall clock.
  private static func addingMonths(_ months: Int, to base: Instant, zone: some UTCOffsetSource)
    -> Instant
  {
    let civil = LocalTimeResolver.civil(base, in: zone)
    let f = CivilTime.fields(civil)
    let index = f.year * 12 + (f.month - 1) + months
    let year = CivilTime.floorDiv(Int64(index), 12)
    let month = Int(CivilTime.floorMod(Int64(index), 12)) + 1
    let day = min(f.day, CivilTime.monthLength(year: Int(year), month: month))
    let moved = CivilTime.seconds(Int(year), month, day, f.hour, f.minute, f.second)
    return LocalTimeResolver.instant(civil: moved, in: zone)
  }

  /// The wall-clock reading a WHEN names when it is a date or a time without an offset, for a
  /// check that the reading exists (a DST gap skips some).
  public static func wallClock(_ text: String) -> Int64? {
    let b = Array(text.trimmingSpaces().lowercased().utf8)
    guard b.count >= 10, b.count <= 19, !b.contains(UInt8(ascii: "z")),
      !b.dropFirst(10).contains(where: { $0 == 43 || $0 == 45 })
    else { return nil }
    return absolute(b, zone: FixedOffset(seconds: 0))
  }

  private static func absolute(_ b: [UInt8], zone: some UTCOffsetSource) -> Instant? {
    var i = 0
    func number(_ digits: Int) -> Int? {
      guard i + digits <= b.count else { return nil }
      var n = 0
      for k in i..<(i + digits) {
        guard b[k] >= 48, b[k] <= 57 else { return nil }
        n = n * 10 + Int(b[k] - 48)
      }
      i += digits
      return n
    }
    func expect(_ c: UInt8) -> Bool {
      guard i < b.count, b[i] == c else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect(45), let month = number(2), expect(45),
      let day = number(2), CivilTime.isValid(year: year, month: month, day: day)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    if i < b.count, b[i] == UInt8(ascii: "t") || b[i] == 32 {
      i += 1
      guard let h = number(2), expect(58), let m = number(2), h < 24, m < 60 else { return nil }
      hour = h
      minute = m
      if expect(58) {
        guard let sec = number(2), sec < 60 else { return nil }
        second = sec
      }
    }
    let civil = CivilTime.seconds(year, month, day, hour, minute, second)
    if i == b.count { return LocalTimeResolver.instant(civil: civil, in: zone) }
    if expect(UInt8(ascii: "z")) { return i == b.count ? civil : nil }
    guard i < b.count, b[i] == 43 || b[i] == 45 else { return nil }
    let sign: Int64 = b[i] == 43 ? 1 : -1
    i += 1
    guard let oh = number(2), oh <= 18 else { return nil }
    _ = expect(58)
    guard let om = number(2), om < 60, i == b.count else { return nil }
    return civil - sign * Int64(oh * 3600 + om * 60)
  }
}
