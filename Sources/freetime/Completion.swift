import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// Shell completion for the default subcommand.
enum Completion {
  /// argument-parser's bash script offers only subcommand names for the first word; `freetime`
  /// is mostly run without one (`freetime alice.ics --min 30m`), so there the script completes
  /// as for `freetime slots` too: calendars, options, zones, formats.
  static func bashWithDefaultSubcommand(_ script: String) -> String {
    // The subcommands' names as argument-parser lists them, then its own `help`.
    let names =
      (Freetime.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
      .joined(separator: " ")
    let old = """
          *)
              # Offer subcommand completions
              COMPREPLY+=($(compgen -W '\(names)' -- "${cur}"))
              ;;
      """
    let new = """
          *)
              # Offer subcommand completions for the first word, and those of the default
              # subcommand, slots
              if ((COMP_CWORD == 1)); then
                  COMPREPLY+=($(compgen -W '\(names)' -- "${cur}"))
              fi
              unparsed_words=("${subcommand}" "${unparsed_words[@]}")
              _freetime_slots
              ;;
      """
    return script.replacing(old, with: new)
  }
}
