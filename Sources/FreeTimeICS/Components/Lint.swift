import FreeTimeCore

/// `freetime check`'s look at an event's lines.
extension ComponentReader {
  /// `freetime check`: zones named by TZID that the file does not define (`zones`: its
  /// VCALENDAR's), once per file, where a time is read in them; a TZID on a UTC time, at each.
  mutating func lintEvent(
    _ lines: [ContentLine], zones: ZoneTable, into person: inout PersonAccumulator
  ) {
    for line in lines where line.kind.isTime {
      guard let tzid = Self.writtenTZID(line) else { continue }
      // A UTC time ignores its TZID: the zone is noted only where a time is read in it.
      if let note = utcWithTZID(line, tzid: tzid) {
        person.diagnostics.append(note)
        continue
      }
      guard !noted.zones.contains(tzid) else { continue }
      noted.zones.insert(tzid)
      let source = zones.source(of: tzid)
      switch source {
      case .file, .unknown, .offsetOnly:
        break  // defined here, or already a warning
      case .system:
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "TZID '\(Sanitize.text(tzid, limit: 80))' has no VTIMEZONE in the file; the system zone is used",
            severity: .note))
      case .windows, .displayName:
        let iana = zones.zone(for: tzid)?.name ?? "?"
        let what = source == .windows ? "zone name" : "display name"
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "Windows \(what) '\(Sanitize.text(tzid, limit: 80))' without a VTIMEZONE; read as \(iana)",
            severity: .note))
      }
    }
  }

  /// `freetime check`'s note on a time with a TZID that is UTC (RFC 5545 §3.3.5: a UTC time,
  /// ending in Z, has no TZID; `TimeValue` reads it as UTC); nil for any other line.
  func utcWithTZID(_ line: ContentLine, tzid: String) -> Diagnostic? {
    guard line.kind.isTime, line.strippedValue.last.map({ $0 | 0x20 == 0x7A }) == true else {
      return nil
    }
    return Diagnostic(
      file: file, line: line.number,
      message:
        "\(line.name) is a UTC time (ending in Z) with TZID '\(Sanitize.text(tzid, limit: 80))', which RFC 5545 §3.3.5 forbids; it is read as UTC and the TZID is ignored",
      severity: .note)
  }

  /// `freetime check`: a VAVAILABILITY's (and its AVAILABLEs') UTC times with a TZID.
  func lintAvailability(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    for line in lines where line.kind.isTime {
      guard let tzid = Self.writtenTZID(line) else { continue }
      if let note = utcWithTZID(line, tzid: tzid) { person.diagnostics.append(note) }
    }
  }

  /// A line's TZID parameter as written, without the quotes around it (a quoted value may hold
  /// ':' and ',': Outlook's display names); nil without one.
  static func writtenTZID(_ line: ContentLine) -> String? {
    guard let raw = line.parameter("TZID") else { return nil }
    let tzid = String(decoding: raw, as: UTF8.self)
    guard tzid.hasPrefix("\""), tzid.hasSuffix("\""), tzid.count >= 2 else { return tzid }
    return String(tzid.dropFirst().dropLast())
  }
}
