import ArgumentParser
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

extension Freetime {
  /// `freetime busy`: share availability without sharing the calendar.
  struct Busy: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "busy",
      abstract: "Write a person's busy time as a VFREEBUSY: times only, no details.",
      discussion: """
        One VFREEBUSY per calendar, with UTC FREEBUSY periods typed BUSY or BUSY-TENTATIVE for \
        the window, and nothing else: no summaries, attendees or locations. freetime reads it \
        back to the same free time as the calendar it came from.
        """
    )

    @Argument(
      help: ArgumentHelp(
        "A calendar: a .ics file, a directory of .ics files, - for standard input, or NAME=PATH.",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var calendars: [String] = []

    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions

    @Option(
      name: [.customShort("o"), .customLong("output")],
      help: ArgumentHelp("Write to FILE atomically instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Treat every warning about the calendars as an error.")
    var strict = false

    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      if calendars.isEmpty { throw ValidationError("Name at least one calendar.") }
    }

    func run() throws {
      var slots = try Slots.parse(calendars)
      slots.window = window
      slots.strict = strict
      slots.limits = limits
      let setup = try Setup(slots)
      let people = try Reading.people(setup.sources, options: setup.readOptions, quiet: false)
      var warnings = 0
      for person in people {
        for d in person.diagnostics { Diagnostics.warning(d.description) }
        warnings += person.diagnostics.count
      }
      if strict && warnings > 0 {
        throw CommandError("\(Slots.count(warnings, "warning")) and --strict is set")
      }
      let text = ICSWriter.busy(people, window: setup.window, stamp: setup.stamp)
      try Output.write(text, to: output, quiet: false)
    }
  }
}
