import FreeTimeCore

/// The one reader's verdict (`ValueSyntax.verdict`) on every DATE, DATE-TIME, PERIOD and
/// DURATION of a component, before libical reads it: libical reads some values that are not
/// RFC 5545 silently (`2024092T090000Z`, `2024-09-03`) and drops others, so every value goes
/// through the same check and is refused alike in every property. The fast path
/// (`EventDescription.plain(_:preRead:)`) takes only values of the plain forms, which are valid.
enum ValueCheck {
  /// The lines without the values that cannot be read, those values (with their lines), and
  /// what is said of the others: notes for `freetime check` (`lint`) on values read as their
  /// producer plainly meant them, warnings on what an RRULE is read without
  /// (`RecurrenceRule.asMeant`: its line rewritten, as several RRULEs for a rule read several
  /// ways); nil when every value is valid.
  ///
  /// - Parameter rules: whether to take unknown parts out of RRULEs (an event's: its instances
  ///   only grow; not an AVAILABLE's, whose available time would).
  static func checked(_ lines: [ContentLine], rules: Bool = true) -> (
    lines: [ContentLine], refused: [EventDescription.DroppedProperty],
    notes: [(line: Int, message: String, lint: Bool)]
  )? {
    var out: [ContentLine]? = nil
    var refused: [EventDescription.DroppedProperty] = []
    var notes: [(line: Int, message: String, lint: Bool)] = []
    for (index, written) in lines.enumerated() {
      var line = written
      let kind = line.kind
      if kind.isTime, let requoted = requotedTZID(line) {
        // Exchange's `TZID=tzone://Microsoft/Utc` without quotes: its ':' ends the parameter.
        if out == nil { out = Array(lines[..<index]) }
        notes.append(
          (
            line.number,
            "TZID '\(Sanitize.text(requoted.tzid, limit: 40))' is a URL written without quotes (RFC 5545 §3.1 wants them around a ':'); read as that TZID",
            true
          ))
        line = requoted.line
      }
      if rules, kind == .rrule, line.hasValue,
        let reading = RecurrenceRule.asMeant(line.strippedValue, of: "RRULE")
      {
        if out == nil { out = Array(lines[..<index]) }
        for text in reading.texts {
          out!.append(
            ContentLine(bytes: Array(line.bytes[..<line.valueStart!]) + text, number: line.number))
        }
        if let rewritten = reading.rewritten {
          notes.append((line.number, "RRULE \(rewritten); read without that", true))
        }
        for warning in reading.warnings { notes.append((line.number, warning, false)) }
        continue
      }
      guard kind.isTime || kind == .duration, let start = line.valueStart,
        kind == .duration
          || !line.bytes.withUnsafeBufferPointer({ ValueSyntax.isRealTime($0, start, $0.count) })
      else {
        // Not a value to check, or a real DATE or DATE-TIME as it is (most are).
        out?.append(line)
        continue
      }
      let value = line.strippedValue
      let verdict = ValueSyntax.verdict(value, of: kind)
      // A PERIOD in an RDATE without VALUE=PERIOD, which libical refuses: its meaning is plain.
      let periodType =
        kind == .rdate && verdict != .unreadable && value.contains(UInt8(ascii: "/"))
        && line.parameter("VALUE") == nil
      if (verdict != .valid || periodType) && out == nil { out = Array(lines[..<index]) }
      var head = Array(line.bytes[..<line.valueStart!])
      if periodType {
        head.insert(contentsOf: Array(";VALUE=PERIOD".utf8), at: 5)
        notes.append(
          (
            line.number, "RDATE period without VALUE=PERIOD (RFC 5545 wants it); read as a period",
            true
          ))
      }
      switch verdict {
      case .valid:
        out?.append(periodType ? ContentLine(bytes: head + value, number: line.number) : line)
      case .repaired(let repaired, let reading):
        notes.append((line.number, reading, true))
        out!.append(ContentLine(bytes: head + repaired, number: line.number))
      case .unreadable:
        refused.append(
          .init(name: kind, value: String(decoding: value, as: UTF8.self), line: line.number))
      }
    }
    return out.map { ($0, refused, notes) }
  }

  /// A time's line whose TZID parameter is a URL written without quotes
  /// (`DTSTART;TZID=tzone://Microsoft/Utc:20261124T090000`, whose value would start at the ':'
  /// after `tzone`), with the TZID in quotes; nil for any other line.
  static func requotedTZID(_ line: ContentLine) -> (line: ContentLine, tzid: String)? {
    guard let start = line.valueStart, start >= 7, line.bytes.count > start + 2,
      line.bytes[start] == UInt8(ascii: "/"), line.bytes[start + 1] == UInt8(ascii: "/"),
      let semicolon = line.bytes[..<start].lastIndex(of: UInt8(ascii: ";")),
      let equals = line.bytes[semicolon..<start].firstIndex(of: UInt8(ascii: "=")),
      line.bytes[(semicolon + 1)..<equals].equals(caseless: "TZID"),
      !line.bytes[(equals + 1)..<(start - 1)].isEmpty,
      line.bytes[(equals + 1)..<(start - 1)].allSatisfy({
        ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A
      }),
      let colon = line.bytes[start...].firstIndex(of: UInt8(ascii: ":"))
    else { return nil }
    let tzid = line.bytes[(equals + 1)..<colon]
    let bytes =
      Array(line.bytes[...equals]) + [UInt8(ascii: "\"")] + tzid + [UInt8(ascii: "\"")]
      + line.bytes[colon...]
    return (ContentLine(bytes: bytes, number: line.number), String(decoding: tzid, as: UTF8.self))
  }
}
