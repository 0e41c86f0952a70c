import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

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

  func check() throws {
    if duration.seconds <= 0 || duration.seconds % 60 != 0 {
      throw ValidationError("--duration must be whole minutes, at least 1m (e.g. 30m, 1h).")
    }
    if count < 1 { throw ValidationError("--count must be at least 1.") }
    if step.seconds <= 0 || step.seconds % 60 != 0 || step.seconds > 86400 {
      throw ValidationError("--step must be whole minutes from 1m to 24h (e.g. 15m).")
    }
  }
}

enum SuggestFormat: String, CaselessArgument {
  case table, json, ndjson
}

extension Freetime {
  /// `freetime suggest`: the best meeting times, ranked.
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: "Suggest the best meeting times for the calendars, ranked.",
      discussion: """
        Candidates are meetings of --duration starting every --step of the --tz wall clock, \
        inside the window, where the required people (or --quorum of them) and a room are free \
        under the same rules as slots (--buffer, --hours, --days, --unknown). They are ranked by \
        who is missing, then how many optional people are free, then the minutes outside \
        people's comfort hours (their working hours when any limit them, else 09:00-17:00 on \
        their working days in their home zone), in sum and for the worst-off person, then the \
        start; the best that do not overlap are shown, each with the freetime book command that \
        books it. Exit status: 0 with a suggestion, 1 without (the reason is printed), 2 for an \
        error.

        Examples:
          freetime suggest alice.ics bob.ics --duration 1h
          freetime suggest @design --room atlas --duration 45m --count 5 --hours 09:00-17:00
          freetime suggest team/*.ics --duration 30m --quorum 3 --format json
        """
    )

    @OptionGroup var calendars: CalendarArguments
    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions
    /// --duration, --count, --step, --format.
    @OptionGroup var suggest: SuggestOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions
    /// --hours, --days, --buffer, --quorum, --optional, --room.
    @OptionGroup var scheduling: SchedulingOptions
    /// --strict, --tentative, --all-day, --unknown, --zone, --owner, --max-instances.
    @OptionGroup var reading: ReadingOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try suggest.check()
      try reading.check()
      try scheduling.check(calendars)
    }

    func run() throws {
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: reading,
        scheduling: scheduling, limits: limits)
      var people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
      let (meetings, participants) = Schedule.suggestions(
        &people, request: request, duration: suggest.duration.seconds,
        stepMinutes: Int(suggest.step.seconds / 60), count: suggest.count)
      let report = SuggestReport(
        meetings: meetings, people: people, request: request, duration: suggest.duration,
        booking: bookingArguments(request))
      guard !meetings.isEmpty else {
        Diagnostics.line(
          "freetime: no suggestion: " + report.whyNone(participants, step: suggest.step))
        throw ExitCode(1)
      }
      try Output.write(report.render(suggest.format), to: output.output, quiet: false)
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
