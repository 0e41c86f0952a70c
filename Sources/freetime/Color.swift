import ArgumentParser

#if canImport(Glibc)
  import Glibc
#endif

/// `--color auto|always|never`.
enum ColorChoice: String, CaselessArgument {
  case auto, always, never
}

/// Colour for the table and the timeline (SGR sequences), or none.
///
/// `auto` colours only when standard output is a terminal, `NO_COLOR` is unset or empty
/// (no-color.org) and `TERM` is not `dumb`; `always` colours even into a pipe or a file (the
/// option wins over `NO_COLOR`, as no-color.org asks); `never` never does. Other formats are
/// never coloured.
struct Paint {
  var on: Bool

  static func decide(_ choice: ColorChoice, toFile: Bool) -> Bool {
    switch choice {
    case .never: return false
    case .always: return true
    case .auto:
      if toFile || isatty(1) == 0 { return false }
      if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
      if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
      return true
    }
  }

  private func sgr(_ code: String, _ text: String) -> String {
    on && !text.isEmpty ? "\u{1b}[\(code)m\(text)\u{1b}[0m" : text
  }

  func bold(_ text: String) -> String { sgr("1", text) }
  func dim(_ text: String) -> String { sgr("2", text) }
  func red(_ text: String) -> String { sgr("31", text) }
  func green(_ text: String) -> String { sgr("32", text) }
  func yellow(_ text: String) -> String { sgr("33", text) }
  func cyan(_ text: String) -> String { sgr("36", text) }
}
