import FreeTimeCore

/// The text of an event's RRULE before libical's rule reader sees it.
extension RecurrenceRule {
  /// The rule parts of RFC 5545 §3.3.10 and RFC 7529, which libical reads.
  /// The same, each packed into a number (`packed`), for `isPlain`; those longer than eight
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

  /// Whether a rule's text has only known parts, none empty but perhaps the last, and no
  /// backslash: nothing to drop (the rule of almost every event, checked without allocating).
  private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < text.count {
      var end = start
      while end < text.count && text[end] != UInt8(ascii: ";") {
        if text[end] == UInt8(ascii: "\\") { return false }
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
      start = end + 1
    }
    return true
  }

  static let knownParts: Set<String> = [
    "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
    "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
  ]

  /// An event's rule without the parts freetime does not know (`X-NAME=1`, a part without `=`)
  /// and without empty parts (`;;`, after which libical stops reading): libical refuses the whole
  /// rule for an unknown part, and the series would keep only DTSTART. Parts other than FREQ,
  /// COUNT, UNTIL, INTERVAL, WKST, RSCALE and SKIP only narrow a rule, so the rule without them
  /// has every instance the producer meant, and perhaps more: never free where the series is
  /// busy (docs/BAD-INPUT.md, Rules).
  ///
  /// A rule escaped as TEXT (`FREQ=DAILY\;COUNT=10`, as Ruby's icalendar wrote it) is read
  /// without its backslashes first.
  ///
  /// - Returns: the rule's text without them, the unknown parts dropped (empty when only empty
  ///   parts were), and whether backslashes were removed; nil when nothing changes.
  static func withoutUnknownParts<C: Collection>(_ text: C) -> (
    text: [UInt8], unknown: [String], unescaped: Bool
  )? where C.Element == UInt8 {
    if text.withContiguousStorageIfAvailable(isPlain) == true { return nil }
    var kept: [ArraySlice<UInt8>] = []
    var unknown: [String] = []
    var bytes = Array(text)
    let unescaped = bytes.contains(UInt8(ascii: "\\"))
    if unescaped { bytes.removeAll { $0 == UInt8(ascii: "\\") } }
    var dropped = unescaped
    let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      guard !part.isEmpty else {
        // A ';' at the very end is read by libical as nothing: not a change.
        if index != parts.count - 1 { dropped = true }
        continue
      }
      let name = part.firstIndex(of: UInt8(ascii: "=")).map { part[..<$0] }
      if let name, knownParts.contains(ContentLine.asciiUppercased(name)) {
        kept.append(part)
      } else {
        unknown.append(String(decoding: part, as: UTF8.self))
        dropped = true
      }
    }
    guard dropped, !kept.isEmpty else { return nil }
    return (Array(kept.joined(separator: [UInt8(ascii: ";")])), unknown, unescaped)
  }
}
