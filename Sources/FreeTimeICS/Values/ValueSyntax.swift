import FreeTimeCore

/// The one reader of iCalendar value text (RFC 5545 §3.3): dates and date-times
/// (`YYYYMMDD[THHMMSS[Z]]`), UTC offsets (`+0130`), periods (`start/end`, `start/duration`) and
/// durations (through `DurationSyntax`, the command line's grammar for the same ISO 8601 form).
/// Every reading of such text in freetime goes through here; what each caller accepts
/// (leap seconds, years) it states itself.
enum ValueSyntax {
  /// The fields of a `YYYYMMDD` or `YYYYMMDDTHHMMSS` value, before any range check.
  struct Fields: Equatable {
    var year, month, day: Int
    var hour = 0
    var minute = 0
    var second = 0

    /// Whether the date is real (no February 30) and the time of day exists, up to second 60.
    var isReal: Bool {
      CivilTime.isValid(year: year, month: month, day: day) && hour < 24 && minute < 60
        && second < 61
    }

    /// Civil seconds (a leap second is read as second 59).
    var civil: Int64 { CivilTime.seconds(year, month, day, hour, minute, min(second, 59)) }
  }

  /// The `count` ASCII digits at `at` as a number, or -1 when a byte is not a digit.
  @inline(__always)
  static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int {
    var n = 0
    for i in at..<(at + count) {
      let d = bytes[i] &- 48
      if d > 9 { return -1 }
      n = n * 10 + Int(d)
    }
    return n
  }

  /// The fields of `YYYYMMDD` at `at` (8 bytes, which the caller has), or nil.
  @inline(__always)
  static func date(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Fields? {
    let year = number(bytes, at, 4)
    let month = number(bytes, at + 4, 2)
    let day = number(bytes, at + 6, 2)
    guard year | month | day >= 0 else { return nil }
    return Fields(year: year, month: month, day: day)
  }

  /// The fields of `YYYYMMDDTHHMMSS` at `at` (15 bytes, which the caller has), or nil.
  @inline(__always)
  static func dateTime(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Fields? {
    guard bytes[at + 8] == UInt8(ascii: "T"), var f = date(bytes, at: at) else { return nil }
    f.hour = number(bytes, at + 9, 2)
    f.minute = number(bytes, at + 11, 2)
    f.second = number(bytes, at + 13, 2)
    guard f.hour | f.minute | f.second >= 0 else { return nil }
    return f
  }

  /// A DATE-TIME value, `YYYYMMDDTHHMMSS` or with `Z`: its fields and whether it is UTC.
  static func dateTime<C: Collection>(_ text: C) -> (fields: Fields, utc: Bool)?
  where C.Element == UInt8 {
    let v = Array(text)
    guard v.count == 15 || (v.count == 16 && v[15] == UInt8(ascii: "Z")) else { return nil }
    return v.withUnsafeBufferPointer { all in
      dateTime(all, at: 0).map { ($0, v.count == 16) }
    }
  }

  /// A real DATE-TIME (leap second allowed) as an instant; a floating one is read in `home`.
  static func instant<C: Collection>(_ text: C, home: Zone) -> Instant?
  where C.Element == UInt8 {
    guard let (fields, utc) = dateTime(text), fields.isReal else { return nil }
    return utc ? fields.civil : home.instant(civil: fields.civil)
  }

  /// The wall clock of a VTIMEZONE observance's DTSTART: its first 15 bytes
  /// (`YYYYMMDDTHHMMSS`, without leap seconds), or nil.
  static func onset<C: Collection>(_ text: C) -> Int64? where C.Element == UInt8 {
    let v = Array(text)
    guard v.count >= 15 else { return nil }
    return v.withUnsafeBufferPointer { all -> Int64? in
      guard let f = dateTime(all, at: 0), f.isReal, f.second < 60 else { return nil }
      return f.civil
    }
  }

  /// A PERIOD value (RFC 5545 §3.3.9): `start/end` or `start/duration` (a duration may carry a
  /// sign), floating times read in `home`; the interval may run backwards.
  static func period<C: Collection>(_ text: C, home: Zone) -> Interval?
  where C.Element == UInt8 {
    let parts = Array(text).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard parts.count == 2, let start = instant(parts[0], home: home) else { return nil }
    if let end = instant(parts[1], home: home) { return Interval(start, end) }
    var duration = parts[1][...]
    var sign: Int64 = 1
    if let first = duration.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      if first == UInt8(ascii: "-") { sign = -1 }
      duration = duration.dropFirst()
    }
    guard duration.first == UInt8(ascii: "P"),
      let length = DurationSyntax.parse(String(decoding: duration, as: UTF8.self))
    else { return nil }
    return Interval(start, start + sign * length)
  }

  /// A DURATION value in RFC 5545's plain form (`DurationSyntax.Grammar.rfc5545`), or nil.
  static func plainDuration<C: Collection>(_ text: C) -> WrittenDuration?
  where C.Element == UInt8 {
    guard text.first == UInt8(ascii: "P"),
      let (days, seconds) = DurationSyntax.iso8601(text.dropFirst(), grammar: .rfc5545)
    else { return nil }
    return WrittenDuration(days: days, seconds: seconds)
  }

  /// A UTC offset (RFC 5545 §3.3.14): `+0130`, `-0500`, `+013045`, as seconds east of UTC.
  static func utcOffset<C: Collection>(_ text: C) -> Int? where C.Element == UInt8 {
    let v = Array(text)
    guard v.count == 5 || v.count == 7, v[0] == 43 || v[0] == 45,
      v.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return nil }
    let d = v.dropFirst().map { Int($0 - 48) }
    var seconds = (d[0] * 10 + d[1]) * 3600 + (d[2] * 10 + d[3]) * 60
    if d.count == 6 { seconds += d[4] * 10 + d[5] }
    return v[0] == 45 ? -seconds : seconds
  }
}
