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
      let head = lines[0].replacing(" Please provide one of the following:", with: "")
      return choices(head, items)
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

  /// argument-parser's "The value 'x' is invalid for '--format <format>'", its choices in the
  /// one style every command uses ("Use one of: table, json."), and the one meant when the
  /// value is close to one (`tabel`, `text`, `yes`; docs/GUIDE.md, Usage).
  static func choices(_ head: String, _ items: [String]) -> String {
    let value = String(head.dropFirst("The value '".count).prefix { $0 != "'" })
    let out = head + " Use one of: " + items.joined(separator: ", ")
    guard let meant = OptionChoice.meant(value, among: items) else { return out + "." }
    return out + "; did you mean \(meant)?"
  }

  static func withExample(_ text: String) -> String {
    // "Please provide one of 'text' and 'json'." (two or three choices).
    if text.hasPrefix("The value '"), let please = text.firstRange(of: " Please provide one of ") {
      let list = text[please.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
      let items = stride(from: 1, to: list.count, by: 2).map { String(list[$0]) }
      if !items.isEmpty { return choices(String(text[..<please.lowerBound]), items) }
    }
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
    // Almost a DURATION (`1.5h`, `30mins`, `1:30`): the one it means (docs/GUIDE.md, Usage).
    if kind == "duration", let meant = DurationSyntax.suggestion(for: String(value)) {
      return text + ": write a DURATION as 30m, 1h30m or 90s; did you mean \(meant)?"
    }
    // Almost a number (`three`, `3.0`, `90%`): the number meant, or what a count is.
    if kind == "n", text.contains("'--max-line-bytes "),
      let meant = OptionChoice.bytes(String(value))
    {
      return text + ": use a whole number of bytes; did you mean \(meant)?"
    }
    if kind == "seconds", let meant = OptionChoice.seconds(String(value)) {
      return text + ": use a number of seconds; did you mean \(meant)?"
    }
    if kind == "n" || kind == "k", let meant = OptionChoice.number(String(value)) {
      return text + ": use a whole number; did you mean \(meant)?"
    }
    if kind == "n" || kind == "k", value.hasSuffix("%") {
      return text + ": use a whole number (a count, not a percentage)."
    }
    let negative = text.hasPrefix("The value '-") ? ": it must not be negative" : ""
    return text + negative + (negative.isEmpty ? ": use " : "; use ") + example + "."
  }

  /// `1 warning`, `3 warnings`.
  static func count(_ n: Int, _ noun: String) -> String {
    n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
  }

  /// A message on one line, for scripts that read standard error; on a terminal, broken at
  /// spaces to its width with later lines indented (docs/GUIDE.md, Displays).
  static func line(_ text: String) {
    var text = Output.terminalSafe(text)
    if let width = Terminal.size(of: 2) { text = text.wrapped(width: Swift.max(20, width)) }
    Output.writeAll(2, Array((text + "\n").utf8))
  }
}
