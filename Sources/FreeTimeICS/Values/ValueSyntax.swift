import FreeTimeCore

/// The one reader of iCalendar value text (RFC 5545 §3.3): dates and date-times
/// (`YYYYMMDD[THHMMSS[Z]]`), UTC offsets (`+0130`), periods (`start/end`, `start/duration`) and
/// durations (their numbers through `DurationSyntax`, the command line's grammar for the same
/// ISO 8601 form). Every reading of such text in freetime goes through here, and `verdict` is
/// the gate every value of a component passes first; what each caller accepts (leap seconds,
/// years) it states itself.
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
    guard let (fields, utc) = dateTime(text), fields.isReal else {
      // Letters in lower case, as `verdict` reads them (RFC 5234 reads the grammar's in any
      // case).
      guard text.contains(where: { $0 == 0x74 || $0 == 0x7A }) else { return nil }
      return instant(Array(ContentLine.asciiUppercased(text).utf8), home: home)
    }
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

/// What the one value reader makes of a time or duration value before anything reads it: every
/// DATE, DATE-TIME, PERIOD and DURATION of a component is checked here (`ValueCheck`, the
/// VFREEBUSY and VTIMEZONE readers, an RRULE's UNTIL), so a value that is not RFC 5545 is
/// refused alike in every property (libical reads some such values silently, such as
/// `2024092T090000Z` or `2024-09-03`, and drops others).
extension ValueSyntax {
  /// The verdict on one value.
  enum Verdict: Equatable {
    /// RFC 5545 syntax (its dates may still be impossible: `ContentLine.impossibleDate`).
    case valid
    /// Not RFC 5545, but written the way a known producer writes a value whose meaning is
    /// plain: read as `value`, and `freetime check` notes `reading`.
    case repaired(value: [UInt8], reading: String)
    /// Cannot be read.
    case unreadable
  }

  /// A DATE (`YYYYMMDD`) or DATE-TIME (`YYYYMMDDTHHMMSS`, with `Z` for UTC) value
  /// (RFC 5545 §3.3.4, §3.3.5), by its form only.
  static func isTime<C: Collection>(_ text: C) -> Bool where C.Element == UInt8 {
    if let answer = text.withContiguousStorageIfAvailable({ isTime($0, 0, $0.count) }) {
      return answer
    }
    return Array(text).withUnsafeBufferPointer { isTime($0, 0, $0.count) }
  }

  /// Whether `bytes[from..<to]` is a DATE or DATE-TIME value, by its form only.
  @inline(__always)
  static func isTime(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
    let count = to - from
    guard count == 8 || count == 15 || count == 16 else { return false }
    for i in 0..<count {
      let byte = bytes[from + i]
      switch i {
      case 8: if byte != UInt8(ascii: "T") { return false }
      case 15: if byte != UInt8(ascii: "Z") { return false }
      default: if byte &- 0x30 > 9 { return false }
      }
    }
    return true
  }

  /// Whether `bytes[from..<to]` is a DATE or DATE-TIME value of a real date and time of day
  /// (no February 30, no 24:00; a leap second allowed, as `Fields.isReal` does).
  static func isRealTime(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
    guard isTime(bytes, from, to), let f = date(bytes, at: from),
      CivilTime.isValid(year: f.year, month: f.month, day: f.day)
    else { return false }
    guard to - from > 8, let t = dateTime(bytes, at: from) else { return true }
    return t.isReal
  }

  /// A DURATION value's form (RFC 5545 §3.3.6): an optional sign, `P`, then weeks alone or
  /// days and a time part (`T` followed by hours, minutes, seconds), designators in order, each
  /// at most once, at least one number.
  static func isDuration<C: Collection>(_ text: C) -> Bool where C.Element == UInt8 {
    var body = text[...]
    if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      body = body.dropFirst()
    }
    guard body.first == UInt8(ascii: "P") else { return false }
    // The form, checked without building anything (FREEBUSY periods come by the thousand).
    var inTime = false
    var sawTime = false
    var digits = false
    var parts = 0
    var last = -1
    for byte in body.dropFirst() {
      if byte == UInt8(ascii: "T") {
        guard !inTime, !digits else { return false }
        inTime = true
      } else if byte &- 0x30 <= 9 {
        digits = true
      } else {
        let rank: Int
        switch byte {
        case UInt8(ascii: "W"): rank = 0
        case UInt8(ascii: "D"): rank = 1
        case UInt8(ascii: "H"): rank = 2
        case UInt8(ascii: "M"): rank = 3
        case UInt8(ascii: "S"): rank = 4
        default: return false
        }
        // Designators in order, each once, in their part; weeks stand alone.
        guard digits, rank > last, (rank >= 2) == inTime, last != 0, rank != 0 || parts == 0
        else { return false }
        if inTime { sawTime = true }
        parts += 1
        digits = false
        last = rank
      }
    }
    return !digits && parts > 0 && (!inTime || sawTime)
  }

  /// A DURATION written the way producers write one whose meaning is plain: weeks or days after
  /// the `T` (Synology's `PT1W`), hours or seconds without it (`P1H`), a `T` with nothing after
  /// it (`P1DT`). Minutes without a `T` (`P5M`) are not read: ISO 8601 reads them as months.
  static func repairedDuration<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
    var body = text[...]
    var sign: [UInt8] = []
    if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = [first]
      body = body.dropFirst()
    }
    guard body.first == UInt8(ascii: "P"),
      let parts = durationShape(body.dropFirst(), repairing: true)
    else { return nil }
    var out = sign + Array("P".utf8)
    for (designator, digits) in parts where "WD".utf8.contains(designator) {
      out += digits + [designator]
    }
    let time = parts.filter { "HMS".utf8.contains($0.designator) }
    if !time.isEmpty { out.append(UInt8(ascii: "T")) }
    for (designator, digits) in time { out += digits + [designator] }
    guard out.count > sign.count + 1, isDuration(out) else { return nil }
    return out
  }

  /// The numbers of a duration's body (after `P`) by designator, in order; nil when it is not
  /// a duration. `repairing` lets W and D stand after the `T`, H and S before it, and a `T`
  /// end the value.
  private static func durationShape<C: Collection>(_ body: C, repairing: Bool)
    -> [(designator: UInt8, digits: [UInt8])]?
  where C.Element == UInt8 {
    let order: [UInt8] = Array("WDHMS".utf8)
    var parts: [(designator: UInt8, digits: [UInt8])] = []
    var digits: [UInt8] = []
    var inTime = false
    var sawTime = false
    var last = -1
    for byte in body {
      if byte == UInt8(ascii: "T") {
        guard !inTime, digits.isEmpty else { return nil }
        inTime = true
        continue
      }
      if byte >= 0x30 && byte <= 0x39 {
        digits.append(byte)
        continue
      }
      guard !digits.isEmpty, let rank = order.firstIndex(of: byte), rank > last else {
        return nil
      }
      let timePart = rank >= 2
      if timePart != inTime {
        // M without a T is a month in ISO 8601: never read as minutes.
        guard repairing, byte != UInt8(ascii: "M") else { return nil }
      }
      if timePart { sawTime = true }
      // Weeks stand alone (RFC 5545 §3.3.6).
      if !repairing, last == 0 || (rank == 0 && !parts.isEmpty) { return nil }
      parts.append((byte, digits))
      digits = []
      last = rank
    }
    guard digits.isEmpty, !parts.isEmpty, repairing || !inTime || sawTime else { return nil }
    return parts
  }

  /// A PERIOD (RFC 5545 §3.3.9): a DATE-TIME, `/`, and a DATE-TIME or a DURATION.
  static func isPeriod<C: Collection>(_ text: C) -> Bool where C.Element == UInt8 {
    guard let slash = text.firstIndex(of: UInt8(ascii: "/")) else { return false }
    let start = text[..<slash]
    let end = text[text.index(after: slash)...]
    guard start.count >= 15, isTime(start), !end.contains(UInt8(ascii: "/")) else { return false }
    return (end.count >= 15 && isTime(end)) || isDuration(end)
  }

  /// A PERIOD written as producers write one whose meaning is plain: its ends DATEs
  /// (`19970101/19970102`, a day: each read as its midnight), or its duration in a form
  /// `repairedDuration` reads (`20261124T100000Z/PT1D`); nil when it is not such a period.
  static func repairedPeriod<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
    let parts = Array(text).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let midnight = Array("T000000".utf8)
    func timed(_ part: ArraySlice<UInt8>) -> [UInt8] {
      part.count == 8 && isTime(part) ? Array(part) + midnight : Array(part)
    }
    var end = timed(parts[1])
    if !isTime(end) && !isDuration(end), let duration = repairedDuration(end) { end = duration }
    let repaired = timed(parts[0]) + [UInt8(ascii: "/")] + end
    return isPeriod(repaired) ? repaired : nil
  }

  /// The verdict on the value of a DTSTART, DTEND, RECURRENCE-ID, RDATE, EXDATE (one value of a
  /// list), DURATION or FREEBUSY (one period), stripped of white space at its ends. Letters in
  /// lower case (`20261124t100000z`, `pt2h`: RFC 5234 reads the grammar's letters in any case,
  /// libical does not) are read in upper case.
  static func verdict<C: Collection>(_ text: C, of kind: PropertyName) -> Verdict
  where C.Element == UInt8 {
    var written: String { String(decoding: text, as: UTF8.self) }
    if text.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
      let upper = Array(ContentLine.asciiUppercased(text).utf8)
      switch verdict(upper, of: kind) {
      case .valid:
        return .repaired(
          value: upper,
          reading:
            "\(kind.spelling) '\(written)' in lower case; read as \(String(decoding: upper, as: UTF8.self))"
        )
      case .repaired(let value, _):
        return .repaired(
          value: value,
          reading:
            "\(kind.spelling) '\(written)' is not RFC 5545; read as \(String(decoding: value, as: UTF8.self))"
        )
      case .unreadable:
        return .unreadable
      }
    }
    switch kind {
    case .duration:
      if isDuration(text) { return .valid }
      if let repaired = repairedDuration(text) {
        let read = String(decoding: repaired, as: UTF8.self)
        return .repaired(
          value: repaired, reading: "DURATION '\(written)' is not RFC 5545; read as \(read)")
      }
      return .unreadable
    case .rdate, .freebusy:
      if kind == .rdate && isTime(text) { return .valid }
      if isPeriod(text) { return .valid }
      guard text.contains(UInt8(ascii: "/")) else { return .unreadable }
      if let repaired = repairedPeriod(text) {
        let read = String(decoding: repaired, as: UTF8.self)
        let dates = Array(text).split(separator: UInt8(ascii: "/")).contains { $0.count == 8 }
        return .repaired(
          value: repaired,
          reading: dates
            ? "\(kind.spelling) period '\(written)' of dates is not RFC 5545; read from midnight to midnight"
            : "\(kind.spelling) period '\(written)' is not RFC 5545; read as \(read)")
      }
      return .unreadable
    default:
      guard isTime(text) else { return .unreadable }
      guard text.count > 8, let (fields, utc) = dateTime(text), !fields.isReal else {
        if text.count == 8, let f = Array(text).withUnsafeBufferPointer({ date($0, at: 0) }),
          !CivilTime.isValid(year: f.year, month: f.month, day: f.day)
        {
          return .unreadable
        }
        return .valid
      }
      // 24:00:00, which some producers write for the end of a day: the next midnight.
      guard isEndOfDay(text) else { return .unreadable }
      let next = CivilTime.fields(
        CivilTime.seconds(fields.year, fields.month, fields.day) + 86400)
      func digits(_ n: Int, _ count: Int) -> String {
        String(repeating: "0", count: max(0, count - String(n).count)) + String(n)
      }
      let read =
        digits(next.year, 4) + digits(next.month, 2) + digits(next.day, 2) + "T000000"
        + (utc ? "Z" : "")
      return .repaired(
        value: Array(read.utf8),
        reading: "\(kind.spelling) '\(written)' is 24:00; read as the next midnight, \(read)")
    }
  }

  /// Whether a DATE-TIME is 24:00:00 of a real date (`20261124T240000`).
  static func isEndOfDay<C: Collection>(_ text: C) -> Bool where C.Element == UInt8 {
    guard let (fields, _) = dateTime(text) else { return false }
    return fields.hour == 24 && fields.minute == 0 && fields.second == 0
      && CivilTime.isValid(year: fields.year, month: fields.month, day: fields.day)
  }
}
