import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One content line after unfolding (RFC 5545 §3.1), with the number of the physical line it
/// starts on. `bytes` has no line terminator.
struct ContentLine: Equatable {
  var bytes: [UInt8]
  var number: Int
}

extension ContentLine {
  /// The property or keyword name, upper-cased (ASCII): the text before the first `;` or `:`.
  var name: String {
    var end = 0
    while end < bytes.count && bytes[end] != 0x3B && bytes[end] != 0x3A { end += 1 }
    return ContentLine.asciiUppercased(bytes[0..<end])
  }

  /// Bytes as a string with ASCII letters upper-cased (names and keywords are ASCII; other
  /// bytes pass through).
  static func asciiUppercased<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let count = bytes.count
    return String(unsafeUninitializedCapacity: count) { out in
      let copied: Void? = bytes.withContiguousStorageIfAvailable { input in
        for i in 0..<count {
          let b = input[i]
          out[i] = b >= 0x61 && b <= 0x7A ? b - 0x20 : b
        }
      }
      if copied == nil {
        for (i, b) in bytes.enumerated() { out[i] = b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
      }
      return count
    }
  }

  /// Where the value starts: just after the first `:` outside a quoted parameter value.
  var valueStart: Int? {
    bytes.withUnsafeBufferPointer { all -> Int? in
      guard let base = all.baseAddress, let colon = memchr(base, 0x3A, all.count) else {
        return nil
      }
      // Most lines quote nothing before their first `:`, which is then the one.
      let first = UnsafeRawPointer(colon) - UnsafeRawPointer(base)
      if memchr(base, 0x22, first) == nil { return first + 1 }
      var inQuotes = false
      for i in 0..<all.count {
        let byte = all[i]
        if byte == 0x22 { inQuotes.toggle() }
        if byte == 0x3A && !inQuotes { return i + 1 }
      }
      return nil
    }
  }

  /// The raw value of parameter `name` (upper case; quotes kept), or nil.
  func parameter(_ name: StaticString) -> ArraySlice<UInt8>? {
    let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    let found = bytes.withUnsafeBufferPointer { all -> Range<Int>? in
      var inQuotes = false
      var i = 0
      while i < all.count {
        let b = all[i]
        if b == 0x22 { inQuotes.toggle() }
        if !inQuotes {
          if b == 0x3A { return nil }
          if b == 0x3B, i + wanted.count + 1 < all.count, all[i + 1 + wanted.count] == 0x3D,
            (0..<wanted.count).allSatisfy({ all[i + 1 + $0] & 0xDF == wanted[$0] & 0xDF })
          {
            var end = i + wanted.count + 2
            var quoted = false
            while end < all.count {
              let c = all[end]
              if c == 0x22 { quoted.toggle() }
              if !quoted && (c == 0x3B || c == 0x3A) { break }
              end += 1
            }
            return (i + wanted.count + 2)..<end
          }
        }
        i += 1
      }
      return nil
    }
    return found.map { bytes[$0] }
  }

  /// Whether the line has a VALUE=DATE parameter (the value's type in any case).
  var hasDateValueType: Bool {
    parameter("VALUE")?.equals(caseless: "DATE") ?? false
  }

  /// Whether the line has more than `limit` parameters (`;` outside quotes before the value).
  func hasMoreParameters(than limit: Int) -> Bool {
    bytes.withUnsafeBufferPointer { all -> Bool in
      var inQuotes = false
      var count = 0
      for byte in all {
        if byte == 0x22 {
          inQuotes.toggle()
        } else if !inQuotes {
          if byte == 0x3A { return false }
          if byte == 0x3B {
            count += 1
            if count > limit { return true }
          }
        }
      }
      return false
    }
  }

  /// The value after the first `:` that is outside a quoted parameter value.
  var value: String {
    guard let start = valueStart else { return "" }
    return String(decoding: bytes[start...], as: UTF8.self)
  }

  /// The value without surrounding white space, upper-cased (ASCII): BEGIN's and END's
  /// component name (the names RFC 5545 and RFC 7953 give without making a string).
  var keyword: String {
    let value = strippedValue
    return ContentLine.knownKeyword(value) ?? ContentLine.asciiUppercased(value)
  }

  /// The component name `bytes` spell in any case, if RFC 5545 or RFC 7953 gives it.
  private static func knownKeyword(_ bytes: ArraySlice<UInt8>) -> String? {
    bytes.withUnsafeBufferPointer { b -> String? in
      func spells(_ word: StaticString) -> Bool {
        let w = word.utf8Start
        for i in 0..<b.count where b[i] != w[i] && b[i] != w[i] | 0x20 { return false }
        return true
      }
      switch b.count {
      case 5: return spells("VTODO") ? "VTODO" : nil
      case 6: return spells("VEVENT") ? "VEVENT" : spells("VALARM") ? "VALARM" : nil
      case 8:
        return spells("STANDARD")
          ? "STANDARD" : spells("DAYLIGHT") ? "DAYLIGHT" : spells("VJOURNAL") ? "VJOURNAL" : nil
      case 9:
        return spells("VCALENDAR")
          ? "VCALENDAR"
          : spells("VTIMEZONE")
            ? "VTIMEZONE"
            : spells("VFREEBUSY") ? "VFREEBUSY" : spells("AVAILABLE") ? "AVAILABLE" : nil
      case 13: return spells("VAVAILABILITY") ? "VAVAILABILITY" : nil
      default: return nil
      }
    }
  }

  /// The value without the white space (C `isspace`) libical's parser strips from both ends.
  var strippedValue: ArraySlice<UInt8> {
    guard var start = valueStart else { return [] }
    var end = bytes.count
    func space(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
    while start < end && space(bytes[start]) { start += 1 }
    while end > start && space(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
  }

  /// A UTC date-time value `YYYYMMDDTHHMMSSZ` as civil seconds (DTSTAMP), or nil when the value
  /// is anything else (as libical's `icaltime_from_string` needs exactly that form for UTC).
  var utcTimestamp: Int64? {
    let value = strippedValue
    guard value.count == 16 else { return nil }
    let start = value.startIndex
    return bytes.withUnsafeBufferPointer { all -> Int64? in
      guard all[start + 15] == UInt8(ascii: "Z"), let f = ValueSyntax.dateTime(all, at: start)
      else { return nil }
      return CivilTime.seconds(f.year, f.month, f.day, f.hour, f.minute, f.second)
    }
  }

  /// The name's kind, read from the bytes without making a string of the name (most lines of a
  /// real event are DESCRIPTION, ATTENDEE and the like, dropped on this alone).
  var kind: PropertyName {
    bytes.withUnsafeBufferPointer { b -> PropertyName in
      var n = 0
      while n < b.count && b[n] != 0x3B && b[n] != 0x3A { n += 1 }
      return PropertyName(b, count: n)
    }
  }

  /// Whether the pre-pass can drop this line of a VEVENT unread: it has a name and a value, and
  /// the name is none of those the reader keeps (BEGIN, END, the time properties, UID, STATUS,
  /// TRANSP, SEQUENCE, DTSTAMP, Outlook's show-as, SUMMARY when `keepSummary`, ATTENDEE when
  /// `keepAttendees`); inside a component the event drops (`inDropped`, a VALARM), any name but
  /// BEGIN and END.
  func isUnneededInEvent(
    _ kind: PropertyName, keepSummary: Bool, keepAttendees: Bool, inDropped: Bool
  ) -> Bool {
    ContentLine.isUnneededInEvent(
      kind, hasValue: hasValue, keepSummary: keepSummary, keepAttendees: keepAttendees,
      inDropped: inDropped)
  }

  /// `isUnneededInEvent` of a line known by its name's kind and whether it has a value (asked
  /// only when the kind leaves it open).
  static func isUnneededInEvent(
    _ kind: PropertyName, hasValue: @autoclosure () -> Bool, keepSummary: Bool,
    keepAttendees: Bool, inDropped: Bool
  ) -> Bool {
    switch kind {
    case .none, .begin, .end: return false
    case .other, .freebusy, .xwrTimezone, .calendarName, .owner, .calStart, .calEnd: break
    case .summary: if !inDropped && keepSummary { return false }
    case .attendee: if !inDropped && keepAttendees { return false }
    default: if !inDropped { return false }
    }
    return hasValue()
  }

  /// A list-valued line (EXDATE, RDATE: RFC 5545 §3.8.5) as one line per value, each with the
  /// line's name, parameters and number; nil when the value is not a list.
  var listValues: [ContentLine]? {
    guard let start = valueStart, bytes[start...].contains(0x2C) else { return nil }
    let head = bytes[..<start]
    return bytes[start...].split(separator: 0x2C, omittingEmptySubsequences: false).map {
      ContentLine(bytes: Array(head) + $0, number: number)
    }
  }

  /// Whether the line has a `:` separating name and value.
  var hasValue: Bool { valueStart != nil }

  /// The first date or time in the value that names no real moment (Feb 30, 24:60), if any.
  /// Values are lists of `YYYYMMDD[THHMMSS[Z]]`, periods `start/end` or `start/duration`;
  /// text that does not look like a date at all is left to libical.
  var impossibleDate: String? {
    guard let start = valueStart else { return nil }
    return bytes.withUnsafeBufferPointer { all -> String? in
      var tokenStart = start
      func check(_ from: Int, _ to: Int) -> String? {
        guard to - from >= 8, let f = ValueSyntax.date(all, at: from) else { return nil }
        var bad: String { String(decoding: all[from..<to], as: UTF8.self) }
        if !CivilTime.isValid(year: f.year, month: f.month, day: f.day) { return bad }
        if to - from >= 15, all[from + 8] == UInt8(ascii: "T") {
          let hour = ValueSyntax.number(all, from + 9, 2)
          let minute = ValueSyntax.number(all, from + 11, 2)
          let second = ValueSyntax.number(all, from + 13, 2)
          if hour | minute | second >= 0, hour > 23 || minute > 59 || second > 60 { return bad }
        }
        return nil
      }
      for i in start..<all.count where all[i] == 0x2C || all[i] == 0x2F {
        if let bad = check(tokenStart, i) { return bad }
        tokenStart = i + 1
      }
      return check(tokenStart, all.count)
    }
  }
}
