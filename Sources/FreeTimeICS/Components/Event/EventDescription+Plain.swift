import FreeTimeCore

/// The fast path: the commonest events described from their bytes, without libical's parser.
///
/// After the pre-pass (which reads UID, STATUS, TRANSP, SEQUENCE and DTSTAMP itself and drops
/// what free time does not need) an event is taken here when nothing is left but:
///
/// * `DTSTART`, and `DTEND` or `DURATION`, and perhaps `RECURRENCE-ID`, each once, in the plain
///   forms of `PlainTime`: `DTSTART:20261123T090000Z`, `DTSTART:20261123T090000`,
///   `DTSTART;TZID=Europe/Prague:…` (`VALUE=DATE-TIME` allowed instead),
///   `DTSTART;VALUE=DATE:20261123`; a real date from year 1 to 2999, hours 0–23, minutes and
///   seconds 0–59; no white space, no other parameter;
/// * `DURATION` in RFC 5545's plain form (`DurationSyntax.Grammar.rfc5545`);
/// * `RRULE`s without parameters or white space at their ends, read by libical's own rule
///   reader (a rule it cannot read sends the event to the parser, for libical's own error);
/// * single-valued `EXDATE`s of the plain forms (a TZID beginning with `/` goes to libical).
///
/// Anything else goes through libical's parser. Every event taken here is described exactly
/// as `LibicalEvent.describe` describes it (`SimpleEventTests`); parsing such an event through
/// libical costs about as much as everything else freetime does with it (docs/LIBICAL.md,
/// Speed).
extension EventDescription {
  /// - Parameters:
  ///   - lines: BEGIN:VEVENT … END:VEVENT as the pre-pass kept them.
  ///   - preRead: what the pre-pass read itself.
  static func plain(_ lines: [ContentLine], preRead: PreRead) -> EventDescription? {
    guard lines.count >= 3 else { return nil }
    var event = EventDescription()
    var start: WrittenTime? = nil
    for line in lines.dropFirst().dropLast() {
      let bytes = line.bytes
      switch line.kind {
      case .dtstart:
        guard start == nil, let time = PlainTime.read(bytes, after: 7) else { return nil }
        start = time
      case .dtend:
        guard event.end == .absent, event.duration == .absent,
          let time = PlainTime.read(bytes, after: 5)
        else { return nil }
        event.end = .value(time)
      case .duration:
        guard event.end == .absent, event.duration == .absent, bytes.count > 9, bytes[8] == 0x3A,
          let value = ValueSyntax.plainDuration(bytes[9...])
        else { return nil }
        event.duration = .value(value)
      case .recurrenceID:
        guard event.recurrenceID == .absent, let time = PlainTime.read(bytes, after: 13)
        else { return nil }
        event.recurrenceID = .value(time)
      case .rrule:
        guard bytes.count > 6, bytes[5] == 0x3A, let rule = PlainTime.rule(bytes[6...])
        else { return nil }
        event.rules.append(rule)
      case .exdate:
        guard let time = PlainTime.read(bytes, after: 6), !bytes.contains(0x2C),
          time.tzid?.hasPrefix("/") != true
        else { return nil }
        event.exdates.append(time.isUTC || time.isDate ? time : time.asLibicalExdate)
      default:
        return nil
      }
    }
    guard let start else { return nil }
    event.start = .value(start)
    event.take(preRead)
    event.lines = PropertyLines(lines)
    return event
  }
}

extension WrittenTime {
  /// An EXDATE's date-time without Z as libical reads it: UTC for the TZIDs UTC and GMT
  /// (`LibicalEvent.exdate`).
  fileprivate var asLibicalExdate: WrittenTime {
    var t = self
    if tzid == "UTC" || tzid == "GMT" { t.isUTC = true }
    return t
  }
}

/// The plain forms of time values and rules the fast path reads.
private enum PlainTime {
  /// A VALUE parameter's value type.
  enum ValueType { case date, dateTime, other }

  /// The value of a DTSTART, DTEND, RECURRENCE-ID or EXDATE line whose name is `nameLength`
  /// bytes, if plain.
  static func read(_ bytes: [UInt8], after nameLength: Int) -> WrittenTime? {
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
    return value(bytes, at: i + 1, type: valueType, tzid: tzid)
  }

  /// `YYYYMMDD` (with VALUE=DATE) or `YYYYMMDDTHHMMSS[Z]` at `at`, to the end of `bytes`.
  private static func value(_ bytes: [UInt8], at: Int, type: ValueType?, tzid: String?)
    -> WrittenTime?
  {
    bytes.withUnsafeBufferPointer { all -> WrittenTime? in
      switch all.count - at {
      case 8:
        guard type == .date, let f = ValueSyntax.date(all, at: at), (1...2999).contains(f.year),
          CivilTime.isValid(year: f.year, month: f.month, day: f.day)
        else { return nil }
        return WrittenTime(
          civil: CivilTime.seconds(f.year, f.month, f.day), isDate: true, isUTC: false,
          tzid: nil)
      case 15, 16:
        let utc = all.count - at == 16
        guard type == nil || type == .dateTime,
          !utc || all[at + 15] == UInt8(ascii: "Z"), !(utc && tzid != nil),
          let f = ValueSyntax.dateTime(all, at: at), (1...2999).contains(f.year),
          CivilTime.isValid(year: f.year, month: f.month, day: f.day), f.hour < 24,
          f.minute < 60, f.second < 60
        else { return nil }
        return WrittenTime(
          civil: CivilTime.seconds(f.year, f.month, f.day, f.hour, f.minute, f.second),
          isDate: false, isUTC: utc, tzid: tzid)
      default:
        return nil
      }
    }
  }

  /// An RRULE value without white space at its ends or control bytes, as libical's rule
  /// reader reads it; nil when it cannot, and for an empty part (`;;`) or an UNTIL that is not
  /// RFC 5545's (`RecurrenceRule.isPlainForLibical`: `ValueCheck` reads those on the way to
  /// libical's parser).
  static func rule(_ value: ArraySlice<UInt8>) -> RecurrenceRule? {
    guard let first = value.first, let last = value.last, first > 0x20, last > 0x20 else {
      return nil
    }
    guard value.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
      value.withContiguousStorageIfAvailable(RecurrenceRule.isPlainForLibical) == true
    else { return nil }
    return LibicalRecurrence.rule(text: value)
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
