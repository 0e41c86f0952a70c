import ArgumentParser
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

extension Freetime {
  /// `freetime check`: what in these calendars is broken or suspicious.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Report what in the calendars is broken or suspicious.",
      discussion: """
        Prints one line per finding, FILE:LINE: SEVERITY: MESSAGE. Errors make a calendar \
        unreadable; warnings are parts skipped or read with a fallback; notes are legal but \
        suspicious (series without an end, floating times, TZIDs without a VTIMEZONE, Windows \
        zone names, repeated UIDs). Exit status: 0 when there is nothing worse than notes, 1 \
        with warnings, 2 with errors.
        """
    )

    @Argument(
      help: ArgumentHelp(
        "A calendar: a .ics file, a directory of .ics files, or - for standard input.",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var calendars: [String] = []

    @Option(
      help: ArgumentHelp(
        "Time zone of floating times (default: $TZ, else the system zone).", valueName: "zone"),
      completion: .list(ZoneCompletion.names))
    var tz: String?

    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      if calendars.isEmpty { throw ValidationError("Name at least one calendar.") }
    }

    func run() throws {
      let zone = try Setup.zone(tz)
      let now = Instant(time(nil))
      var options = ReadOptions(
        window: Interval(now, now + 7 * 86400), defaultZone: zone, maxInstances: 10_000_000)
      options.lint = true
      options.limits = limits.limits
      var errors = 0
      var warnings = 0
      var notes = 0
      var out = ""
      for argument in calendars {
        let source = try Setup.source(argument)
        do {
          let person = try CalendarReader.read(source, options: options)
          for d in person.diagnostics.sorted(by: {
            ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0)
          }) {
            var line = d.file
            if let l = d.line { line += ":\(l)" }
            line += ": \(d.severity.rawValue): \(Sanitize.text(d.message, limit: 300))"
            if let uid = d.uid, !uid.isEmpty { line += " (UID \(Sanitize.text(uid, limit: 120)))" }
            out += line + "\n"
            if d.severity == .warning { warnings += 1 } else { notes += 1 }
          }
        } catch let error as ReadError {
          var line = error.file
          if let l = error.line { line += ":\(l)" }
          out += "\(line): error: \(error.message)\n"
          errors += 1
        }
      }
      Output.writeAll(1, Array(out.utf8))
      Diagnostics.plain(
        "freetime: \(Slots.count(errors, "error")), \(Slots.count(warnings, "warning")), \(Slots.count(notes, "note")) in \(Slots.count(calendars.count, "calendar"))"
      )
      throw errors > 0 ? ExitCode(2) : warnings > 0 ? ExitCode(1) : ExitCode.success
    }
  }
}
