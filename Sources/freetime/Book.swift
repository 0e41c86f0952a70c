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
  @Option(
    help: ArgumentHelp(
      "When the meeting starts (a WHEN, e.g. 2026-11-23T16:00).", valueName: "when"))
  var at: String

  @Option(help: ArgumentHelp("How long it is.", valueName: "duration"))
  var duration: DurationArgument

  @Option(help: ArgumentHelp("Its title (SUMMARY).", valueName: "text"))
  var title: String

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
      "Also write the event into this person's or room's calendar directory (repeatable).",
      valueName: "name"))
  var addTo: [String] = []

  func check() throws {
    if duration.seconds <= 0 { throw ValidationError("--duration must be longer than 0s.") }
    if title.trimmingWhitespace().isEmpty { throw ValidationError("--title must not be empty.") }
  }
}

extension Freetime {
  /// `freetime book`: an invitation (iTIP REQUEST) for a meeting everyone is free for.
  struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "book",
      abstract: "Write the invitation for a meeting, after checking everyone is free then.",
      discussion: """
        Reads the calendars again and refuses (exit 1, naming who is busy then and with what) \
        unless every required person and the room are free for the whole meeting; --force \
        books anyway. Writes one iTIP request (RFC 5546, METHOD:REQUEST): a VEVENT with a new \
        UID, DTSTART and DTEND in --tz with its VTIMEZONE, SUMMARY, DESCRIPTION, ORGANIZER, an \
        ATTENDEE per person and the room (CUTYPE=ROOM, LOCATION from the people file). \
        Addresses come from the people file, --owner NAME=ADDRESS, NAME= when NAME is an \
        address, or the calendar's own owner address; a person without one is an error. \
        --add-to NAME also writes the event as <UID>.ics into that person's or room's calendar \
        directory. freetime suggest prints this command for each suggestion.

        Examples:
          freetime book --at 2026-11-24T15:00 --duration 1h --title "Design review" alice bob
          freetime book --at 2026-11-24T15:00+01:00 --duration 30m --title Sync --room atlas \\
            --add-to atlas alice bob -o invite.ics
        """
    )

    @OptionGroup var calendars: CalendarArguments
    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions
    /// --at, --duration, --title, --description, --organizer, --force, --add-to.
    @OptionGroup var book: BookOptions
    /// -o.
    @OptionGroup var output: OutputFileOptions

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
        "The room to book (at most one; repeatable elsewhere).", valueName: "calendar"),
      completion: .file(extensions: ["ics"]))
    var room: [String] = []

    /// --strict, --tentative, --all-day, --unknown, --zone, --owner, --max-instances.
    @OptionGroup var reading: ReadingOptions
    /// --max-line-bytes, --max-file-instances, --cpu-budget.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
      try calendars.check()
      try book.check()
      try reading.check()
      if room.count > 1 { throw ValidationError("book books one room: give --room once.") }
    }

    func run() throws {
      let zone = try SchedulingRequest.zone(tz)
      let now = Instant(time(nil))
      guard let start = WhenSyntax.parse(book.at, now: now, base: now, zone: zone) else {
        throw ValidationError(
          "--at '\(book.at)' is not a WHEN (try 2026-11-23T16:00, 2026-11-23T16:00+01:00).")
      }
      let meeting = Interval(start, start + book.duration.seconds)
      let window = try WindowOptions.parse([
        "--from", TimeText.rfc3339(start, zone: zone), "--to",
        TimeText.rfc3339(meeting.end, zone: zone), "--tz", zone.name,
      ])
      let scheduling = try SchedulingOptions.parse(
        optional.flatMap { ["--optional", $0] } + room.flatMap { ["--room", $0] })
      let request = try SchedulingRequest(
        calendars: calendars, peopleFile: peopleFile, window: window, reading: reading,
        scheduling: scheduling, explain: true, limits: limits)
      let people = try Reading.people(request, quiet: false)
      try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
      let busy = Booking.conflicts(people, meeting: meeting, request: request)
      if !busy.isEmpty && !book.force {
        Diagnostics.line(
          "freetime: cannot book \(TimeText.human(meeting.start, zone: zone)): "
            + busy.joined(separator: "; ") + " (--force books anyway)")
        throw ExitCode(1)
      }
      let invitation = try Booking.invitation(
        people, meeting: meeting, request: request, options: book, now: now)
      // Every target is checked before anything is written, and the invitation is written
      // first: a failure leaves no booking behind without its invitation.
      let targets = try book.addTo.map { try Booking.directory(for: $0, request: request) }
      try Output.write(invitation.ics(method: true), to: output.output, quiet: false)
      for directory in targets {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + invitation.uid
        try Output.write(invitation.ics(method: false), to: path + ".ics", quiet: true)
      }
    }
  }
}

/// The checks and the invitation of `freetime book`.
enum Booking {
  /// Who required (and which room) is busy during the meeting, and with what.
  static func conflicts(_ people: [Person], meeting: Interval, request: SchedulingRequest)
    -> [String]
  {
    var out: [String] = []
    for person in people where person.role != .optional {
      var what: [String] = []
      for (i, interval) in person.busy.enumerated() where interval.overlaps(meeting) {
        let origin = i < person.origins.count ? person.origins[i] : nil
        what.append(Explanation(kind: .event, person: person.name, origin: origin).text)
      }
      if person.unknownTime.contains(where: { $0.overlaps(meeting) }) {
        if person.uncoveredTime.contains(where: { $0.overlaps(meeting) }) {
          what.append("\(person.name)'s calendar does not cover that time (--unknown free)")
        }
        for (interval, origin) in person.unknownEvents where interval.overlaps(meeting) {
          what.append(Explanation(kind: .unknown, person: person.name, origin: origin).text)
        }
      }
      if !what.isEmpty {
        out.append("\(person.name) is busy then: " + what.joined(separator: ", "))
      }
    }
    return out
  }

  static func invitation(
    _ people: [Person], meeting: Interval, request: SchedulingRequest, options: BookOptions,
    now: Instant
  ) throws -> Invitation {
    var attendees: [Invitation.Attendee] = []
    for person in people {
      guard let address = person.address else {
        let what = person.role == .room ? "room" : "person"
        throw CommandError(
          "\(person.name) has no address to invite: give it with --owner \(person.name)=ADDRESS, "
            + "email = in the people file, or name the \(what) by the address (ADDRESS=PATH)")
      }
      let kind: Invitation.Attendee.Kind =
        person.role == .room ? .room : person.role == .optional ? .optional : .required
      attendees.append(Invitation.Attendee(name: person.name, address: address, kind: kind))
    }
    let room = people.first { $0.role == .room }
    let location = room.map { request.people.file?.rooms[$0.name]?.location ?? $0.name }
    guard let organizer = options.organizer ?? attendees.first?.address else {
      throw CommandError("the invitation needs an organizer: give --organizer ADDRESS")
    }
    guard ReadOptions.isOwnerAddress(organizer) else {
      throw CommandError("--organizer '\(organizer)' is not an e-mail address")
    }
    return Invitation(
      uid: UUID().uuidString.lowercased() + "@freetime", stamp: request.stamp, interval: meeting,
      zone: request.zone, title: options.title, description: options.description,
      location: location, organizer: organizer, attendees: attendees)
  }

  /// The calendar directory `--add-to NAME` writes into: among that person's or room's
  /// directories, the one calendar (vdir) that holds .ics files itself (an empty directory is
  /// one); several are refused, as is a single-file calendar.
  static func directory(for name: String, request: SchedulingRequest) throws -> String {
    guard let source = request.sources.first(where: { $0.name == name }) else {
      throw CommandError("--add-to names '\(name)', who is not invited")
    }
    var calendars: [String] = []
    for case .directory(let path) in source.kinds {
      let files = (try? CalendarReader.calendarFiles(in: path)) ?? []
      let holders = Set(files.map { String($0[..<$0.lastIndex(of: "/")!]) })
      calendars += holders.isEmpty ? [path] : holders.sorted()
    }
    guard !calendars.isEmpty else {
      throw CommandError(
        "--add-to \(name): their calendar is a single file, which freetime never rewrites; give a calendar directory (vdir)"
      )
    }
    guard calendars.count == 1 else {
      throw CommandError(
        "--add-to \(name): they have several calendar directories (\(calendars.joined(separator: ", "))); give the one to write to as \(name)=DIRECTORY"
      )
    }
    return calendars[0]
  }
}
