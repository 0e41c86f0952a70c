import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

extension Freetime {
  /// The default command: common free slots of the calendars given.
  struct Slots: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "slots",
      abstract: "Print the common free slots of the calendars (the default command).",
      discussion: """
        WHEN is a date (2026-11-23, midnight in --tz), a wall-clock time (2026-11-23T09:00), \
        an exact time (2026-11-23T09:00Z, 2026-11-23T09:00+01:00), now, today, tomorrow, a \
        weekday (friday, next mon), or +3d, +2w, +36h, +1mo (relative to --from for --to, to \
        this minute for --from). DURATION is 30m, 1h, 1h30m, 90s, 2d or PT1H30M.

        Examples:
          freetime alice.ics bob.ics --min 30m --from tomorrow --to +5d
          freetime alice.ics bob.ics --optional carol.ics --room rooms/a.ics --min 1h
          freetime team/*.ics --quorum 3 --hours 09:00-17:00 --days mon-fri
        """
    )

    @OptionGroup var calendars: CalendarArguments

    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// --hours, --days, --buffer, --quorum, --optional, --room.
    @OptionGroup var scheduling: SchedulingOptions
    /// --min, --align, --explain.
    @OptionGroup var slot: SlotOptions
    /// --limit, --format, --color, -o, -q.
    @OptionGroup var output: OutputOptions
    /// --strict, --tentative, --all-day, --zone, --max-instances.
    @OptionGroup var reading: ReadingOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try output.check()
      try reading.check()
      try scheduling.check(calendars)
      try slot.check()
    }

    func run() throws {
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: reading,
        scheduling: scheduling, slot: slot, limits: limits)
      var people = try Reading.people(request, quiet: output.quiet)
      try Reading.warn(
        about: people, strict: reading.strict, quiet: output.quiet, summary: true)
      let keepBusy = output.format == .timeline || slot.explain
      let participants = Schedule.participants(&people, request: request, keepBusy: keepBusy)
      let all = Schedule.slots(participants, request: request)
      let slots = output.limited(all)
      var report = report(people, slots, request)
      report.truncated = all.count - slots.count
      if all.isEmpty && slot.explain {
        report.noSlotReason = Blocking.reason(participants, people: people, request: request)
      }
      try output.write(report)
      throw slots.isEmpty ? ExitCode(1) : ExitCode.success
    }

    /// The report of the slots, with the timeline and the explanations when asked for.
    func report(_ people: [Person], _ slots: [Slot], _ request: SchedulingRequest) -> Report {
      var report = Report(
        window: request.window, zone: request.zone, minimum: request.minimum, people: people,
        slots: slots, stamp: request.stamp)
      if output.format == .timeline {
        report.timeline = Timeline(people: people, slots: slots, request: request)
      }
      if slot.explain {
        let explainer = Explainer(people: people, request: request)
        report.explanations = slots.map(explainer.explain)
      }
      return report
    }
  }
}
