import ArgumentParser
import FreeTimeCore
import FreeTimeICS

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
        an exact time (2026-11-23T09:00Z, 2026-11-23T09:00+01:00), now, today, tomorrow, or \
        +3d, +2w, +36h (relative to --from for --to, to now for --from). DURATION is 30m, 1h, \
        1h30m, 90s, 2d or PT1H30M.

        Examples:
          freetime alice.ics bob.ics --min 30m --from tomorrow --to +5d
          freetime alice.ics bob.ics --optional carol.ics --room rooms/a.ics --min 1h
          freetime team/*.ics --quorum 3 --hours 09:00-17:00 --days mon-fri
        """
    )

    /// Calendar arguments: files, vdir directories, `-`, or `NAME=PATH`.
    @Argument(
      help: ArgumentHelp(
        "A calendar: a .ics file, a directory of .ics files (one person), - for standard input; NAME=PATH names the person.",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var calendars: [String] = []

    /// --from, --to, --tz.
    @OptionGroup var window: WindowOptions

    /// Shortest slot kept.
    @Option(
      help: ArgumentHelp("Shortest slot to show (default: 0s, every slot).", valueName: "duration"))
    var min: DurationArgument?

    /// At most this many slots.
    @Option(help: ArgumentHelp("Show only the first N slots.", valueName: "n"))
    var limit: Int?

    @Option(help: "Output format.")
    var format: OutputFormat = .table

    @Option(
      help: ArgumentHelp(
        "Colour in the table and timeline: auto (a terminal without NO_COLOR), always, never.",
        valueName: "when"))
    var color: ColorChoice = .auto

    /// `-o FILE`: written atomically.
    @Option(
      name: [.customShort("o"), .customLong("output")],
      help: ArgumentHelp(
        "Write the output to FILE atomically instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .short, help: "Print nothing; only the exit status tells.")
    var quiet = false

    @Flag(help: "Treat every warning about the calendars as an error.")
    var strict = false

    @Option(
      help: ArgumentHelp("Whether STATUS:TENTATIVE events block time.", valueName: "busy|free"))
    var tentative: BusyOrFreeArgument = .busy

    @Option(
      name: .customLong("all-day"),
      help: ArgumentHelp("Whether all-day (DATE) events block time.", valueName: "busy|free"))
    var allDay: BusyOrFreeArgument = .busy

    @Option(
      name: .customLong("zone"),
      help: ArgumentHelp(
        "A calendar's home zone for floating times and dates (repeatable).", valueName: "name=zone")
    )
    var zones: [String] = []

    @Option(
      help: ArgumentHelp(
        "Working hours, in each person's home zone (e.g. 09:00-17:00).", valueName: "hh:mm-hh:mm"))
    var hours: String?

    @Option(
      help: ArgumentHelp(
        "Working days, in each person's home zone (mon-fri, mon,wed,fri, sat-sun).",
        valueName: "days"))
    var days: String?

    @Option(
      help: ArgumentHelp("Pad every busy interval on both sides.", valueName: "duration"))
    var buffer: DurationArgument?

    @Option(
      help: ArgumentHelp(
        "Round slot starts up and ends down to a multiple of this in --tz (e.g. 15m).",
        valueName: "duration"))
    var align: DurationArgument?

    @Option(
      help: ArgumentHelp(
        "Slots where at least K of the required people are free (default: all of them).",
        valueName: "k"))
    var quorum: Int?

    @Option(
      help: ArgumentHelp(
        "An optional attendee (repeatable): listed when free, never required.",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var optional: [String] = []

    @Option(
      help: ArgumentHelp(
        "A room (repeatable): at least one room must be free; slots name the free rooms.",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var room: [String] = []

    @Flag(
      help: "Say what ends the busy time before each slot and what starts after it.")
    var explain = false

    @Option(
      name: .customLong("max-instances"),
      help: ArgumentHelp("Cap on the instances of one recurring event.", valueName: "n"))
    var maxInstances: Int = 100_000

    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    static func count(_ n: Int, _ noun: String) -> String {
      n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    func validate() throws {
      if calendars.isEmpty { throw ValidationError("Name at least one calendar.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
      if maxInstances < 1 { throw ValidationError("--max-instances must be at least 1.") }
      if let align, align.seconds <= 0 { throw ValidationError("--align must be longer than 0s.") }
      if let quorum {
        if quorum < 1 || quorum > calendars.count {
          throw ValidationError(
            "--quorum must be between 1 and the number of required calendars (\(calendars.count)).")
        }

      }
      if (calendars + optional + room).filter({ $0 == "-" }).count > 1 {
        throw ValidationError("Standard input (-) can be read only once.")
      }
    }

    func run() throws {
      let setup = try Setup(self)
      var people = try Reading.people(setup.sources, options: setup.readOptions, quiet: quiet)
      var warnings = 0
      for person in people {
        for diagnostic in person.diagnostics where !quiet {
          Diagnostics.warning(diagnostic.description)
        }
        warnings += person.diagnostics.count
      }
      if strict && warnings > 0 {
        throw CommandError("\(Slots.count(warnings, "warning")) and --strict is set")
      }
      if warnings > 0 && !quiet {
        Diagnostics.plain(
          "freetime: \(Slots.count(warnings, "warning")) about the calendars (--strict makes them errors)"
        )
      }

      let window = setup.window
      // The timeline and --explain look at the busy time again; otherwise each person's busy
      // intervals are handed to the counter, which turns them into the free list in place.
      let keepBusy = format == .timeline || explain
      let busyTimes = Parallel.Handout(
        people.indices.map { keepBusy ? people[$0].busy : people[$0].takeBusy() })
      let padding = buffer?.seconds ?? 0
      // Each person's free time on a thread of its own (sorting the busy time is most of it).
      let participants = Parallel.map(people.count) { i in
        // --buffer pads real busy time only; working hours are added after it, for people (not
        // rooms), in each person's home zone.
        var busy = SlotAdjust.pad(busyTimes.take(i), by: padding)
        let off = setup.offHours(of: people[i])
        if !off.isEmpty { busy += off }
        return Participant(
          name: people[i].name, role: people[i].role,
          free: FreeSlots.free(busy: consume busy, in: window))
      }
      var slots: [Slot]
      let requiredCount = participants.filter { $0.role == .required }.count
      func merged(minimum: Int64) -> [Slot] {
        if let quorum, quorum < requiredCount {
          return Merger(minimum: minimum).quorum(participants, atLeast: quorum, window: window)
        }
        return Merger(minimum: minimum).merge(participants, window: window)
      }
      if let grid = align?.seconds, grid > 0 {
        // Align first, then keep what is still at least --min long.
        slots = SlotAdjust.align(
          merged(minimum: 0), grid: grid, zone: setup.zone, minimum: setup.minimum)
      } else {
        slots = merged(minimum: setup.minimum)
      }
      if let limit, slots.count > limit { slots = Array(slots.prefix(limit)) }

      var report = Report(
        window: window, zone: setup.zone, minimum: setup.minimum, people: people, slots: slots,
        stamp: setup.stamp)
      if format == .timeline {
        let buffer = buffer?.seconds ?? 0
        let rows = people.map { person in
          let tentative = SlotAdjust.pad(person.tentative, by: buffer)
          let firm = BusyTime.firm(SlotAdjust.pad(person.busy, by: buffer), less: tentative)
          let off = setup.offHours(of: person)
          return Timeline.Row(name: person.name, busy: firm, tentative: tentative, off: off)
        }
        report.timeline = Timeline(
          rows: rows, slots: slots, window: window, zone: setup.zone,
          dayStart: hours == nil ? 0 : setup.hours.start,
          dayEnd: hours == nil ? 86400 : setup.hours.end)
      }
      if explain {
        let explainer = Explainer(people: people, buffer: buffer?.seconds ?? 0, setup: setup)
        report.explanations = slots.map(explainer.explain)
      }
      if format == .table || format == .timeline {
        report.paint = Paint(on: Paint.decide(color, toFile: output != nil))
      }
      if !quiet || output != nil {
        let text = report.render(format)
        try Output.write(text, to: output, quiet: quiet, colour: report.paint.on)
      }
      throw slots.isEmpty ? ExitCode(1) : ExitCode.success
    }
  }
}

/// Options turned into values: zone, window, minimum, calendar sources.
struct Setup {
  var zone: Zone
  var window: Interval
  var minimum: Int64
  var sources: [CalendarSource]
  var readOptions: ReadOptions
  var stamp: Instant
  var hours: WorkingHours

  init(_ options: Freetime.Slots) throws {
    zone = try Setup.zone(options.window.tz)
    let now = Instant(time(nil))
    guard let from = WhenSyntax.parse(options.window.from ?? "now", now: now, base: now, zone: zone)
    else {
      throw ValidationError(
        "--from '\(options.window.from ?? "")' is not a WHEN (try 2026-11-23, 2026-11-23T09:00, now, tomorrow, +1d)."
      )
    }
    guard let to = WhenSyntax.parse(options.window.to ?? "+7d", now: now, base: from, zone: zone)
    else {
      throw ValidationError(
        "--to '\(options.window.to ?? "")' is not a WHEN (try 2026-11-30, 2026-11-30T18:00, +3d, +2w)."
      )
    }
    guard from < to else {
      throw ValidationError("The window is empty: --to must be later than --from.")
    }
    window = Interval(from, to)
    minimum = options.min?.seconds ?? 0

    var homeZones: [String: Zone] = [:]
    for entry in options.zones {
      guard let eq = entry.firstIndex(of: "="),
        let z = Zone.named(String(entry[entry.index(after: eq)...]))
      else {
        throw ValidationError(
          "--zone '\(entry)' must be NAME=ZONE with a known zone, e.g. alice=Europe/Prague.")
      }
      homeZones[String(entry[..<eq])] = z
    }

    sources =
      try options.calendars.map { try Setup.source($0) }
      + options.optional.map { try Setup.source($0, role: .optional) }
      + options.room.map { try Setup.source($0, role: .room) }
    var hours = WorkingHours()
    if let text = options.hours {
      guard let span = WorkingHours.parseHours(text) else {
        throw ValidationError(
          "--hours '\(text)' must be HH:MM-HH:MM with the end after the start, e.g. 09:00-17:00.")
      }
      (hours.start, hours.end) = span
    }
    if let text = options.days {
      guard let days = WorkingHours.parseDays(text) else {
        throw ValidationError(
          "--days '\(text)' must name weekdays, e.g. mon-fri, mon,wed,fri or sat-sun.")
      }
      hours.days = days
    }
    self.hours = hours
    var seen: [String: String] = [:]
    for source in sources {
      if let other = seen[source.name] {
        throw ValidationError(
          "Two calendars are named '\(source.name)' (\(other) and \(source.argument)); name them with NAME=PATH."
        )
      }
      seen[source.name] = source.argument
    }
    for name in homeZones.keys where seen[name] == nil {
      throw ValidationError("--zone names '\(name)', but no calendar has that name.")
    }
    // Busy time just outside the window still counts once --buffer pads it into the window.
    let pad = options.buffer?.seconds ?? 0
    readOptions = ReadOptions(
      window: Interval(window.start - pad, window.end + pad), defaultZone: zone,
      homeZones: homeZones,
      tentative: options.tentative == .busy ? .busy : .free,
      allDay: options.allDay == .busy ? .busy : .free, maxInstances: options.maxInstances)
    readOptions.explain = options.explain
    readOptions.limits = options.limits.limits
    if let epoch = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }),
      let value = Int64(epoch)
    {
      stamp = value
    } else {
      stamp = now
    }
  }

  /// Time outside a person's working hours in the window: `--hours`/`--days` in their home
  /// zone, or their VAVAILABILITY instead when the calendar has one; nothing for rooms or
  /// without `--hours`/`--days`.
  func offHours(of person: PersonCalendar) -> [Interval] {
    guard person.role != .room, !hours.isAlways else { return [] }
    if person.hasAvailability { return person.unavailable }
    return hours.offHours(in: window, zone: person.homeZone ?? zone)
  }

  /// `--tz`, else `$TZ`, else the system zone (/etc/localtime), else UTC.
  static func zone(_ option: String?) throws -> Zone {
    if let option {
      guard let zone = Zone.named(option) else {
        throw ValidationError(
          "--tz '\(option)' is not a known time zone (try Europe/Prague, America/New_York, UTC).")
      }
      return zone
    }
    if let env = getenv("TZ").map({ String(cString: $0) }), !env.isEmpty, let zone = Zone.named(env)
    {
      return zone
    }
    return Zone.system
  }

  /// A calendar argument: `-`, `NAME=PATH`, a directory, or a file.
  static func source(_ argument: String, role: Role = .required) throws -> CalendarSource {
    var name: String? = nil
    var path = argument
    if argument != "-", access(argument, F_OK) != 0, let eq = argument.firstIndex(of: "=") {
      name = String(argument[..<eq])
      path = String(argument[argument.index(after: eq)...])
      if name!.isEmpty || path.isEmpty {
        throw ValidationError("'\(argument)' must be NAME=PATH with a name and a path.")
      }
    }
    if path == "-" {
      return CalendarSource(
        kind: .standardInput, name: name ?? "stdin", role: role, argument: argument)
    }
    var info = stat()
    let isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    let base = path.split(separator: "/").last.map(String.init) ?? path
    let defaultName = base.lowercased().hasSuffix(".ics") ? String(base.dropLast(4)) : base
    return CalendarSource(
      kind: isDirectory ? .directory(path) : .file(path), name: name ?? defaultName, role: role,
      argument: argument)
  }
}
