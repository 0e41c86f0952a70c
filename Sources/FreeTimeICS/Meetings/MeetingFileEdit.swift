import FreeTimeCore

extension MeetingCopy {
  /// A calendar file's text with the VEVENTs `removing` (copies found in it) taken out and the
  /// VEVENTs of `ics` (and those of its VTIMEZONEs whose TZID the file does not define) put in
  /// before its last `END:VCALENDAR`, without the VCALENDAR's METHOD (docs/GUIDE.md, freetime book,
  /// Reschedule and cancel: the copy keeps everything else in its file). Nil when the file has
  /// no `END:VCALENDAR`.
  public static func edited(_ bytes: [UInt8], removing: [MeetingCopy], inserting ics: String)
    -> String?
  {
    // Physical lines, 1-based as LineScanner numbers them, each with its own line end.
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
      lines.append(bytes[start...i])
      start = i + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    var dropped = Set<Int>()
    for copy in removing {
      for n in copy.firstLine...copy.lastLine where n >= 1 && n <= lines.count {
        dropped.insert(n - 1)
      }
    }
    func text(_ line: ArraySlice<UInt8>) -> String {
      var t = line
      while let b = t.last, b == 0x0A || b == 0x0D || b == 0x20 || b == 0x09 { t = t.dropLast() }
      while let b = t.first, b == 0x20 || b == 0x09 { t = t.dropFirst() }
      return String(decoding: t, as: UTF8.self)
    }
    guard let end = lines.indices.last(where: { text(lines[$0]).uppercased() == "END:VCALENDAR" })
    else { return nil }
    // A stored copy is a calendar, not an iTIP message: the VCALENDAR's METHOD goes (RFC 4791
    // §4.1; a saved invitation has one).
    var depth = 0
    for (i, line) in lines.enumerated() {
      let upper = text(line).uppercased()
      if upper.hasPrefix("BEGIN:") { depth += 1 }
      if upper.hasPrefix("END:") { depth -= 1 }
      if depth == 1 && upper.hasPrefix("METHOD:") { dropped.insert(i) }
    }
    var zones = Set<String>()
    var inZone = false
    for line in lines {
      let t = text(line)
      let upper = t.uppercased()
      if upper == "BEGIN:VTIMEZONE" { inZone = true }
      if upper == "END:VTIMEZONE" { inZone = false }
      if inZone && upper.hasPrefix("TZID:") { zones.insert(String(t.dropFirst(5))) }
    }
    // The components of `ics`: its VTIMEZONEs and VEVENTs, whole.
    var insert = ""
    var block: [String] = []
    var keep = false
    for line in ics.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let t = String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
      if t == "BEGIN:VTIMEZONE" || t == "BEGIN:VEVENT", block.isEmpty {
        block = [t]
        keep = t == "BEGIN:VEVENT"
        continue
      }
      guard !block.isEmpty else { continue }
      block.append(t)
      if t.hasPrefix("TZID:") && !zones.contains(String(t.dropFirst(5))) { keep = true }
      if t == "END:VTIMEZONE" || t == "END:VEVENT" {
        if keep { insert += block.joined(separator: "\r\n") + "\r\n" }
        block = []
      }
    }
    var out: [UInt8] = []
    for (i, line) in lines.enumerated() where !dropped.contains(i) {
      if i == end {
        if let last = out.last, last != 0x0A { out += [0x0D, 0x0A] }
        out += Array(insert.utf8)
      }
      out += line
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether calendar text still holds a component with time in it (a VEVENT, VTODO, VJOURNAL
  /// or VFREEBUSY): a file left with none is no calendar object (RFC 5545 §3.4, RFC 4791 §4.1).
  public static func holdsComponent(_ text: String) -> Bool {
    for line in text.utf8.split(separator: 0x0A) {
      var t = line[...]
      while let b = t.first, b == 0x20 || b == 0x09 { t = t.dropFirst() }
      let upper = String(decoding: t.prefix(16), as: UTF8.self).uppercased()
      if upper.hasPrefix("BEGIN:VEVENT") || upper.hasPrefix("BEGIN:VTODO")
        || upper.hasPrefix("BEGIN:VJOURNAL") || upper.hasPrefix("BEGIN:VFREEBUSY")
      {
        return true
      }
    }
    return false
  }
}
