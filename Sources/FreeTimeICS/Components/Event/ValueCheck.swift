import FreeTimeCore

/// The one reader's verdict (`ValueSyntax.verdict`) on every DATE, DATE-TIME, PERIOD and
/// DURATION of a component, before libical reads it: libical reads some values that are not
/// RFC 5545 silently (`2024092T090000Z`, `2024-09-03`) and drops others, so every value goes
/// through the same check and is refused alike in every property. The fast path
/// (`EventDescription(plain:)`) takes only values of the plain forms, which are valid.
enum ValueCheck {
  /// The lines without the values that cannot be read, those values (with their lines), and
  /// what is said of the others: notes for `freetime check` (`lint`) on values read as their
  /// producer plainly meant them, warnings on RRULE parts left out
  /// (`RecurrenceRule.withoutUnknownParts`), their lines rewritten; nil when every value is
  /// valid.
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
    for (index, line) in lines.enumerated() {
      let kind = line.kind
      if rules, kind == .rrule, line.hasValue,
        let cleaned = RecurrenceRule.withoutUnknownParts(line.strippedValue)
      {
        if out == nil { out = Array(lines[..<index]) }
        out!.append(
          ContentLine(
            bytes: Array(line.bytes[..<line.valueStart!]) + cleaned.text, number: line.number))
        if let rewritten = cleaned.rewritten {
          notes.append((line.number, "RRULE \(rewritten); read without that", true))
        }
        for part in cleaned.unknown {
          notes.append((line.number, RecurrenceRule.leftOut(part, of: "RRULE"), false))
        }
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
      if verdict != .valid && out == nil { out = Array(lines[..<index]) }
      switch verdict {
      case .valid:
        out?.append(line)
      case .repaired(let repaired, let reading):
        notes.append((line.number, reading, true))
        out!.append(
          ContentLine(bytes: Array(line.bytes[..<line.valueStart!]) + repaired, number: line.number)
        )
      case .unreadable:
        refused.append(
          .init(name: kind, value: String(decoding: value, as: UTF8.self), line: line.number))
      }
    }
    return out.map { ($0, refused, notes) }
  }
}
