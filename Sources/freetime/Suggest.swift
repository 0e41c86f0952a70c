import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// `--duration`, `--count`, `--step` and how `suggest` prints.
struct SuggestOptions: ParsableArguments {
  @Option(help: ArgumentHelp("How long the meeting is (required).", valueName: "duration"))
  var duration: DurationArgument

  @Option(help: ArgumentHelp("How many meetings to suggest.", valueName: "n"))
  var count: Int = 3

  @Option(
    help: ArgumentHelp(
      "Meetings start where the --tz wall clock is a multiple of this (e.g. 15m, 30m, 1h).",
      valueName: "duration"))
  var step: DurationArgument = DurationArgument(argument: "15m")!

  @Option(help: "Output format: table, json or ndjson.")
  var format: SuggestFormat = .table

  @Option(
    help: ArgumentHelp(
      "At most this many suggestions starting on one day of --tz (default: no limit).",
      valueName: "n"))
  var perDay: Int?

  func check() throws {
    if duration.seconds <= 0 || duration.seconds % 60 != 0 {
      throw ValidationError("--duration must be whole minutes, at least 1m (e.g. 30m, 1h).")
    }
    if count < 1 { throw ValidationError("--count must be at least 1.") }
    if step.seconds <= 0 || step.seconds % 60 != 0 || step.seconds > 86400 {
      throw ValidationError("--step must be whole minutes from 1m to 24h (e.g. 15m).")
    }
    if let perDay, perDay < 1 { throw ValidationError("--per-day must be at least 1.") }
  }
}

/// `text` reads as `table` (docs/GUIDE.md, Usage: --format).
enum SuggestFormat: String, CaselessArgument {
  case table, json, ndjson
  static let aliases: [String: SuggestFormat] = ["text": .table]
}

extension Freetime {
  /// `freetime suggest`: the best meeting times, ranked.
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: "Suggest the best meeting times for the calendars, ranked.",
      usage: "freetime suggest --duration <duration> [<options>] <calendar> ...",
      discussion: """
        Candidates are meetings of --duration starting every --step of the --tz wall clock, \
        inside the window, where the required people (or --quorum of them) and a room are free \
        under the same rules as slots (--buffer, --hours, --days, --unknown). They are ranked by \
        who is missing, then how many optional people are free, then the cost to people \
        outside their comfort hours (their working hours when any limit them, else 09:00-17:00 \
        on their working days in their home zone: each minute outside costs 1 plus the whole \
        hours to their nearest comfort minute), in sum and for the worst-off person, then the \
        start; the best that do not overlap are shown (--per-day N a day at most), each with \
        the freetime book command that books it. With --repeat, a candidate is a start in the \
        first period (day, week, 2 or 4 weeks, month) checked at each of its occurrences, the \
        same wall-clock time of --tz in each period; ranked by the occurrences people miss, \
        then the costs over all of them; --rotate K shares the inconvenient times among K \
        times used in turn. Rooms (--room NAME, @GROUP or any) are those that fit \
        (--capacity N, default the attendees; --feature WORD): among those free, the one with \
        the fewest spare seats, then the most attendees in its building, then its floor \
        nearest theirs, then by name, is shown and booked ("room: atlas (2 others fit)"). \
        Exit status: 0 with a suggestion, 1 without (the reason is printed, also which room \
        condition failed), 2 for an error.

        Examples:
          freetime suggest alice.ics bob.ics --duration 1h
          freetime suggest @design --room atlas --duration 45m --count 5 \\
            --hours 09:00-17:00
          freetime suggest team/*.ics --duration 30m --quorum 3 --format json
          freetime suggest sf.ics ldn.ics blr.ics --duration 1h --repeat weekly \\
            --rotate 3
        """
    )

    @OptionGroup var calendars: CalendarArguments
    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// --duration, --count, --step, --format, --per-day.
    @OptionGroup var suggest: SuggestOptions
    /// --repeat, --occurrences, --until, --rotate.
    @OptionGroup var repetition: RepeatOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions
    /// --hours, --days, --buffer, --quorum, --optional, --room.
    @OptionGroup var scheduling: SchedulingOptions
    /// --capacity, --feature.
    @OptionGroup var roomNeed: RoomNeedOptions
    /// --strict, --tentative, --all-day, --unknown, --zone, --owner, --max-instances.
    @OptionGroup var reading: ReadingOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try suggest.check()
      try repetition.check()
      try reading.check()
      try scheduling.check(calendars)
      try roomNeed.check()
    }

    func run() throws {
      if let period = repetition.repeatPeriod { return try runRecurring(period) }
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: reading,
        scheduling: scheduling, limits: limits, roomNeed: roomNeed)
      Output.warnIfReadBack(output.output, iCalendar: false, sources: request.sources)
      try noRoomFits(request)
      var people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
      let (meetings, participants) = Schedule.suggestions(
        &people, request: request, duration: suggest.duration.seconds,
        stepMinutes: Int(suggest.step.seconds / 60), count: suggest.count,
        perDay: suggest.perDay)
      let report = SuggestReport(
        meetings: meetings, people: people, request: request, duration: suggest.duration,
        booking: bookingArguments(request))
      guard !meetings.isEmpty else {
        let why =
          RoomReason.roomsAreWhy(
            participants, request: request, duration: suggest.duration.seconds)
          ? RoomReason.busy(
            request, participants, after: request.window.start,
            duration: suggest.duration.seconds, then: "whenever everyone is free")
          : report.whyNone(participants, step: suggest.step)
        Diagnostics.line("freetime: no suggestion: " + why)
        // A machine format still gets its document, empty (NDJSON: no line).
        if suggest.format != .table {
          try Output.write(report.render(suggest.format), to: output.output, quiet: false)
        }
        throw ExitCode(1)
      }
      try Output.write(report.render(suggest.format), to: output.output, quiet: false)
    }

    /// `suggest --repeat`: the window reaches every occurrence of every candidate, and each
    /// candidate is checked at all of them (docs/GUIDE.md, Recurring meetings).
    func runRecurring(_ period: RepeatPeriod) throws {
      let zone = try SchedulingRequest.zone(window.tz)
      let now = Instant(time(nil))
      var range = try SchedulingRequest.window(window, zone: zone, now: now)
      var until: Instant?
      if let text = repetition.until {
        guard let when = WhenSyntax.parse(text, now: now, base: range.start, zone: zone) else {
          throw WhenWords.notAWhen(
            "--until", text, examples: "2027-03-01, 2027-03-01T18:00, +12w")
        }
        guard when >= range.start else {
          throw ValidationError("--until is before the window's start (--from).")
        }
        until = when
      }
      let rotate = self.repetition.rotate ?? 1
      let repetition = Repetition(
        period: period, count: until == nil ? self.repetition.occurrences ?? 8 : nil, until: until)
      range.end = max(
        range.end,
        Suggestions.reach(
          from: range.start, repetition: repetition, rotate: rotate,
          duration: suggest.duration.seconds, zone: zone))
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, zone: zone, window: range, now: now,
        reading: reading, scheduling: scheduling, optional: scheduling.optional,
        room: scheduling.room, slot: nil, explain: false, limits: limits, roomNeed: roomNeed)
      Output.warnIfReadBack(output.output, iCalendar: false, sources: request.sources)
      try noRoomFits(request)
      var people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
      let (meetings, participants, single) = Schedule.recurring(
        &people, request: request, from: range.start, duration: suggest.duration.seconds,
        stepMinutes: Int(suggest.step.seconds / 60), repetition: repetition, rotate: rotate,
        count: suggest.count, perDay: suggest.perDay)
      let report = RecurringReport(
        meetings: meetings, single: single, people: people, request: request,
        duration: suggest.duration, repetition: repetition,
        booking: bookingArguments(request))
      guard !meetings.isEmpty else {
        Diagnostics.line(
          "freetime: no suggestion: "
            + report.whyNone(participants, quorum: request.quorum, rotate: rotate))
        if suggest.format != .table {
          try Output.write(report.render(suggest.format), to: output.output, quiet: false)
        }
        throw ExitCode(1)
      }
      try Output.write(report.render(suggest.format), to: output.output, quiet: false)
    }

    /// When rooms were asked for and none fits: the reason, exit 1 (docs/GUIDE.md, Rooms by what
    /// they hold).
    func noRoomFits(_ request: SchedulingRequest) throws {
      guard let why = request.roomShortfall else { return }
      Diagnostics.line("freetime: no suggestion: " + why)
      throw ExitCode(1)
    }

    /// What `freetime book` needs besides the meeting itself: the people file, the zone, the
    /// reading options that decide addresses and busy time.
    func bookingArguments(_ request: SchedulingRequest) -> [String] {
      var out = ["--tz", request.zone.name]
      if let config = peopleFile.config { out += ["--config", config] }
      if peopleFile.noConfig { out.append("--no-config") }
      for zone in reading.zones { out += ["--zone", zone] }
      for owner in reading.owners { out += ["--owner", owner] }
      if reading.tentative == .free { out += ["--tentative", "free"] }
      if reading.allDay == .free { out += ["--all-day", "free"] }
      if reading.unknown == .free { out += ["--unknown", "free"] }
      if reading.strict { out.append("--strict") }
      if reading.maxInstances != ReadOptions.defaultMaxInstances {
        out += ["--max-instances", "\(reading.maxInstances)"]
      }
      if let n = limits.maxLineBytes { out += ["--max-line-bytes", "\(n)"] }
      if let n = limits.maxFileInstances { out += ["--max-file-instances", "\(n)"] }
      if let n = limits.cpuBudget { out += ["--cpu-budget", "\(n)"] }
      return out
    }
  }
}
