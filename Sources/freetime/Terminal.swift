import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// The width human displays keep within (docs/GUIDE.md, Displays): the terminal's, when
/// standard output is one, else `COLUMNS`, else 80.
enum Terminal {
  /// Each line of `text` within `width` columns, broken at spaces with later lines indented
  /// (`String.wrapped`).
  static func wrap(_ text: String, width: Int, indent: Int = 4) -> String {
    text.wrapped(width: width, indent: indent)
  }

  /// Items two spaces apart after `lead` spaces, on as many lines as `width` takes: an item
  /// goes whole to the next line (indented four more) rather than break, unless it is wider
  /// than a line itself.
  static func pack(_ items: [String], lead: Int, width: Int = Terminal.columns) -> String {
    let first = String(repeating: " ", count: lead)
    let next = String(repeating: " ", count: lead + 4)
    var lines: [String] = []
    var line = first
    for item in items {
      let fresh = line == first || line == next
      if !fresh && line.displayWidth + 2 + item.displayWidth > width {
        lines.append(line)
        line = next
      }
      line += (line == first || line == next ? "" : "  ") + item
    }
    lines.append(line)
    return lines.map { $0.wrapped(width: width) }.joined(separator: "\n")
  }

  /// The width of the terminal on `fd`, when it is one.
  static func size(of fd: Int32) -> Int? {
    var size = winsize()
    guard isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  /// argument-parser's help within the terminal's width: its `USAGE:` line broken between
  /// its options (`[--tz <zone>]` stays whole), later lines under the first's command; any
  /// other line wider than the terminal broken at spaces (argument-parser wraps at spaces but
  /// leaves a word wider than its column whole).
  static func fitHelp(_ text: String, width: Int = Terminal.columns) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let line = String(line)
      guard line.displayWidth > width else { return line }
      guard line.hasPrefix("USAGE: ") else { return line.wrapped(width: width, indent: 0) }
      // The usage's words, a bracketed group as one.
      var words: [String] = []
      var depth = 0
      var word = ""
      for ch in line {
        if ch == " " && depth == 0 {
          if !word.isEmpty { words.append(word) }
          word = ""
          continue
        }
        if ch == "[" || ch == "<" { depth += 1 }
        if ch == "]" || ch == ">" { depth = Swift.max(0, depth - 1) }
        word.append(ch)
      }
      if !word.isEmpty { words.append(word) }
      let pad = String(repeating: " ", count: Swift.min(width / 2, "USAGE: freetime ".count))
      var lines: [String] = []
      var current = ""
      for word in words {
        if !current.isEmpty, current.displayWidth + 1 + word.displayWidth > width {
          lines.append(current)
          current = pad + word
        } else {
          current += (current.isEmpty ? "" : " ") + word
        }
      }
      lines.append(current)
      return lines.map { $0.wrapped(width: width, indent: 0) }.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Whether `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The terminal's width on standard output, else `COLUMNS`, else 80 (at least 20).
  static let columns: Int = {
    if let n = size(of: 1) { return max(20, n) }
    if let text = getenv("COLUMNS").map({ String(cString: $0) }), let n = Int(text), n > 0 {
      return max(20, n)
    }
    return 80
  }()
}
