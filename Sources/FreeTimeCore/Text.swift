// Small text helpers the modules share, so none of them needs all of Foundation (linking it
// doubles the conformance records the Swift runtime scans at start-up).

extension String {
  /// The string without spaces and tabs (any Unicode white space but line breaks) at its ends.
  public func trimmingWhitespace() -> String {
    func blank(_ c: Character) -> Bool { c.isWhitespace && !c.isNewline }
    guard let first = firstIndex(where: { !blank($0) }),
      let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension Double {
  /// `2.5`, `10.0`, `-0.3`: one decimal, rounded half away from zero (as `%.1f` would show it,
  /// but for ties).
  public var oneDecimal: String {
    let tenths = Int((self * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}

// MARK: display width (docs/GUIDE.md, Displays)

extension Unicode.Scalar {
  /// The columns a terminal gives the scalar: 0 for combining marks and zero-width characters,
  /// 2 for East Asian wide and fullwidth ones (Unicode Standard Annex #11), else 1.
  public var columns: Int {
    let v = value
    if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF
      || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
    {
      return 0
    }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if v < 0x1100 { return 1 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
      0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
      0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
      0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
      0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
      0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
      0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
      0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF, 0x1B000...0x1B2FF,
      0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
      0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
      0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(v) } ? 2 : 1
  }
}

extension String {
  /// The columns the text takes in a terminal: each scalar's `columns`, less freetime's own
  /// colour (SGR sequences, `ESC [ … m`), which takes none.
  public var displayWidth: Int {
    var width = 0
    var inEscape = false
    for scalar in unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
        continue
      }
      if scalar.value == 0x1B {
        inEscape = true
        continue
      }
      width += scalar.columns
    }
    return width
  }

  /// The text cut to at most `width` columns, ending in `…` when something was cut: for a
  /// cell of a fixed width (a name in the timeline).
  public func truncated(toWidth width: Int) -> String {
    guard displayWidth > width else { return self }
    guard width > 0 else { return "" }
    var out = ""
    var used = 0
    for ch in self {
      let w = String(ch).displayWidth
      if used + w > width - 1 { break }
      out.append(ch)
      used += w
    }
    return out + "…"
  }

  /// The first characters of the text that take at most `width` columns (at least one), and
  /// the rest.
  public func split(atWidth width: Int) -> (head: Substring, tail: Substring) {
    var used = 0
    var index = startIndex
    while index < endIndex {
      let w = String(self[index]).displayWidth
      if used + w > width && index > startIndex { break }
      used += w
      index = self.index(after: index)
    }
    return (self[..<index], self[index...])
  }

  /// Each line of the text within `width` columns: a longer line is broken at spaces, its
  /// later lines indented `indent` columns more than it; a word wider than a line is broken
  /// where the line ends (nothing is lost). Freetime's displays keep within the terminal's
  /// width this way (docs/GUIDE.md, Displays).
  public func wrapped(width: Int, indent: Int = 4) -> String {
    guard displayWidth > width || contains("\n") else { return self }
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0).wrappedLine(width: width, indent: indent) }
      .joined(separator: "\n")
  }

  private func wrappedLine(width: Int, indent: Int) -> String {
    guard displayWidth > width else { return self }
    let lead = prefix { $0 == " " }.count
    let pad = String(repeating: " ", count: min(lead + indent, max(0, width / 2)))
    var lines: [String] = []
    var line = String(repeating: " ", count: lead)
    var lineWidth = lead
    var fresh = true  // nothing but the indentation on the line yet
    func newLine() {
      lines.append(line.trimmingTrailingBlanks())
      line = pad
      lineWidth = pad.count
      fresh = true
    }
    for word in dropFirst(lead).split(separator: " ", omittingEmptySubsequences: false) {
      if word.isEmpty {
        // Two spaces in a row (between a table's cells) stay, but not at a line's start.
        if !fresh {
          line += " "
          lineWidth += 1
        }
        continue
      }
      var rest = String(word)
      var w = rest.displayWidth
      let space = fresh ? 0 : 1
      if !fresh && lineWidth + space + w > width { newLine() }
      if !fresh {
        line += " "
        lineWidth += 1
      }
      // A word wider than the room left: as much as fits here, the rest on the next lines.
      while lineWidth + w > width {
        let (head, tail) = rest.split(atWidth: Swift.max(1, width - lineWidth))
        line += head
        lineWidth += String(head).displayWidth
        rest = String(tail)
        w = rest.displayWidth
        newLine()
      }
      line += rest
      lineWidth += w
      fresh = false
    }
    if !fresh || lines.isEmpty { lines.append(line.trimmingTrailingBlanks()) }
    return lines.joined(separator: "\n")
  }

  private func trimmingTrailingBlanks() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

/// A UTC offset for people (docs/GUIDE.md, Displays).
public enum UTCOffset {
  /// `(UTC−4)`, `(UTC+5:30)`, `(UTC+0)` for an offset of -14400, 19800 and 0 seconds: it
  /// follows a clock reading in a fold, where `01:00-04:00` would read as a range. The minus
  /// is U+2212, as the offset is written in prose; seconds are left out.
  public static func text(_ seconds: Int) -> String {
    let a = abs(seconds)
    let minutes = a % 3600 / 60
    let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
    return "(UTC" + (seconds < 0 ? "\u{2212}" : "+") + String(a / 3600)
      + (minutes == 0 ? "" : ":" + mm) + ")"
  }
}
