import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// An error the command found itself (bad input, unreadable calendar): already explained.
struct CommandError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Messages on standard error, in the form `freetime: warning: FILE:LINE: message`.
enum Diagnostics {
  static func warning(_ text: String) {
    line("freetime: warning: \(text)")
  }

  static func error(_ text: String) {
    line("freetime: error: \(text)")
  }

  /// A message on one line: argument-parser lists allowed values one per line ("  - json").
  static func oneLine(_ text: String) -> String {
    let lines = text.split(separator: "\n").map { String($0).trimmingWhitespace() }
    guard lines.count > 1 else { return withExample(text) }
    let items = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    if items.count == lines.count - 1 {
      let head = lines[0].replacing(" Please provide one of the following:", with: " Use one of:")
      return head + " " + items.joined(separator: ", ") + "."
    }
    return lines.joined(separator: " ")
  }

  /// What a value of each kind looks like, for argument-parser's "The value 'x' is invalid for
  /// '--min <duration>'", which says nothing about what to write instead.
  static let examples: [String: String] = [
    "duration": "a DURATION such as 30m, 1h30m, 90s or PT1H30M",
    "when": "a WHEN such as 2026-11-23, 2026-11-23T09:00, now, tomorrow or +3d",
    "n": "a whole number", "k": "a whole number", "seconds": "a number of seconds",
  ]

  static func withExample(_ text: String) -> String {
    guard text.hasPrefix("The value '"), !text.contains("Please provide one of"),
      let open = text.ranges(of: " <").last,
      let close = text[open.upperBound...].firstRange(of: ">'")
    else { return text }
    let kind = String(text[open.upperBound..<close.lowerBound])
    guard let example = examples[kind] else { return text }
    // A bare number where a DURATION goes: the unit is missing, and minutes are the likely one.
    let value = text.dropFirst("The value '".count).prefix { $0 != "'" }
    if kind == "duration", !value.isEmpty, value.count <= 6, value.allSatisfy(\.isASCII),
      value.allSatisfy(\.isNumber)
    {
      return text + ": a DURATION needs its unit; did you mean \(value)m?"
    }
    let negative = text.hasPrefix("The value '-") ? ": it must not be negative" : ""
    return text + negative + (negative.isEmpty ? ": use " : "; use ") + example + "."
  }

  /// `1 warning`, `3 warnings`.
  static func count(_ n: Int, _ noun: String) -> String {
    n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
  }

  /// A message on one line, for scripts that read standard error; on a terminal, broken at
  /// spaces to its width with later lines indented (docs/pending-displays.md).
  static func line(_ text: String) {
    var text = Output.terminalSafe(text)
    if let width = Terminal.size(of: 2) { text = text.wrapped(width: Swift.max(20, width)) }
    Output.writeAll(2, Array((text + "\n").utf8))
  }
}
