import FreeTimeCore

/// `freetime check`'s look at an event's lines.
extension ComponentReader {
  /// `freetime check`: zones named by TZID that the file does not define (`zones`: its
  /// VCALENDAR's), once per file.
  mutating func lintEvent(
    _ lines: [ContentLine], zones: ZoneTable, into person: inout PersonAccumulator
  ) {
    for line in lines where line.kind.isTime {
      // The parameter's value as written, without the quotes around it (a quoted value may
      // hold ':' and ',': Outlook's display names).
      guard let raw = line.parameter("TZID") else { continue }
      var tzid = String(decoding: raw, as: UTF8.self)
      if tzid.hasPrefix("\""), tzid.hasSuffix("\""), tzid.count >= 2 {
        tzid = String(tzid.dropFirst().dropLast())
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
}
