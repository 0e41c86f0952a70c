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
      usage: "freetime [slots] [<options>] <calendar> ...",
      discussion: """
        WHEN is a date (2026-11-23, midnight in --tz), a wall-clock time (2026-11-23T09:00), \
        an exact time (2026-11-23T09:00Z, 2026-11-23T09:00+01:00), now, today, tomorrow, a \
        weekday (friday, next mon), or +3d, +2w, +36h, +1mo (relative to --from for --to, to \
        this minute for --from). DURATION is 30m, 1h, 1h30m, 90s, 2d or PT1H30M.

        --room takes a room's name or calendar, @GROUP of rooms or any (every room of the \
        people file); only rooms that fit count: --capacity N seats (default: the attendees \
        named) and each --feature WORD. A slot lists the rooms that fit and are free, best \
        first (fewest spare seats, most attendees in the building, nearest floor, name); \
        without a slot it says which room condition failed.

        Examples:
          freetime alice.ics bob.ics --min 30m --from tomorrow --to +5d
          freetime alice.ics bob.ics --optional carol.ics --room rooms/a.ics --min 1h
          freetime team/*.ics --quorum 3 --hours 09:00-17:00 --days mon-fri
          freetime @design --room any --capacity 6 --feature video --min 1h
        """
    )

    @OptionGroup var calendars: CalendarArguments

    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// --hours, --days, --buffer, --quorum, --optional, --room.
    @OptionGroup var scheduling: SchedulingOptions
    /// --capacity, --feature.
    @OptionGroup var roomNeed: RoomNeedOptions
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
      try roomNeed.check()
    }

    func run() throws {
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: reading,
        scheduling: scheduling, slot: slot, limits: limits, roomNeed: roomNeed)
      var people = try Reading.people(request, quiet: output.quiet)
      try Reading.warn(
        about: people, strict: reading.strict, quiet: output.quiet, summary: true)
      let keepBusy = output.format == .timeline || slot.explain
      let participants = Schedule.participants(&people, request: request, keepBusy: keepBusy)
      // No room fits: nothing is found (docs/GUIDE.md, Rooms by what they hold).
      let all =
        request.roomShortfall == nil ? Schedule.slots(participants, request: request) : []
      let slots = output.limited(all)
      var report = report(people, slots, request)
      report.truncated = all.count - slots.count
      if let why = request.roomShortfall {
        report.noSlotReason = why
      } else if all.isEmpty
        && RoomReason.roomsAreWhy(participants, request: request, duration: request.minimum)
      {
        report.noSlotReason = RoomReason.busy(
          request, participants, after: request.window.start, duration: request.minimum,
          then: "whenever everyone is free")
      } else if all.isEmpty && slot.explain {
        report.noSlotReason =
          HoursAdvice.reason(
            people: people, participants: participants, request: request,
            duration: request.minimum, option: "--min")
          ?? Blocking.reason(participants, people: people, request: request)
      }
      Output.warnIfReadBack(
        output.output, iCalendar: output.format == .ics || output.format == .freebusy,
        sources: request.sources)
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
