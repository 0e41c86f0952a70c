import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

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

    @OptionGroup var calendars: CalendarArguments

    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions
    /// --strict.
    @OptionGroup var warnings: WarningOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try calendars.checkStandardInput()
    }

    /// Reads as the default command does with its defaults: tentative and all-day events
    /// block time, no `--zone`, no `--buffer`.
    func run() throws {
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: nil,
        scheduling: nil, limits: limits)
      let people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: warnings.strict, quiet: false, summary: false)
      let text = ICSWriter.busy(
        people.map { $0.busyExport(in: request.window) }, window: request.window,
        stamp: request.stamp)
      try Output.write(text, to: output.output, quiet: false)
    }
  }
}
