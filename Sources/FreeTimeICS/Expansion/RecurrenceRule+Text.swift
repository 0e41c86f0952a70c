import FreeTimeCore

/// The text of an event's RRULE before libical's rule reader sees it.
extension RecurrenceRule {
  /// The rule parts of RFC 5545 §3.3.10 and RFC 7529, which libical reads.
  static let knownParts: [String] = [
    "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
    "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
  ]
  private static let untilBit: UInt32 = 1 << 1
  private static let countBit: UInt32 = 1 << 2
  private static let wkstBit: UInt32 = 1 << 13

  /// The rule parts of `knownParts`, each packed into a number (`packed`), for `isPlain`; 0
  /// for those longer than eight letters (BYMONTHDAY, BYYEARDAY).
  private static let knownPacked: [UInt64] = knownParts.map { packed(Array($0.utf8)) }
  private static let untilPacked = packed(Array("UNTIL".utf8))
  /// The days WKST may name (RFC 5545 §3.3.10).
  private static let weekdays: [UInt64] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"].map {
    packed(Array($0.utf8))
  }

  /// Up to eight ASCII letters upper-cased, in the bytes of a number (0 for more than eight).
  private static func packed<C: Collection>(_ name: C) -> UInt64 where C.Element == UInt8 {
    guard name.count <= 8 else { return 0 }
    var out: UInt64 = 0
    for b in name { out = out << 8 | UInt64(b >= 0x61 && b <= 0x7A ? b - 0x20 : b) }
    return out
  }

  /// The index in `knownParts` of a part's name, in any case; nil for one freetime does not know.
  private static func knownIndex<C: Collection>(_ name: C) -> Int? where C.Element == UInt8 {
    let number = packed(name)
    if number != 0 { return knownPacked.firstIndex(of: number) }
    return knownParts.indices.first { index in
      knownPacked[index] == 0
        && knownParts[index].utf8.elementsEqual(name) {
          $0 == ($1 >= 0x61 && $1 <= 0x7A ? $1 - 0x20 : $1)
        }
    }
  }

  private static func isWeekday<C: Collection>(_ value: C) -> Bool where C.Element == UInt8 {
    value.count == 2 && weekdays.contains(packed(value))
  }

  /// Whether a rule's text has nothing `asMeant` would change: only known parts, each once,
  /// not both COUNT and UNTIL, no backslash or quote, a WKST that is a weekday, and what
  /// `isPlainForLibical` asks (checked without allocating).
  private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard isPlainForLibical(text) else { return false }
    var seen: UInt32 = 0
    var start = 0
    while start < text.count {
      var end = start
      while end < text.count && text[end] != UInt8(ascii: ";") {
        if text[end] == UInt8(ascii: "\\") || text[end] == UInt8(ascii: "\"") { return false }
        end += 1
      }
      if end == start { break }  // The ';' at the very end (`isPlainForLibical`).
      var equals = start
      while equals < end && text[equals] != UInt8(ascii: "=") { equals += 1 }
      guard equals < end, equals > start, let index = knownIndex(text[start..<equals]) else {
        return false
      }
      let bit: UInt32 = 1 << UInt32(index)
      if seen & bit != 0 { return false }
      seen |= bit
      if bit == wkstBit && !isWeekday(text[(equals + 1)..<end]) { return false }
      start = end + 1
    }
    return seen & (untilBit | countBit) != untilBit | countBit
  }

  /// Whether an RRULE's text is one the fast path may give libical's rule reader as it is: no
  /// empty part (after which libical stops reading) but perhaps a ';' at the very end, no empty
  /// value or list element (libical reads `BYHOUR=` and `BYHOUR=10,` with an hour 0 that was
  /// never written) and an UNTIL of RFC 5545's forms (libical reads some others silently).
  /// Libical refuses a rule for its other faults, and the event goes to `ValueCheck`.
  static func isPlainForLibical(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < text.count {
      var end = start
      var previous = UInt8(ascii: ";")
      while end < text.count && text[end] != UInt8(ascii: ";") {
        let b = text[end]
        if b == UInt8(ascii: ","),
          previous == UInt8(ascii: "=") || previous == UInt8(ascii: ",")
        {
          return false
        }
        previous = b
        end += 1
      }
      if end == start && end != text.count - 1 { return false }
      if previous == UInt8(ascii: "=") || previous == UInt8(ascii: ",") { return false }
      if end - start > 6, packed(text[start..<(start + 5)]) == untilPacked,
        text[start + 5] == UInt8(ascii: "="), !ValueSyntax.isRealTime(text, start + 6, end)
      {
        return false
      }
      start = end + 1
    }
    return true
  }

  /// What `asMeant` reads a rule's text as.
  struct Reading {
    /// The rules to read in the text's place: one, or one per reading of a rule that can be
    /// read several ways.
    var texts: [[UInt8]] = []
    /// What was left out or read several ways, each a whole warning.
    var warnings: [String] = []
    /// Whether the rule's UNTIL was left out (a VTIMEZONE's observance would run on).
    var untilLeftOut = false
    /// What was only written otherwise, for a note of `freetime check`; nil when nothing was.
    var rewritten: String?
  }

  /// The most rules one text is read as: beyond, a part written with several values is read
  /// with its first.
  static let maxReadings = 8

  /// An event's rule as its producer meant it (docs/BAD-INPUT.md, Rules), for libical's rule
  /// reader, which refuses a whole rule for one fault (the series would keep only DTSTART) and
  /// reads an empty value as 0:
  /// * a part freetime does not know (`X-NAME=1`, a part without `=`) is left out: an extension
  ///   or a fault, whose meaning is unknown;
  /// * an UNTIL that is no DATE or DATE-TIME (libical refuses it, or reads `2026-11-25`
  ///   silently), a part without a value (`BYHOUR=`) and a WKST that is no weekday are left
  ///   out: the series then does not end, or is not narrowed by the part;
  /// * an empty part (`;;`, after which libical stops reading) and an empty list element
  ///   (`BYDAY=MO,WE,`) are read as nothing, and a part written twice alike once;
  /// * a part written twice with different values is read once with each, and COUNT beside
  ///   UNTIL (RFC 5545 wants one of them) once with each: rules whose instances are those of
  ///   every reading;
  /// * a rule escaped as TEXT (`FREQ=DAILY\;COUNT=10`, as Ruby's icalendar wrote it) is read
  ///   without its backslashes, one in quotes without them.
  ///
  /// Each choice keeps every instance the producer may have meant, and perhaps more: never free
  /// where the series is busy.
  ///
  /// - Parameter what: the rule's name in warnings (`RRULE`, `VTIMEZONE rule`).
  /// - Returns: nil when nothing changes, or when no known part is left (libical refuses the
  ///   rule).
  static func asMeant<C: Collection>(_ text: C, of what: String) -> Reading?
  where C.Element == UInt8 {
    if text.withContiguousStorageIfAvailable(isPlain) == true { return nil }
    var bytes = Array(text)
    var reading = Reading()
    var rewritten: [String] = []
    func note(_ what: String) { if !rewritten.contains(what) { rewritten.append(what) } }
    func shown(_ part: some Collection<UInt8>) -> String {
      Sanitize.text(String(decoding: part, as: UTF8.self), limit: 40)
    }
    if bytes.contains(UInt8(ascii: "\\")) {
      bytes.removeAll { $0 == UInt8(ascii: "\\") }
      note("escaped as TEXT (a backslash before ';' or ',')")
    }
    if bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") {
      bytes = Array(bytes.dropFirst().dropLast())
      note("in quotes")
    }
    // The known parts as written up to '=', with their values in the order first written.
    var kept: [(name: ArraySlice<UInt8>, index: Int, values: [[UInt8]])] = []
    let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    for (at, part) in parts.enumerated() {
      guard !part.isEmpty else {
        // A ';' at the very end is read by libical as nothing.
        if at != parts.count - 1 { note("with an empty part (';;')") }
        continue
      }
      guard let equals = part.firstIndex(of: UInt8(ascii: "=")),
        let index = knownIndex(part[..<equals])
      else {
        reading.warnings.append(
          "\(what) part '\(shown(part))' is not one freetime knows; the rule is read without it")
        continue
      }
      var value = Array(part[(equals + 1)...])
      let name = knownParts[index]
      if name.hasPrefix("BY"), value.contains(UInt8(ascii: ",")) {
        let elements = value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        if elements.contains(where: \.isEmpty) {
          value = Array(elements.filter { !$0.isEmpty }.joined(separator: [UInt8(ascii: ",")]))
          if !value.isEmpty { note("with an empty list element (',,' or a ',' at an end)") }
        }
      }
      if value.isEmpty {
        reading.warnings.append(
          "\(what) part '\(shown(part))' has no value; the rule is read without it")
        continue
      }
      if name == "UNTIL" {
        // UNTIL is a DATE or DATE-TIME: the one value reader's verdict (`ValueSyntax.verdict`).
        switch ValueSyntax.verdict(value, of: .dtstart) {
        case .valid:
          break
        case .repaired(let repaired, _):
          value = repaired
          note("with its UNTIL written otherwise")
        case .unreadable:
          reading.untilLeftOut = true
          reading.warnings.append(
            "\(what)'s UNTIL '\(shown(value))' cannot be read; the rule is read without it, as a series that does not end"
          )
          continue
        }
      }
      if name == "WKST" && !isWeekday(value) {
        reading.warnings.append(
          "\(what)'s WKST '\(shown(value))' is no weekday; the rule is read without it (weeks start on Monday)"
        )
        continue
      }
      if let first = kept.firstIndex(where: { $0.index == index }) {
        if kept[first].values.contains(value) {
          note("with a part written twice")
        } else {
          kept[first].values.append(value)
        }
        continue
      }
      kept.append((part[..<equals], index, [value]))
    }
    guard !kept.isEmpty else { return nil }
    // Every combination of the values of the parts written with several.
    var combinations = kept.reduce(1) { $0 * $1.values.count }
    for part in kept where part.values.count > 1 {
      let values = part.values.map { "'\(shown($0))'" }.joined(separator: ", ")
      reading.warnings.append(
        combinations <= maxReadings
          ? "\(what) part \(knownParts[part.index]) is written with different values (\(values)); the rule is read once with each"
          : "\(what) part \(knownParts[part.index]) is written with different values (\(values)); the rule is read with the first"
      )
    }
    if combinations > maxReadings {
      for index in kept.indices { kept[index].values = [kept[index].values[0]] }
      combinations = 1
    }
    let both =
      kept.contains { knownParts[$0.index] == "COUNT" }
      && kept.contains { knownParts[$0.index] == "UNTIL" }
    if both {
      reading.warnings.append(
        "\(what) has both COUNT and UNTIL (RFC 5545 §3.3.10 allows one); the rule is read once with each"
      )
    }
    for combination in 0..<combinations {
      for leftOut in both ? ["COUNT", "UNTIL"] : [""] {
        var text: [UInt8] = []
        var rest = combination
        for part in kept {
          let value = part.values[rest % part.values.count]
          rest /= part.values.count
          if knownParts[part.index] == leftOut { continue }
          if !text.isEmpty { text.append(UInt8(ascii: ";")) }
          text += part.name
          text.append(UInt8(ascii: "="))
          text += value
        }
        reading.texts.append(text)
      }
    }
    reading.rewritten = rewritten.isEmpty ? nil : rewritten.joined(separator: ", ")
    if reading.warnings.isEmpty && reading.rewritten == nil && reading.texts.count == 1
      && reading.texts[0].elementsEqual(text)
    {
      return nil
    }
    return reading
  }
}
