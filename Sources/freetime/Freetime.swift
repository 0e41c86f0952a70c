import ArgumentParser
import FoundationEssentials
import FoundationInternationalization
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// The root command: `freetime [slots] <calendar>...`.
@main
struct Freetime: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "freetime",
    abstract: "Find common free time in iCalendar files.",
    discussion: """
      Reads each person's calendar (a .ics file, a directory of .ics files, or - for standard \
      input), computes their free time in a window, and prints the slots where everyone is \
      free. The options of the default command: freetime slots --help

      Examples:
        freetime alice.ics bob.ics --min 30m
        freetime team/*.ics --from 2026-12-01 --to +2w --format json
        freetime alice.ics bob.ics --hours 09:00-17:00 --format timeline
        freetime team/*.ics --format json | jq -r '.slots[0].start'
        freetime busy ~/.calendars/work/ -o alice-busy.ics
        freetime check *.ics

      Exit status:
        0  at least one common free slot was found
        1  no slot was found
        2  a usage error, or a calendar that cannot be read

      Environment:
        TZ                 the zone when --tz is not given (else the system zone)
        NO_COLOR           when set and not empty, no colour with --color auto
        SOURCE_DATE_EPOCH  the DTSTAMP of iCalendar output, for reproducible files
      """,
    version: version,
    // Each subcommand gives its commandName: otherwise argument-parser derives it from the type
    // name by reflection, again and again at every start.
    subcommands: [Slots.self, Busy.self, Check.self],
    defaultSubcommand: Slots.self
  )

  /// Runs the command and maps every failure to grep-like exit codes: usage errors are 2, not
  /// argument-parser's 64.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      Glibc.exit(code.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        if CommandLine.arguments.dropFirst().first == "--generate-completion-script",
          CommandLine.arguments.last == "bash"
        {
          Output.writeAll(1, Completion.bashWithDefaultSubcommand(fullMessage(for: error)) + "\n")
          Glibc.exit(0)
        }
        // --help, --version, completion scripts.
        Self.exit(withError: error)
      }
      var message = Diagnostics.oneLine(Self.message(for: error))
      if error is CommandError == false { message += " (freetime --help shows the options.)" }
      Diagnostics.error(message)
      Glibc.exit(2)
    }
  }
}

/// An error the command found itself (bad input, unreadable calendar): already explained.
struct CommandError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Messages on standard error, in the form `freetime: warning: FILE:LINE: message`.
enum Diagnostics {
  static func warning(_ text: String) {
    plain("freetime: warning: \(text)")
  }

  static func error(_ text: String) {
    plain("freetime: error: \(text)")
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
    guard text.hasPrefix("The value '"), let open = text.ranges(of: " <").last,
      let close = text[open.upperBound...].firstRange(of: ">'")
    else { return text }
    let kind = String(text[open.upperBound..<close.lowerBound])
    guard let example = examples[kind] else { return text }
    return text + ": use " + example + "."
  }

  /// `1 warning`, `3 warnings`.
  static func count(_ n: Int, _ noun: String) -> String {
    n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
  }

  static func plain(_ text: String) {
    Output.writeAll(2, Array((Output.terminalSafe(text) + "\n").utf8))
  }
}

/// Shell completion for the default subcommand.
enum Completion {
  /// argument-parser's bash script offers only subcommand names for the first word; `freetime`
  /// is mostly run without one (`freetime alice.ics --min 30m`), so there the script completes
  /// as for `freetime slots` too: calendars, options, zones, formats.
  static func bashWithDefaultSubcommand(_ script: String) -> String {
    let old = """
          *)
              # Offer subcommand completions
              COMPREPLY+=($(compgen -W 'slots busy check help' -- "${cur}"))
              ;;
      """
    let new = """
          *)
              # Offer subcommand completions for the first word, and those of the default
              # subcommand, slots
              if ((COMP_CWORD == 1)); then
                  COMPREPLY+=($(compgen -W 'slots busy check help' -- "${cur}"))
              fi
              unparsed_words=("${subcommand}" "${unparsed_words[@]}")
              _freetime_slots
              ;;
      """
    return script.replacing(old, with: new)
  }
}
