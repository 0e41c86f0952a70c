import FreeTimeCore

/// The commonest VEVENT, read without libical: after the pre-pass (which reads UID, STATUS,
/// TRANSP, SEQUENCE and DTSTAMP itself and drops what free time does not need) nothing is left
/// but DTSTART, one DTEND or DURATION and perhaps a RECURRENCE-ID (an override of one
/// instance), each in the plainest form:
///
/// * `DTSTART:20261123T090000Z`, `DTSTART:20261123T090000`, `DTSTART;TZID=Europe/Prague:…`
///   (`VALUE=DATE-TIME` allowed), `DTSTART;VALUE=DATE:20261123`; a real date from year 1 to 2999,
///   hours 0–23, minutes and seconds 0–59; no white space, no other parameter (the same for
///   DTEND and RECURRENCE-ID; a RANGE parameter goes to libical);
/// * `DURATION:PT1H30M`, `P1D`, `P2W`, `P1DT12H` (no sign, no parameter).
///
/// Anything else (a rule, an exception, a second parameter, a quoted TZID, a leap second, an
/// 8-digit value without `VALUE=DATE`...) goes through libical as before. The answer is the one
/// `EventReader` gives (it shares its rules: `PropertyReader.value`, `EventReader.length`);
/// `SimpleEventTests` compares the two over the fixtures and generated calendars. Parsing such
/// an event through libical cost about as much as everything else freetime does with it.
struct SimpleEvent {
  /// A DTSTART or DTEND of the plain form.
  struct Time: Equatable {
    var civil: Int64
    var isDate: Bool
    var utc: Bool
    var tzid: String?
  }

  var start: Time
  var end: Time?
  var duration: EventLength?
  var recurrenceID: Time?

  /// The event of `lines` (BEGIN:VEVENT … END:VEVENT, as the pre-pass kept them), or nil when it
  /// is not of the plain form.
  init?(_ lines: [ContentLine]) {
    guard lines.count >= 3 && lines.count <= 5 else { return nil }
    var parts = Parts()
    for line in lines.dropFirst().dropLast() {
      guard parts.take(line.bytes) else { return nil }
    }
    guard let event = parts.event else { return nil }
    self = event
  }

  private init(start: Time, end: Time?, duration: EventLength?, recurrenceID: Time?) {
    self.start = start
    self.end = end
    self.duration = duration
    self.recurrenceID = recurrenceID
  }

  /// DTSTART, one DTEND or DURATION and a RECURRENCE-ID of the plain forms, read line by line.
  struct Parts {
    var start: Time? = nil
    var end: Time? = nil
    var duration: EventLength? = nil
    var recurrenceID: Time? = nil

    /// Takes a line of one of those, once each; false for any other line.
    mutating func take(_ bytes: [UInt8]) -> Bool {
      if bytes.starts(withCaseless: "DTSTART"), start == nil,
        let time = SimpleEvent.time(bytes, after: 7)
      {
        start = time
      } else if bytes.starts(withCaseless: "DTEND"), end == nil, duration == nil,
        let time = SimpleEvent.time(bytes, after: 5)
      {
        end = time
      } else if bytes.starts(withCaseless: "DURATION:"), end == nil, duration == nil,
        let length = SimpleEvent.duration(bytes[9...])
      {
        duration = length
      } else if bytes.starts(withCaseless: "RECURRENCE-ID"), recurrenceID == nil,
        let time = SimpleEvent.time(bytes, after: 13)
      {
        recurrenceID = time
      } else {
        return false
      }
      return true
    }

    /// The event, once it has a DTSTART.
    var event: SimpleEvent? {
      start.map { SimpleEvent(start: $0, end: end, duration: duration, recurrenceID: recurrenceID) }
    }
  }

  /// What the event contributes, as `EventReader.read` would answer for it.
  ///
  /// - Throws: `PropertyReader.Failure.unknownZone` for a TZID not known yet when
  ///   `deferUnknown` (the event waits for the end of the VCALENDAR).
  func contribution(
    preRead: PreRead, zones: ZoneTable, home: Zone, options: ReadOptions, deferUnknown: Bool,
    file: String, warn: (Int?, String?, String) -> Void, lineOf: (String) -> Int
  ) throws -> EventContribution {
    let uid = preRead.uid
    let (cancelled, tentative, transparent) = preRead.statusAndTransparency
    var blocks = !cancelled && !transparent
    if tentative && options.tentative == .free { blocks = false }
    func value(_ time: Time, _ name: String) throws -> TimeValue {
      try PropertyReader.value(
        civil: time.civil, isDate: time.isDate, utc: time.utc, tzid: time.tzid, zones: zones,
        home: home, warn: { warn(lineOf(name), uid, $0) }, deferUnknown: deferUnknown)
    }
    let start = try value(self.start, "DTSTART")
    if start.isDate && options.allDay == .free { blocks = false }
    let length: EventLength
    if let end = self.end {
      guard
        let fromEnd = EventReader.length(
          start: start, end: try value(end, "DTEND"), home: home,
          warn: { warn(lineOf("DTEND"), uid, $0) })
      else { return .none }
      length = fromEnd
    } else if let duration {
      length = duration
    } else {
      // RFC 5545 §3.6.1: a DATE start alone lasts one day, a DATE-TIME start alone no time.
      length = start.isDate ? EventLength(civil: 86400, exact: 0) : .zero
    }
    if let recurrenceID {
      // An override of one instance, as EventReader.read reads it.
      var rid = try value(recurrenceID, "RECURRENCE-ID")
      if start.isDate && !rid.isDate && CivilTime.floorMod(rid.civil, 86400) == 0 {
        rid = TimeValue(
          civil: CivilTime.floorDiv(rid.civil, 86400) * 86400, kind: .floating, isDate: true)
      }
      let s = start.instant(home: home)
      let e = length.end(of: start, startInstant: s, home: home)
      return .override(
        Override(
          uid: uid, key: rid.instant(home: home), revision: preRead.revision, blocks: blocks,
          interval: e >= s ? Interval(s, e) : Interval(e, s), thisAndFuture: false,
          tentative: tentative, file: file, line: lineOf("RECURRENCE-ID")))
    }
    guard blocks else {
      return .master(
        uid: uid, revision: preRead.revision, blocks: false, instances: [], excluded: [],
        tentative: tentative)
    }
    let s = start.instant(home: home)
    let e = length.end(of: start, startInstant: s, home: home)
    let interval = e >= s ? Interval(s, e) : Interval(e, s)
    let expanded = Interval(
      options.window.start - EventReader.shiftMargin, options.window.end + EventReader.shiftMargin)
    return .master(
      uid: uid, revision: preRead.revision, blocks: true,
      instances: interval.overlaps(expanded) ? [Instance(key: s, interval: interval)] : [],
      excluded: [], tentative: tentative)
  }

  /// The value of a DTSTART or DTEND line whose name is `nameLength` bytes, if plain.
  static func time(_ bytes: [UInt8], after nameLength: Int) -> Time? {
    var i = nameLength
    guard i < bytes.count else { return nil }
    var tzid: String? = nil
    var valueType: ValueType? = nil
    if bytes[i] == UInt8(ascii: ";") {
      // One parameter: TZID=… (no quotes, no list, no white space at its ends, no ^ or \\)
      // or VALUE=….
      i += 1
      guard let equals = bytes[i...].firstIndex(of: UInt8(ascii: "=")),
        let colon = bytes[equals...].firstIndex(of: UInt8(ascii: ":"))
      else { return nil }
      let name = bytes[i..<equals]
      let raw = bytes[(equals + 1)..<colon]
      guard !raw.isEmpty, raw.first != 0x20, raw.last != 0x20,
        // No RFC 6868 escape (^^, ^', ^n, which libical decodes) and no backslash (after
        // which libical ignores a ':' or ';'): those go to libical.
        raw.allSatisfy({
          $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x3B && $0 != 0x2C && $0 != 0x5E
            && $0 != 0x5C
        })
      else { return nil }
      if name.equals(caseless: "TZID") {
        tzid = String(decoding: raw, as: UTF8.self)
      } else if name.equals(caseless: "VALUE") {
        valueType =
          raw.equals(caseless: "DATE")
          ? .date : raw.equals(caseless: "DATE-TIME") ? .dateTime : .other
      } else {
        return nil
      }
      i = colon
    }
    guard bytes[i] == UInt8(ascii: ":") else { return nil }
    let at = i + 1
    return bytes.withUnsafeBufferPointer { all -> Time? in
      switch all.count - at {
      case 8:
        let year = ContentLine.number(all, at, 4)
        let month = ContentLine.number(all, at + 4, 2)
        let day = ContentLine.number(all, at + 6, 2)
        guard valueType == .date, year | month | day >= 0, (1...2999).contains(year),
          CivilTime.isValid(year: year, month: month, day: day)
        else { return nil }
        return Time(
          civil: CivilTime.seconds(year, month, day), isDate: true, utc: false, tzid: nil)
      case 15, 16:
        let utc = all.count - at == 16
        guard valueType == nil || valueType == .dateTime,
          !utc || all[at + 15] == UInt8(ascii: "Z"), !(utc && tzid != nil),
          let f = ContentLine.dateTime(all, at: at), (1...2999).contains(f.year),
          CivilTime.isValid(year: f.year, month: f.month, day: f.day), f.hour < 24,
          f.minute < 60, f.second < 60
        else { return nil }
        return Time(
          civil: CivilTime.seconds(f.year, f.month, f.day, f.hour, f.minute, f.second),
          isDate: false, utc: utc, tzid: tzid)
      default:
        return nil
      }
    }
  }

  /// A VALUE parameter's value type.
  enum ValueType { case date, dateTime, other }

  /// A DURATION value `P…` of the plain form: weeks alone, or days and/or a time part; nil for
  /// anything else (a sign, white space, an empty part, a number of more than six digits).
  static func duration(_ value: ArraySlice<UInt8>) -> EventLength? {
    var i = value.startIndex
    guard i < value.endIndex, value[i] == UInt8(ascii: "P") else { return nil }
    i += 1
    var inTime = false
    var days: Int64 = 0
    var seconds: Int64 = 0
    var units: [UInt8] = []  // the designators seen, in order
    while i < value.endIndex {
      if value[i] == UInt8(ascii: "T") {
        guard !inTime else { return nil }
        inTime = true
        i += 1
        guard i < value.endIndex else { return nil }  // "P1DT": a time part with nothing
        continue
      }
      var number: Int64 = 0
      var digits = 0
      while i < value.endIndex, value[i] >= 0x30, value[i] <= 0x39 {
        number = number * 10 + Int64(value[i] - 0x30)
        digits += 1
        i += 1
      }
      guard digits > 0, digits <= 6, i < value.endIndex else { return nil }
      let unit = value[i]
      i += 1
      switch (inTime, unit) {
      case (false, UInt8(ascii: "W")) where units.isEmpty && i == value.endIndex:
        days = 7 * number
      case (false, UInt8(ascii: "D")) where units.isEmpty:
        days = number
      case (true, UInt8(ascii: "H"))
      where !units.contains(where: { $0 == 0x48 || $0 == 0x4D || $0 == 0x53 }):
        seconds += 3600 * number
      case (true, UInt8(ascii: "M")) where !units.contains(where: { $0 == 0x4D || $0 == 0x53 }):
        seconds += 60 * number
      case (true, UInt8(ascii: "S")) where !units.contains(0x53):
        seconds += number
      default:
        return nil
      }
      units.append(unit)
    }
    guard !units.isEmpty else { return nil }
    return EventLength(civil: days * 86400, exact: seconds)
  }
}

extension ArraySlice where Element == UInt8 {
  /// Whether the bytes are `text` (ASCII), letters in any case.
  func equals(caseless text: StaticString) -> Bool {
    guard count == text.utf8CodeUnitCount else { return false }
    let p = text.utf8Start
    var k = 0
    for b in self {
      if (b >= 0x61 && b <= 0x7A ? b - 0x20 : b) != p[k] { return false }
      k += 1
    }
    return true
  }
}

extension Array where Element == UInt8 {
  /// Whether the bytes start with `prefix` (ASCII), ignoring the case of letters.
  func starts(withCaseless prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard self.count >= count else { return false }
    let p = prefix.utf8Start
    for i in 0..<count where self[i] & 0xDF != p[i] & 0xDF { return false }
    return true
  }
}

/// A recurring VEVENT of plain parts, built into a libical component directly instead of
/// through libical's text parser (`Libical.build`), then read by `EventReader` as any other:
/// after the pre-pass nothing is left but DTSTART, one DTEND or DURATION, RRULEs, single-valued
/// EXDATEs and perhaps a RECURRENCE-ID, the times in `SimpleEvent`'s plain forms and each RRULE
/// without parameters or white space at its ends. libical's parser would make the same
/// component of them (`SimpleEventTests` compares the two ways); parsing the text cost more than
/// everything else freetime does with such an event but expanding it.
struct PlainSeries {
  /// DTSTART, DTEND or DURATION, RECURRENCE-ID.
  var event: SimpleEvent
  /// The RRULE values, read by `icalrecurrencetype_from_string` as libical's parser does.
  var rules: [[UInt8]] = []
  var exdates: [SimpleEvent.Time] = []

  init?(_ lines: [ContentLine]) {
    guard lines.count >= 4 else { return nil }
    var parts = SimpleEvent.Parts()
    for line in lines.dropFirst().dropLast() {
      let bytes = line.bytes
      if bytes.starts(withCaseless: "RRULE:") {
        let value = bytes[6...]
        guard let first = value.first, let last = value.last, first > 0x20, last > 0x20,
          value.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { return nil }
        rules.append(Array(value))
      } else if bytes.starts(withCaseless: "EXDATE"),
        let time = SimpleEvent.time(bytes, after: 6), !bytes.contains(0x2C)
      {
        exdates.append(time)
      } else if !parts.take(bytes) {
        return nil
      }
    }
    guard let event = parts.event, !rules.isEmpty || !exdates.isEmpty else { return nil }
    self.event = event
  }
}
