import FreeTimeCore

/// The text of an event's RRULE before libical's rule reader sees it.
extension RecurrenceRule {
  /// The rule parts of `knownParts`, each packed into a number (`packed`), for `isPlain`; those longer than eight
  /// letters (BYMONTHDAY, BYYEARDAY) as bytes.
  private static let knownPacked: [UInt64] = knownParts.map { packed(Array($0.utf8)) }
  private static let longParts: [[UInt8]] = knownParts.filter { $0.count > 8 }.map {
    Array($0.utf8)
  }

  /// Up to eight ASCII letters upper-cased, in the bytes of a number (0 for more than eight).
  private static func packed<C: Collection>(_ name: C) -> UInt64 where C.Element == UInt8 {
    guard name.count <= 8 else { return 0 }
    var out: UInt64 = 0
    for b in name { out = out << 8 | UInt64(b >= 0x61 && b <= 0x7A ? b - 0x20 : b) }
    return out
  }

  /// Whether a rule's text has only known parts, none empty but perhaps the last, no backslash
  /// or quote, and an UNTIL that is a DATE or DATE-TIME: nothing to change (checked without
  /// allocating).
  private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < text.count {
      var end = start
      while end < text.count && text[end] != UInt8(ascii: ";") {
        if text[end] == UInt8(ascii: "\\") || text[end] == UInt8(ascii: "\"") { return false }
        end += 1
      }
      var equals = start
      while equals < end && text[equals] != UInt8(ascii: "=") { equals += 1 }
      guard equals < end, equals > start else { return end == start && end == text.count - 1 }
      let name = text[start..<equals]
      let number = packed(name)
      let known =
        number != 0
        ? knownPacked.contains(number)
        : longParts.contains { long in
          long.elementsEqual(name) { $0 == ($1 >= 0x61 && $1 <= 0x7A ? $1 - 0x20 : $1) }
        }
      guard known else { return false }
      if number == untilPacked && !ValueSyntax.isRealTime(text, equals + 1, end) { return false }
      start = end + 1
    }
    return true
  }

  /// Whether an RRULE's text is one the fast path may give libical's rule reader as it is: no
  /// empty part (after which libical stops reading) and an UNTIL of RFC 5545's forms (libical
  /// reads some others silently). Other faults make libical refuse the rule, and the event goes
  /// to `ValueCheck`.
  static func isPlainForLibical(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < text.count {
      var end = start
      while end < text.count && text[end] != UInt8(ascii: ";") { end += 1 }
      if end == start && end != text.count - 1 { return false }
      if end - start > 6, packed(text[start..<(start + 5)]) == untilPacked,
        text[start + 5] == UInt8(ascii: "="), !ValueSyntax.isRealTime(text, start + 6, end)
      {
        return false
      }
      start = end + 1
    }
    return true
  }

  private static let untilPacked = packed(Array("UNTIL".utf8))

  /// The rule parts of RFC 5545 §3.3.10 and RFC 7529, which libical reads.
  static let knownParts: Set<String> = [
    "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
    "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
  ]

  /// An event's rule as its producer meant it (docs/BAD-INPUT.md, Rules): without the parts
  /// freetime does not know (`X-NAME=1`, a part without `=`) and without empty parts (`;;`,
  /// after which libical stops reading): libical refuses the whole rule for an unknown part, and
  /// the series would keep only DTSTART. Unknown parts are extensions or faults that can only
  /// narrow a rule, so the rule without them has every instance the producer meant, and perhaps
  /// more: never free where the series is busy. An UNTIL that is no DATE or DATE-TIME (libical
  /// refuses it, or reads `2026-11-25` silently) is left out too: the series then does not end,
  /// which again only adds instances. A rule escaped as TEXT (`FREQ=DAILY\;COUNT=10`, as Ruby's
  /// icalendar wrote it) is read without its backslashes, one in quotes without them, one in
  /// lower case in upper case.
  ///
  /// - Returns: the rule's text as read, the parts left out (warned about), and what was
  ///   only written otherwise (noted by `freetime check`); nil when nothing changes.
  static func withoutUnknownParts<C: Collection>(_ text: C) -> (
    text: [UInt8], unknown: [String], rewritten: String?
  )? where C.Element == UInt8 {
    if text.withContiguousStorageIfAvailable(isPlain) == true { return nil }
    var kept: [[UInt8]] = []
    var unknown: [String] = []
    var bytes = Array(text)
    var rewritten: [String] = []
    if bytes.contains(UInt8(ascii: "\\")) {
      bytes.removeAll { $0 == UInt8(ascii: "\\") }
      rewritten.append("escaped as TEXT (a backslash before ';' or ',')")
    }
    if bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") {
      bytes = Array(bytes.dropFirst().dropLast())
      rewritten.append("in quotes")
    }
    var changed = !rewritten.isEmpty
    let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      guard !part.isEmpty else {
        // A ';' at the very end is read by libical as nothing: not a change.
        if index != parts.count - 1 && !changed {
          changed = true
          rewritten.append("with an empty part (';;')")
        }
        continue
      }
      guard let equals = part.firstIndex(of: UInt8(ascii: "=")),
        knownParts.contains(ContentLine.asciiUppercased(part[..<equals]))
      else {
        unknown.append(String(decoding: part, as: UTF8.self))
        changed = true
        continue
      }
      var value = Array(part[(equals + 1)...])
      // UNTIL is a DATE or DATE-TIME: the one value reader's verdict (`ValueSyntax.verdict`).
      if ContentLine.asciiUppercased(part[..<equals]) == "UNTIL" {
        switch ValueSyntax.verdict(value, of: .dtstart) {
        case .valid:
          break
        case .repaired(let repaired, _):
          value = repaired
          rewritten.append("with its UNTIL written otherwise")
          changed = true
        case .unreadable:
          unknown.append(String(decoding: part, as: UTF8.self))
          changed = true
          continue
        }
      }
      kept.append(Array(part[...equals]) + value)
    }
    guard changed, !kept.isEmpty else { return nil }
    return (
      Array(kept.joined(separator: [UInt8(ascii: ";")])), unknown,
      rewritten.isEmpty ? nil : rewritten.joined(separator: ", ")
    )
  }

  /// The warning on a part `withoutUnknownParts` left out of the rule of a `what` (an RRULE, a
  /// VTIMEZONE's).
  static func leftOut(_ part: String, of what: String) -> String {
    if part.uppercased().hasPrefix("UNTIL=") {
      return
        "\(what)'s UNTIL '\(Sanitize.text(String(part.dropFirst(6)), limit: 40))' cannot be read; the rule is read without it, as a series that does not end (no instance is lost)"
    }
    return
      "\(what) part '\(Sanitize.text(part, limit: 40))' is not one freetime knows; the rule is read without it (a part can only narrow a rule: no instance is lost)"
  }
}
