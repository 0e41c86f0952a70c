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
      usage: "freetime busy [<options>] <calendar> ...",
      discussion: """
        One VCALENDAR per person: their name, home zone and own working hours (Outlook's, the \
        people file's, their VAVAILABILITY), and a VFREEBUSY with their address as ORGANIZER \
        and UTC FREEBUSY periods for the window typed BUSY, BUSY-TENTATIVE, BUSY-UNAVAILABLE \
        (out of office) or X-FREETIME-UNKNOWN (time nobody knows about); no summaries, \
        attendees or locations. freetime reads it back as the same person: the same slots, \
        suggestions and home zone.
        """
    )

    @OptionGroup var calendars: CalendarArguments

    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions
    /// --zone, --owner.
    @OptionGroup var person: PersonOptions
    /// --strict.
    @OptionGroup var warnings: WarningOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try calendars.checkStandardInput()
    }

    /// Reads as the default command does with its defaults: tentative and all-day events
    /// block time, no `--buffer`; `--zone` and `--owner` as given.
    func run() throws {
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: nil,
        person: person, scheduling: nil, limits: limits)
      let people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: warnings.strict, quiet: false, summary: false)
      let text = ICSWriter.busy(
        people.map { $0.busyExport(in: request.window) }, window: request.window,
        stamp: request.stamp)
      Output.warnIfReadBack(output.output, iCalendar: true, sources: request.sources)
      try Output.write(text, to: output.output, quiet: false)
    }
  }
}
