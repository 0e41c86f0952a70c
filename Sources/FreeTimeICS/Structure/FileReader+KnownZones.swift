/// VTIMEZONEs met before in the run (`ComponentReader.knownTimeZone`): passed over whole when
/// their text in the file is one read before without a word to say, else read line by line and
/// remembered by their text when they say nothing (docs/PERFORMANCE.md).
extension FileReader {
  /// Where a VTIMEZONE read line by line began in the scanner's block, and the person's
  /// warnings then.
  struct TimeZoneStart {
    let mark: (block: Int, offset: Int)?
    let diagnostics: Int
  }

  /// Just after a top-level BEGIN:VTIMEZONE (`timeZoneBegun`): passes over the VTIMEZONE when
  /// its text up to its END is known, doing what reading its lines would have done, and gives
  /// nil; otherwise where it began, to remember it at its END (`rememberTimeZone`).
  mutating func passOverKnownTimeZone(
    _ scanner: inout LineScanner, beginLine: Int, recent: inout RecentZones,
    into person: inout PersonAccumulator
  ) -> TimeZoneStart? {
    timeZoneBegun = false
    if let (count, lines) = scanner.rawAheadCount(through: "END:VTIMEZONE"),
      count <= options.limits.lineBytes,
      let defined = recent.zone(ahead: scanner, count: count)
    {
      scanner.skip(bytes: count, lines: lines)
      stack.removeLast()
      calendar.components += 1
      reader.applyTimeZone(defined, line: beginLine, in: &calendar, into: &person)
      return nil
    }
    return TimeZoneStart(mark: scanner.mark, diagnostics: person.diagnostics.count)
  }

  /// After the END of a VTIMEZONE read line by line: remembers its zone by its text, when
  /// reading it gave no warning.
  func rememberTimeZone(_ start: TimeZoneStart, scanner: LineScanner, diagnostics: Int) {
    guard let defined = reader.quietZone, diagnostics == start.diagnostics,
      let text = scanner.rawText(from: start.mark, to: scanner.mark)
    else { return }
    ComponentReader.remember(defined, text: text)
  }
}

/// VTIMEZONE texts known to the process that a reading thread met last, with their zones, most
/// met first: compared in place, before the process's table is hashed and locked
/// (`ComponentReader.knownTimeZone`), as a vdir's files repeat the same few VTIMEZONEs. Facts of
/// the text alone, kept from file to file (`ScanBuffers`).
struct RecentZones {
  private var known: [(text: RawText, defined: ComponentReader.DefinedZone)] = []
  static let count = 8

  /// The zone of the VTIMEZONE text of `count` bytes ahead of `scanner`, when it is known.
  mutating func zone(ahead scanner: LineScanner, count: Int) -> ComponentReader.DefinedZone? {
    for (i, entry) in known.enumerated() where scanner.aheadEquals(entry.text, count: count) {
      if i > 0 { known.swapAt(i, i - 1) }
      return entry.defined
    }
    guard let text = scanner.rawText(ahead: count),
      let defined = ComponentReader.knownTimeZone(text)
    else { return nil }
    if known.count == RecentZones.count { known.removeLast() }
    known.append((text, defined))
    return defined
  }
}
