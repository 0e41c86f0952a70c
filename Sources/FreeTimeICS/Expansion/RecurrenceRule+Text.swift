import FreeTimeCore

/// The text of an event's RRULE before libical's rule reader sees it.
extension RecurrenceRule {
  /// The rule parts of RFC 5545 §3.3.10 and RFC 7529, which libical reads.
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
