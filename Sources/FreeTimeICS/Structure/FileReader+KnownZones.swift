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
    _ scanner: inout LineScanner, beginLine: Int, into person: inout PersonAccumulator
  ) -> TimeZoneStart? {
    timeZoneBegun = false
    if let (text, lines) = scanner.rawAhead(through: "END:VTIMEZONE"),
      text.bytes.count <= options.limits.lineBytes,
      let defined = ComponentReader.knownTimeZone(text)
    {
      scanner.skip(text, lines: lines)
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
