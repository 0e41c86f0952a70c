import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// What `freetime book` books.
struct BookOptions: ParsableArguments {
  /// One value, or one per series with `--rotate K` (`RepeatOptions.check`).
  @Option(
    help: ArgumentHelp(
      "When the meeting starts (a WHEN, e.g. 2026-11-23T16:00); with --rotate K, give it K times: the first occurrence of each series.",
      valueName: "when"))
  var at: [String] = []

  /// Required to book; with --reschedule, a new length.
  @Option(
    help: ArgumentHelp(
      "How long it is (with --reschedule: a new length, default the meeting's own).",
      valueName: "duration"))
  var duration: DurationArgument?

  /// Required to book; --reschedule and --cancel keep the meeting's own.
  @Option(help: ArgumentHelp("Its title (SUMMARY).", valueName: "text"))
  var title: String?

  @Option(help: ArgumentHelp("Its description.", valueName: "text"))
  var description: String?

  @Option(
    help: ArgumentHelp(
      "The organizer's address (default: the first attendee's).", valueName: "address"))
  var organizer: String?

  @Flag(help: "Book even when someone required or the room is busy then.")
  var force = false

  @Option(
    name: .customLong("add-to"),
    help: ArgumentHelp(
      "Also write the event into this person's or room's calendar directory; NAME=DIRECTORY chooses one of their directories when they have several (repeatable).",
      valueName: "name[=directory]"))
  var addTo: [String] = []

  func check() throws {
    if at.isEmpty {
      throw ValidationError("Missing expected argument '--at <when>' (e.g. --at 2026-11-23T16:00).")
    }
    guard let duration else {
      throw ValidationError(
        "Missing expected argument '--duration <duration>' (e.g. --duration 1h).")
    }
    if duration.seconds <= 0 { throw ValidationError("--duration must be longer than 0s.") }
    guard let title else {
      throw ValidationError("Missing expected argument '--title <text>'.")
    }
    if title.trimmingWhitespace().isEmpty { throw ValidationError("--title must not be empty.") }
  }
}

extension Freetime {
  /// `freetime book`: an invitation (iTIP REQUEST) for a meeting everyone is free for.
  struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "book",
      abstract: "Write the invitation for a meeting, after checking everyone is free then.",
      usage: """
        freetime book --at <when> --duration <duration> --title <text>
                      [<options>] <person> ...
        freetime book --reschedule <uid> --at <when> [<options>] <person> ...
        freetime book --cancel <uid> [<options>] <person> ...
        """,
      discussion: """
        Reads the calendars again and refuses (exit 1, naming who is busy then and with what) \
        unless every required person and the room are free for the whole meeting; --force \
        books anyway. Writes one iTIP request (RFC 5546, METHOD:REQUEST): a VEVENT with a new \
        UID, DTSTART and DTEND in --tz with its VTIMEZONE, SUMMARY, DESCRIPTION, ORGANIZER, an \
        ATTENDEE per person and the room (CUTYPE=ROOM, LOCATION from the people file). \
        Addresses come from the people file, --owner NAME=ADDRESS, NAME= when NAME is an \
        address, or the calendar's own owner address; a person without one is an error. \
        --add-to NAME (or NAME=DIRECTORY, one of their calendar directories) also writes the \
        event as <UID>.ics there, accepted by that person or room. freetime suggest prints this command for each suggestion. \
        --room any or --room @GROUP (with --capacity N, --feature WORD) books the room that \
        fits and is free then, first by fewest spare seats, most attendees in its building, \
        nearest floor, name; or refuses saying why none will do.

        Recurring meetings: --repeat daily (Monday to Friday), weekly, 2w, 4w or monthly (the \
        same weekday of the month) with --occurrences N (default 8) or --until WHEN writes one \
        VEVENT with an RRULE; every occurrence is checked, and the refusal names each busy one. \
        --skip-conflicts leaves those out instead (an EXDATE each, listed on standard error). \
        --rotate K (2 or 3; not daily) with --at given K times takes turns between K meeting \
        times: K series (K invitations, one VCALENDAR each, in one stream), each every K \
        periods, occurrence i of N in series i mod K; --add-to writes each as its own <UID>.ics.

        Reschedule and cancel (RFC 5546): --reschedule UID --at WHEN finds the meeting by its \
        UID in the calendars given (its newest version by SEQUENCE, then DTSTAMP), checks the \
        new time for the people of the meeting whose calendars are given (its own busy time is \
        no conflict; --force moves it anyway; someone whose calendar is not given is noted) and \
        writes a REQUEST with SEQUENCE + 1, the same title, people and room, everyone asked \
        again, for the same length unless --duration is given. --cancel UID writes a \
        METHOD:CANCEL with STATUS:CANCELLED and SEQUENCE + 1. --add-to replaces the copy in \
        that directory (a cancelled one stays, STATUS:CANCELLED). For a series, --occurrence \
        WHEN (its original start) changes that occurrence alone (RECURRENCE-ID), added to the \
        copy's file; without it the whole series moves (same rule from --at) or is cancelled. \
        freetime replies UID lists who answered.

        Examples:
          freetime book --at 2026-11-24T15:00 --duration 1h --title "Design review" \\
            alice bob
          freetime book --at 2026-11-24T15:00+01:00 --duration 30m --title Sync \\
            --room atlas --add-to atlas alice bob -o invite.ics
          freetime book --at 2026-11-24T15:00 --duration 1h --title Review --room any \\
            --capacity 6 --feature video @design
          freetime book --at 2026-11-24T15:00 --duration 30m --title Sync \\
            --repeat weekly --occurrences 10 --skip-conflicts alice bob
          freetime book --at 2026-11-24T08:00 --at 2026-12-01T17:00 --rotate 2 \\
            --repeat weekly --duration 1h --title "Team call" --tz Europe/London \\
            alice bob carol
          freetime book --reschedule 1b9c…@freetime --at 2026-11-25T10:00 \\
            --add-to alice alice bob
          freetime book --cancel 1b9c…@freetime --occurrence 2026-12-01T15:00 alice bob
        """
    )

    @OptionGroup var calendars: CalendarArguments
    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --at, --duration, --title, --description, --organizer, --force, --add-to.
    @OptionGroup var book: BookOptions
    /// --repeat, --occurrences, --until, --rotate, --skip-conflicts.
    @OptionGroup var repetition: RepeatOptions
    /// --skip-conflicts.
    @OptionGroup var skip: SkipConflictsOption
    /// --capacity, --feature.
    @OptionGroup var roomNeed: RoomNeedOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions
    /// --reschedule, --cancel, --occurrence.
    @OptionGroup var lifecycle: LifecycleOptions

    @Option(
      help: ArgumentHelp(
        "Time zone of --at and of the invitation's times (default: $TZ, else the system zone).",
        valueName: "zone"),
      completion: .list(ZoneCompletion.names))
    var tz: String?

    @Option(
      help: ArgumentHelp("An optional attendee (repeatable).", valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var optional: [String] = []

    @Option(
      help: ArgumentHelp(
        "The room to book: a name or calendar, or @GROUP or any to choose one that fits and is free (give --room once).",
        valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var room: [String] = []

    /// --strict, --tentative, --all-day, --unknown, --zone, --owner, --max-instances.
    @OptionGroup var reading: ReadingOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      if lifecycle.uid != nil { return try checkLifecycle() }
      if lifecycle.occurrence != nil {
        throw ValidationError(
          "--occurrence names one occurrence to --reschedule or --cancel: give one of them.")
      }
      try book.check()
      try repetition.check(
        atCount: book.at.count, force: book.force, skipConflicts: skip.skipConflicts)
      try reading.check()
      try roomNeed.check()
      if room.count > 1 {
        throw ValidationError(
          "book books one room: give --room once (--room any or --room @GROUP chooses one).")
      }
    }

    func run() throws {
      let zone = try SchedulingRequest.zone(tz)
      let now = Instant(time(nil))
      if lifecycle.uid != nil { return try runLifecycle(zone: zone, now: now) }
      if repetition.repeatPeriod != nil { return try runSeries(zone: zone, now: now) }
      let start = try Self.at(book.at[0], zone: zone, now: now)
      let meeting = Interval(start, start + book.duration!.seconds)
      var (request, people) = try readPeople(over: meeting, zone: zone, now: now)
      var busy = Booking.conflicts(people, meeting: meeting)
      let rooms = people.filter { $0.role == .room }.map(\.name)
      if rooms.count > 1 {
        // A room query: the first fitting room free then (docs/GUIDE.md, Rooms by what they hold).
        let taken = Set(busy.map(\.person)).intersection(rooms)
        guard let chosen = Booking.chooseRoom(people, busy: taken) ?? (book.force ? rooms[0] : nil)
        else {
          let others = busy.filter { !rooms.contains($0.person) }.map(\.text)
          Diagnostics.line(
            "freetime: cannot book \(TimeText.human(meeting.start, zone: zone)): "
              + (others + [try roomsBusy(request, meeting: meeting)]).joined(separator: "; ")
              + " (--force books anyway)")
          throw ExitCode(1)
        }
        people.removeAll { $0.role == .room && $0.name != chosen }
        busy.removeAll { rooms.contains($0.person) && $0.person != chosen }
        request.sources.removeAll { $0.role == .room && $0.name != chosen }
      }
      if !busy.isEmpty && !book.force {
        Diagnostics.line(
          "freetime: cannot book \(TimeText.human(meeting.start, zone: zone)): "
            + busy.map(\.text).joined(separator: "; ") + " (--force books anyway)")
        throw ExitCode(1)
      }
      let invitation = try Booking.invitation(
        people, meeting: meeting, request: request, title: book.title!,
        description: book.description, organizer: book.organizer,
        uid: UUID().uuidString.lowercased() + "@freetime")
      // Every target is checked before anything is written, and the invitation is written
      // first: a failure leaves no booking behind without its invitation.
      let targets = try book.addTo.map {
        try Booking.directory($0, people: people, request: request)
      }
      try Output.write(invitation.ics(method: true), to: output.output, quiet: false)
      for (person, directory) in targets {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + invitation.uid
        try Output.write(
          invitation.ics(method: false, owner: person.address), to: path + ".ics", quiet: true)
      }
    }
  }
}

extension Freetime.Book {
  /// An `--at` value: a WHEN, read in `zone`. A wall-clock time the clocks skip or pass twice is
  /// read as RFC 5545 §3.3.5 says and warned about (as `--from` is); a time already past is warned
  /// about (a booking there is kept: it may be on purpose).
  static func at(_ text: String, zone: Zone, now: Instant) throws -> Instant {
    guard let start = WhenSyntax.parse(text, now: now, base: now, zone: zone) else {
      throw WhenWords.notAWhen(
        "--at", text, examples: "2026-11-23T16:00, 2026-11-23T16:00+01:00")
    }
    WallClock.warn("--at", text, start, zone: zone, taken: "booked at")
    if start < now {
      Diagnostics.warning("--at \(TimeText.human(start, zone: zone)) is in the past")
    }
    return start
  }
}

extension Freetime.Book {
  /// Everyone invited, read over `window` (the meeting, or the whole series) with `--explain`'s
  /// origins for the refusal, and warned about.
  func readPeople(over window: Interval, zone: Zone, now: Instant) throws -> (
    SchedulingRequest, [Person]
  ) {
    let request = try SchedulingRequest(
      calendars: calendars, peopleFile: peopleFile, zone: zone, window: window, now: now,
      reading: reading, scheduling: nil, optional: optional, room: room, slot: nil,
      explain: true, limits: limits, roomNeed: roomNeed)
    if let why = request.roomShortfall {
      Diagnostics.line("freetime: cannot book: " + why)
      throw ExitCode(1)
    }
    let people = try Reading.people(request, quiet: false)
    try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
    return (request, people)
  }
}

extension Freetime.Book {
  /// Every fitting room is busy for the meeting: how many, and the first free for its length
  /// in the week from its start (the rooms read again over that week).
  func roomsBusy(_ request: SchedulingRequest, meeting: Interval) throws -> String {
    var wide = request
    wide.window = Interval(meeting.start, meeting.start + 7 * 86400)
    wide.readOptions.window = wide.window
    wide.readOptions.explain = false
    wide.sources = request.sources.filter { $0.role == .room }
    var rooms = try Reading.people(wide, quiet: true)
    let participants = Schedule.participants(&rooms, request: wide, keepBusy: false)
    return RoomReason.busy(
      wide, participants, after: meeting.start, duration: meeting.duration, then: "then",
      within: "in the week from then")
  }
}

/// How `book` names a conflict (docs/GUIDE.md, freetime book).
extension Conflict {
  var text: String {
    let uncovered = "\(person)'s calendar does not cover that time (--unknown free)"
    // Time nobody knows about is not called busy: it is not covered, or not readable.
    if reasons.allSatisfy({ $0.kind == .unknown && $0.origin == nil }) { return uncovered }
    let what = reasons.map { reason in
      reason.kind == .unknown && reason.origin == nil ? uncovered : reason.text
    }
    let state =
      outOfOffice
      ? "is out of office then"
      : reasons.allSatisfy({ $0.kind == .unknown }) ? "may be busy then" : "is busy then"
    return "\(person) \(state): " + what.joined(separator: ", ")
  }
}
