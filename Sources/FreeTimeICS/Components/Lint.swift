import FreeTimeCore

/// `freetime check`'s look at an event's lines.
extension FileReader {
  /// `freetime check`: zones named by TZID that the file does not define, once per file.
  mutating func lintEvent(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    for line in lines where line.kind.isTime {
      // The parameter's name in any case; its value as written.
      let text = String(decoding: line.bytes, as: UTF8.self)
      let upper = ContentLine.asciiUppercased(line.bytes)
      guard let range = upper.firstRange(of: ";TZID=") else { continue }
      let after = text.utf8.index(
        text.startIndex, offsetBy: upper.utf8.distance(from: upper.startIndex, to: range.upperBound)
      )
      var tzid = String(text[after...].prefix { $0 != ":" && $0 != ";" })
      if tzid.hasPrefix("\""), tzid.hasSuffix("\""), tzid.count >= 2 {
        tzid = String(tzid.dropFirst().dropLast())
      }
      guard !notedZones.contains(tzid) else { continue }
      notedZones.insert(tzid)
      switch zones.source(of: tzid) {
      case .file, .unknown:
        break  // defined here, or already a warning
      case .system:
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "TZID '\(Sanitize.text(tzid, limit: 80))' has no VTIMEZONE in the file; the system zone is used",
            severity: .note))
      case .windows:
        let iana = zones.zone(for: tzid)?.name ?? "?"
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "Windows zone name '\(Sanitize.text(tzid, limit: 80))' without a VTIMEZONE; read as \(iana)",
            severity: .note))
      }
    }
  }
}
