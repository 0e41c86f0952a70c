import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// `book --reschedule UID` and `book --cancel UID` (docs/GUIDE.md, freetime book, Reschedule and
/// cancel; RFC 5546 §3.2.2.1 and §3.2.5).
struct LifecycleOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Move the meeting with this UID (found in the calendars given) to --at: a new REQUEST, SEQUENCE + 1.",
      valueName: "uid"))
  var reschedule: String?

  @Option(
    help: ArgumentHelp(
      "Cancel the meeting with this UID (found in the calendars given): METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE + 1.",
      valueName: "uid"))
  var cancel: String?

  @Option(
    help: ArgumentHelp(
      "With --reschedule or --cancel of a recurring meeting: only the occurrence that starts then (its original start).",
      valueName: "when"))
  var occurrence: String?

  /// The meeting to change, when one is.
  var uid: String? { reschedule ?? cancel }
}

extension Freetime.Book {
  /// The options that go with `--reschedule` and `--cancel`: the meeting keeps its title,
  /// description, organizer, people and rule.
  func checkLifecycle() throws {
    let option = lifecycle.reschedule != nil ? "--reschedule" : "--cancel"
    if lifecycle.reschedule != nil && lifecycle.cancel != nil {
      throw ValidationError("Give --reschedule UID or --cancel UID, not both.")
    }
    if lifecycle.uid!.trimmingWhitespace().isEmpty {
      throw ValidationError("\(option) needs the meeting's UID.")
    }
    if lifecycle.reschedule != nil {
      if book.at.count != 1 {
        throw ValidationError(
          book.at.isEmpty
            ? "--reschedule needs --at WHEN: the new start (of the series, or of the --occurrence)."
            : "--at is given \(book.at.count) times; --reschedule moves to one time.")
      }
      if let duration = book.duration, duration.seconds <= 0 {
        throw ValidationError("--duration must be longer than 0s.")
      }
    } else {
      if !book.at.isEmpty || book.duration != nil {
        throw ValidationError("--cancel takes no --at or --duration: the meeting keeps its time.")
      }
      if book.force {
        throw ValidationError("--cancel checks no one's time: --force is not needed.")
      }
    }
    for (given, name) in [
      (book.title != nil, "--title"), (book.description != nil, "--description"),
      (book.organizer != nil, "--organizer"),
    ] where given {
      throw ValidationError(
        "\(option) keeps the meeting's own title, description and organizer: \(name) is not taken."
      )
    }
    if repetition.period != nil || repetition.occurrences != nil || repetition.until != nil
      || repetition.rotate != nil || skip.skipConflicts
    {
      throw ValidationError(
        "\(option) keeps the meeting's own rule: --repeat, --occurrences, --until, --rotate and --skip-conflicts are for a new series (one occurrence: --occurrence WHEN)."
      )
    }
    try reading.check()
  }

  /// Every file of the calendars given, where the meeting is looked for.
  func meetingFiles(_ request: SchedulingRequest) throws -> [String] {
    try request.sources.flatMap {
      try $0.files(
        standardInput:
          "--reschedule and --cancel look for the meeting in files: standard input (-) cannot be given"
      )
    }
  }

  /// `book --reschedule` and `book --cancel`: finds the meeting, checks the new time (without
  /// the meeting's own busy time), then writes the message and replaces the `--add-to` copies.
  func runLifecycle(zone: Zone, now: Instant) throws {
    let uid = lifecycle.uid!.trimmingWhitespace()
    let cancelling = lifecycle.cancel != nil
    // The calendars (people-file names resolved) before the window is known: where to look.
    let located = try SchedulingRequest(
      calendars: calendars, peopleFile: peopleFile, zone: zone, window: Interval(now, now + 1),
      now: now, reading: reading, scheduling: nil, optional: optional, room: room, slot: nil,
      explain: false, limits: limits)
    let meeting = try Meeting.find(uid: uid, in: try meetingFiles(located), zone: zone)
    if meeting.master.isCancelled && meeting.master.method != "REQUEST" {
      throw CommandError(
        "\(meeting.master.file):\(meeting.master.firstLine): meeting \(uid) is cancelled (STATUS:CANCELLED)"
      )
    }
    let masterZone = try meeting.zone(fallback: zone)
    let first = try meeting.interval(fallback: zone)

    // The one occurrence changed, when --occurrence names one: its original start and when it
    // is now (an earlier change may have moved it).
    var occurrence: (id: Instant, now: Interval)?
    if let text = lifecycle.occurrence {
      guard let id = WhenSyntax.parse(text, now: now, base: now, zone: zone) else {
        throw WhenWords.notAWhen("--occurrence", text, examples: "2026-12-01T15:00")
      }
      guard meeting.master.rule != nil else {
        throw CommandError(
          "--occurrence: meeting \(uid) does not repeat (no RRULE); change it as a whole without --occurrence"
        )
      }
      let series = try meeting.series(fallback: zone)!
      if let moved = meeting.overrides[id] {
        if moved.isCancelled {
          throw CommandError(
            "--occurrence \(TimeText.human(id, zone: zone)): that occurrence of \(uid) is cancelled already"
          )
        }
        let interval = try Meeting.interval(of: moved, fallback: zone, meeting: meeting)
        occurrence = (id, interval)
      } else if let i = series.occurrences.firstIndex(where: { $0.interval.start == id }),
        !series.skipped.contains(i)
      {
        occurrence = (id, series.occurrences[i].interval)
      } else {
        let near = series.occurrences.enumerated().filter { !series.skipped.contains($0.offset) }
          .map(\.element.interval.start).min { abs($0 - id) < abs($1 - id) }
        throw CommandError(
          "--occurrence \(TimeText.human(id, zone: zone)) is not an occurrence of \(uid)"
            + (near.map { " (the nearest starts \(TimeText.human($0, zone: zone)))" } ?? ""))
      }
    }

    // The new time: one meeting, one occurrence, or the whole series from --at.
    let length =
      book.duration?.seconds ?? ((occurrence?.now ?? first).end - (occurrence?.now ?? first).start)
    var newInterval = occurrence?.now ?? first
    var newSeries: MeetingSeries?
    if !cancelling {
      let start = try Freetime.Book.at(book.at[0], zone: zone, now: now)
      newInterval = Interval(start, start + length)
      if occurrence == nil, let old = try meeting.series(fallback: zone) {
        newSeries = try movedSeries(old, to: start, length: length, from: first, zone: zone)
      }
    }
    let window = newSeries?.span ?? newInterval
    let request = try SchedulingRequest(
      calendars: calendars, peopleFile: peopleFile, zone: zone, window: window, now: now,
      reading: reading, scheduling: nil, optional: optional, room: room, slot: nil,
      explain: true, limits: limits)
    var people = try Reading.people(request, quiet: false)
    try Reading.warn(about: people, strict: reading.strict, quiet: false, summary: true)
    if !cancelling {
      try checkMoved(meeting, people: &people, interval: newInterval, series: newSeries, zone: zone)
    }

    // The message: the whole meeting, or the one occurrence.
    let stamp = max(request.stamp, (meeting.copies.compactMap(\.stamp).max() ?? 0) + 1)
    var invitation = Invitation(
      uid: uid, stamp: stamp, interval: newInterval,
      zone: cancelling && occurrence == nil ? masterZone : zone,
      title: meeting.master.summary ?? "", description: meeting.master.description,
      location: meeting.master.location,
      organizer: meeting.master.organizer ?? meeting.master.attendees.first?.address ?? "",
      attendees: meeting.master.attendees.map(Freetime.Book.attendee))
    invitation.sequence = meeting.sequence + 1
    invitation.cancelled = cancelling
    if let occurrence {
      invitation.recurrenceID = occurrence.id
      if let moved = meeting.overrides[occurrence.id] {
        invitation.title = moved.summary ?? invitation.title
        invitation.description = moved.description ?? invitation.description
        invitation.location = moved.location ?? invitation.location
        if !moved.attendees.isEmpty {
          invitation.attendees = moved.attendees.map(Freetime.Book.attendee)
        }
      }
    } else if let newSeries {
      invitation.interval = newSeries.occurrences[0].interval
      invitation.recurrence = newSeries.recurrence(zone: zone)
    } else if let rule = meeting.master.rule {
      // Cancelling a whole series: the series as it was, its rule as written.
      let series = try? meeting.series(fallback: zone)
      invitation.interval = first
      invitation.recurrence = Invitation.Recurrence(
        rule: rule,
        exceptions: meeting.master.exceptions.compactMap { $0.instant(fallback: masterZone) }.map {
          LocalTimeResolver.civil($0, in: masterZone)
        },
        end: (series ?? nil)?.span.end ?? first.end + 400 * 86400)
    }
    if invitation.organizer.isEmpty {
      throw CommandError(
        "\(meeting.master.file):\(meeting.master.firstLine): meeting \(uid) has no ORGANIZER and no ATTENDEE"
      )
    }

    // Every copy worked out before anything is written (book's order: the message, then the
    // copies).
    var copies: [(path: String, text: String)] = []
    var emptied: [String] = []
    for entry in book.addTo {
      let (person, directory) = try Booking.directory(entry, people: people, request: request)
      let prefix = Booking.canonical(directory) + "/"
      let here = meeting.copies.filter {
        !$0.isAnswer && Booking.canonical($0.file).hasPrefix(prefix)
      }
      let copy = invitation.ics(nil, owner: person.address)
      let replaced =
        occurrence == nil
        ? here
        : here.filter { copy in
          copy.recurrenceID.flatMap { $0.instant(fallback: zone) } == occurrence!.id
        }
      let files = Array(Set(here.map(\.file))).sorted()
      guard !files.isEmpty else {
        if occurrence != nil {
          throw CommandError(
            "--add-to \(entry): no copy of meeting \(uid) in \(directory) to change one occurrence of"
          )
        }
        copies.append(
          ((directory.hasSuffix("/") ? directory : directory + "/") + uid + ".ics", copy))
        continue
      }
      for file in files {
        let bytes = try MeetingCopy.read(file)
        let removing = replaced.filter { $0.file == file }
        // The new version goes into the first file; other files of the copy lose their old ones.
        guard
          let text = MeetingCopy.edited(
            bytes, removing: removing, inserting: file == files.first ? copy : "")
        else {
          throw CommandError("\(file): no END:VCALENDAR; freetime does not rewrite it")
        }
        // A file that held only the old version is removed once the new one is written
        // (an empty VCALENDAR is no calendar object).
        if file != files.first && !MeetingCopy.holdsComponent(text) {
          emptied.append(file)
        } else {
          copies.append((file, text))
        }
      }
    }
    try Output.write(
      invitation.ics(cancelling ? .cancel : .request), to: output.output, quiet: false)
    for (path, text) in copies { try Output.write(text, to: path, quiet: true) }
    for path in emptied where unlink(path) != 0 {
      throw CommandError("\(path): cannot remove the old copy: \(String(cString: strerror(errno)))")
    }
  }

  /// An attendee of the meeting as it is written again: PARTSTAT back to NEEDS-ACTION (the
  /// invitation's own rules), the same role.
  static func attendee(_ a: MeetingAttendee) -> Invitation.Attendee {
    Invitation.Attendee(
      name: a.name ?? "", address: a.address,
      kind: a.isRoom ? .room : a.isRequired ? .required : .optional)
  }

  /// The series moved to start at `start`: the same rule on the wall clock of `zone`, the same
  /// number of occurrences (or UNTIL moved as far as the start), the same ones left out.
  func movedSeries(
    _ old: MeetingSeries, to start: Instant, length: Int64, from first: Interval, zone: Zone
  ) throws -> MeetingSeries {
    var repetition = old.repetition
    if let until = repetition.until { repetition.until = until + (start - first.start) }
    if repetition.period == .daily
      && CivilTime.floorMod(RepeatOptions.day(start, zone: zone) + 4, 7) % 6 == 0
    {
      throw ValidationError(
        "--at \(TimeText.human(start, zone: zone)) is on a weekend, and the meeting meets Monday to Friday: start on a weekday."
      )
    }
    for instant in [start, start + length] where !RepeatOptions.onWallClock(instant, zone: zone) {
      throw ValidationError(
        "the meeting at \(TimeText.human(start, zone: zone)) would start or end in the hour \(zone.name) repeats when its clocks go back; choose another time, or --tz UTC."
      )
    }
    var series = MeetingSeries(first: start, duration: length, repetition: repetition, zone: zone)
    series.skipped = old.skipped.filter { $0 < series.occurrences.count }
    return series
  }

  /// Checks the moved meeting as `book` checks a new one, for the people of the meeting:
  /// everyone given whose address is an attendee (or the organizer), in their role in the
  /// meeting; the meeting's own busy time is no conflict. Notes who cannot be checked. Exits 1
  /// on a conflict without --force.
  func checkMoved(
    _ meeting: Meeting, people: inout [Person], interval: Interval, series: MeetingSeries?,
    zone: Zone
  ) throws {
    let attendees = meeting.master.attendees
    var matched = Set<String>()
    for i in people.indices {
      let address = people[i].address.map { MeetingCopy.address($0) }
      if let address, let a = attendees.first(where: { $0.address == address }) {
        people[i].calendar.role = a.isRoom ? .room : a.isRequired ? .required : .optional
        matched.insert(address)
      } else if let address, address == meeting.master.organizer {
        people[i].calendar.role = .required
        matched.insert(address)
      } else {
        people[i].calendar.role = .optional
        Diagnostics.line(
          "freetime: note: \(people[i].name) is not in meeting \(meeting.uid)"
            + (address == nil ? " (no address to tell by)" : "") + ": not checked")
      }
    }
    for a in attendees where !matched.contains(a.address) {
      Diagnostics.line(
        "freetime: note: \(a.name.map { "\($0) <\(a.address)>" } ?? a.address) is in meeting \(meeting.uid), but no calendar of theirs was given: not checked"
      )
    }
    func own(_ conflicts: [Conflict]) -> [Conflict] {
      conflicts.compactMap { conflict in
        var c = conflict
        c.reasons = c.reasons.filter { $0.origin?.uid != meeting.uid }
        return c.reasons.isEmpty ? nil : c
      }
    }
    if let series {
      let busy = Booking.conflicts(people, series: series).compactMap { entry in
        let c = own(entry.conflicts)
        return c.isEmpty || series.skipped.contains(entry.index) ? nil : (entry.interval, c)
      }
      if !busy.isEmpty && !book.force {
        Diagnostics.line(
          "freetime: cannot move \(meeting.uid): \(busy.count) of \(series.occurrences.count) occurrences are busy: "
            + busy.map {
              TimeText.human($0.0.start, zone: zone) + " ("
                + $0.1.map(\.text).joined(separator: "; ") + ")"
            }.joined(separator: "; ") + " (--force moves it anyway)")
        throw ExitCode(1)
      }
      return
    }
    let busy = own(Booking.conflicts(people, meeting: interval))
    if !busy.isEmpty && !book.force {
      Diagnostics.line(
        "freetime: cannot move \(meeting.uid) to \(TimeText.human(interval.start, zone: zone)): "
          + busy.map(\.text).joined(separator: "; ") + " (--force moves it anyway)")
      throw ExitCode(1)
    }
  }
}
