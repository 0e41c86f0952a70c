import FreeTimeCore
import FreeTimeICS

/// Instants as text in a zone.
enum TimeText {
  static func fields(_ instant: Instant, zone: Zone) -> (civil: Int64, fields: CivilTime.Fields) {
    let civil = LocalTimeResolver.civil(instant, in: zone)
    return (civil, CivilTime.fields(civil))
  }

  // The parts of a reading, written once, for the reader's messages too (`HumanTime`).
  static func two(_ n: Int) -> String { HumanTime.two(n) }
  static func date(_ f: CivilTime.Fields) -> String { HumanTime.date(f) }
  static func clock(_ f: CivilTime.Fields) -> String { HumanTime.clock(f) }
  static func weekday(_ f: CivilTime.Fields) -> String { HumanTime.weekday(f) }

  /// `Mon 2026-11-23 09:00`, with the offset in a fold: `Sun 2026-11-01 01:30 (UTC−4)`.
  static func human(_ instant: Instant, zone: Zone) -> String {
    let f = fields(instant, zone: zone).fields
    return "\(weekday(f)) \(date(f)) \(clock(instant, zone: zone))"
  }

  /// RFC 3339 with the zone's numeric offset: `2026-11-23T10:00:00+01:00`.
  static func rfc3339(_ instant: Instant, zone: Zone) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(25)
    appendRFC3339(instant, zone: zone, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `rfc3339` as UTF-8 bytes appended to `out`.
  static func appendRFC3339(_ instant: Instant, zone: Zone, to out: inout [UInt8]) {
    let offset = zone.utcOffset(at: instant)
    let f = CivilTime.fields(instant + Int64(offset))
    func put(_ n: Int, _ width: Int) {
      let text = String(n)
      for _ in text.utf8.count..<max(width, text.utf8.count) { out.append(UInt8(ascii: "0")) }
      out.append(contentsOf: text.utf8)
    }
    func two(_ n: Int) {
      out.append(UInt8(ascii: "0") + UInt8(n / 10))
      out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }
    if f.year < 0 { out.append(UInt8(ascii: "-")) }
    if (0...9999).contains(f.year) {
      two(f.year / 100)
      two(f.year % 100)
    } else {
      put(abs(f.year), 4)
    }
    out.append(UInt8(ascii: "-"))
    two(f.month)
    out.append(UInt8(ascii: "-"))
    two(f.day)
    out.append(UInt8(ascii: "T"))
    two(f.hour)
    out.append(UInt8(ascii: ":"))
    two(f.minute)
    out.append(UInt8(ascii: ":"))
    two(f.second)
    out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let a = abs(offset)
    two(a / 3600 % 100)
    out.append(UInt8(ascii: ":"))
    two(a / 60 % 60)
  }

  /// A zone as people name it: the city of `Area/City` (`New York`), else the zone's name.
  static func city(_ zone: Zone) -> String {
    zone.name.split(separator: "/").last.map { String($0).replacingAll("_", with: " ") }
      ?? zone.name
  }

  /// Whether the wall-clock reading of `instant` happens twice in `zone` (a fold, when the
  /// clocks go back): then the reading alone does not say which instant it is.
  static func isAmbiguous(_ instant: Instant, zone: Zone) -> Bool {
    let reading = LocalTimeResolver.civil(instant, in: zone)
    let before = zone.utcOffset(at: instant - 7200)
    let after = zone.utcOffset(at: instant + 7200)
    guard before > after else { return false }
    let first = reading - Int64(before)
    let second = reading - Int64(after)
    return LocalTimeResolver.civil(first, in: zone) == reading
      && LocalTimeResolver.civil(second, in: zone) == reading
  }

  /// `(UTC−4)`: the zone's offset at the instant, for people (`UTCOffset.text`).
  static func offset(_ instant: Instant, zone: Zone) -> String {
    UTCOffset.text(zone.utcOffset(at: instant))
  }

  /// A clock reading with its offset when the reading happens twice (a fold):
  /// `01:30 (UTC−4)`.
  static func clock(_ instant: Instant, zone: Zone) -> String {
    let text = clock(fields(instant, zone: zone).fields)
    return isAmbiguous(instant, zone: zone) ? text + " " + offset(instant, zone: zone) : text
  }

  /// An interval on another zone's clock: `19:00–Tue 10:00`, with the weekday wherever the day
  /// differs from `day` (the day in --tz) or from the start's, and offsets in a fold.
  static func span(_ interval: Interval, zone: Zone, day: Int64) -> String {
    let a = fields(interval.start, zone: zone)
    let b = fields(interval.end, zone: zone)
    let aDay = CivilTime.floorDiv(a.civil, 86400)
    let bDay = CivilTime.floorDiv(b.civil, 86400)
    let start = (aDay != day ? weekday(a.fields) + " " : "") + clock(interval.start, zone: zone)
    let end = (bDay != aDay ? weekday(b.fields) + " " : "") + clock(interval.end, zone: zone)
    return start + "–" + end
  }
}
