import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

extension Freetime {
  /// `freetime check`: what in these calendars is broken or suspicious.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Report what in the calendars is broken or suspicious.",
      usage: "freetime check [<options>] <calendar> ...",
      discussion: """
        Prints one line per finding, FILE:LINE: SEVERITY: MESSAGE. Errors make a calendar \
        unreadable, or are values that cannot be read, so that some of its time is unknown or \
        lost; warnings are parts skipped or read with a fallback; notes are legal but \
        suspicious (series without an end, floating times, TZIDs without a VTIMEZONE, Windows \
        zone names, a TZID on a UTC time, repeated UIDs, iTIP messages such as METHOD:CANCEL \
        and METHOD:REPLY, a VAVAILABILITY read as working hours), and each calendar's home \
        zone with where it came from. A note or warning repeated in a calendar (a file, or a \
        directory's files) is shown five times, then summed up in one line. Exit status: 0 \
        when there is nothing worse than notes, 1 with warnings, 2 with errors.
        """
    )

    @OptionGroup var calendars: CalendarArguments

    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions

    @Option(
      help: ArgumentHelp(
        "Home zone of calendars that name none (default: $TZ, else the system zone).",
        valueName: "zone"),
      completion: .list(ZoneCompletion.names))
    var tz: String?

    /// --zone, --owner.
    @OptionGroup var person: PersonOptions

    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
    }

    func run() throws {
      let request = try SchedulingRequest(
        checking: calendars, peopleFile: peopleFile, tz: tz, person: person, limits: limits)
      var findings = Findings()
      for source in request.sources {
        do {
          let calendar = try CalendarReader.read(source, options: request.readOptions)
          var diagnostics = calendar.diagnostics
          if let note = request.resolve(calendar).hoursNote {
            diagnostics.append(
              Diagnostic(file: source.argument, line: nil, message: note, severity: .note))
          }
          findings.add(diagnostics, calendar: source.argument)
        } catch let error as ReadError {
          findings.add(error)
        }
      }
      // One line per finding for scripts; on a terminal, within its width
      // (docs/GUIDE.md, Displays).
      let text =
        Terminal.size(of: 1) == nil ? findings.text : findings.text.wrapped(width: Terminal.columns)
      Output.writeAll(1, Array(text.utf8))
      Diagnostics.line(
        "freetime: \(findings.summary) in \(Diagnostics.count(request.sources.count, "calendar"))")
      throw findings.exitCode
    }
  }

  /// What `check` found: one line per finding, in file and line order within a calendar.
  struct Findings {
    var text = ""
    var errors = 0
    var warnings = 0
    var notes = 0

    /// How many of one note or warning a calendar shows before the rest are summed up in one
    /// line.
    static let shownAlike = 5

    /// The findings of one calendar (`calendar`, as it was given: a file, or a directory of
    /// files).
    mutating func add(_ diagnostics: [Diagnostic], calendar: String) {
      // A note or warning repeated in one calendar is shown a few times, then counted in one
      // line (docs/GUIDE.md, freetime check): in a file, or across a vdir's thousands of files,
      // where a note given once a file would otherwise fill the screen. Errors are each shown.
      struct Alike: Hashable {
        var severity: String
        var message: String
      }
      // How many of each, and the file they are all in (nil once they are in several).
      var seen: [Alike: (count: Int, file: String?)] = [:]
      var order: [Alike] = []
      for d in diagnostics.sorted(by: { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }) {
        let alike = Alike(severity: d.severity.rawValue, message: d.message)
        if d.severity != .error {
          if let before = seen[alike] {
            seen[alike] = (before.count + 1, before.file == d.file ? d.file : nil)
          } else {
            seen[alike] = (1, d.file)
            order.append(alike)
          }
          if seen[alike]!.count > Self.shownAlike {
            if d.severity == .warning { warnings += 1 } else { notes += 1 }
            continue
          }
        }
        var line = d.file
        if let l = d.line { line += ":\(l)" }
        line += ": \(d.severity.rawValue): \(Sanitize.text(d.message, limit: 300))"
        if let uid = d.uid, !uid.isEmpty { line += " (UID \(Sanitize.text(uid, limit: 120)))" }
        text += line + "\n"
        switch d.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
      }
      for alike in order where seen[alike]!.count > Self.shownAlike {
        let more = seen[alike]!.count - Self.shownAlike
        // In one file: that file; in several: the calendar.
        let place = seen[alike]!.file ?? calendar
        text +=
          "\(place): \(alike.severity): … and \(more) more like it (\(Sanitize.text(alike.message, limit: 60)))\n"
      }
    }

    /// A calendar that cannot be read.
    mutating func add(_ error: ReadError) {
      var line = error.file
      if let l = error.line { line += ":\(l)" }
      text += "\(line): error: \(error.message)\n"
      errors += 1
    }

    var summary: String {
      "\(Diagnostics.count(errors, "error")), \(Diagnostics.count(warnings, "warning")), \(Diagnostics.count(notes, "note"))"
    }

    /// 2 with errors, 1 with warnings, else 0.
    var exitCode: ExitCode {
      errors > 0 ? ExitCode(2) : warnings > 0 ? ExitCode(1) : ExitCode.success
    }
  }
}
