import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// `--skip-conflicts`: book's own option for a series.
struct SkipConflictsOption: ParsableArguments {
  @Flag(
    name: .customLong("skip-conflicts"),
    help:
      "With --repeat: leave out (EXDATE) the occurrences when someone required or the room is busy."
  )
  var skipConflicts = false
}

extension RepeatOptions {
  /// `book`'s checks beyond the shared ones (`check`): how many `--at`, and `--force` against
  /// `--skip-conflicts`.
  func check(atCount: Int, force: Bool, skipConflicts: Bool) throws {
    try check()
    guard period != nil else {
      if skipConflicts {
        throw ValidationError("--skip-conflicts needs --repeat (daily, weekly, 2w, 4w or monthly).")
      }
      if atCount > 1 {
        throw ValidationError(
          "--at is given \(atCount) times; it holds one value, give it once (K times only with --rotate K)."
        )
      }
      return
    }
    if force && skipConflicts {
      throw ValidationError(
        "--force books every occurrence and --skip-conflicts leaves the busy ones out: give one of them."
      )
    }
    if let rotate {
      if atCount != rotate {
        throw ValidationError(
          "--rotate \(rotate) takes --at \(rotate) times (the first occurrence of each series), not \(atCount)."
        )
      }
    } else if atCount > 1 {
      throw ValidationError(
        "--at is given \(atCount) times; a series starts once (rotate K meeting times with --rotate K and K times --at)."
      )
    }
  }

  /// The series to book: one, or one for each `--at` of a rotation. Throws when a series
  /// cannot be written as one rule on the wall clock, or runs past the limit.
  func series(firsts: [Instant], duration: Int64, zone: Zone, now: Instant) throws
    -> [MeetingSeries]
  {
    let period = repeatPeriod!
    let until = try self.until.map { try Self.until($0, zone: zone, now: now) }
    let count = until == nil ? occurrences ?? 8 : nil
    for (first, next) in zip(firsts, firsts.dropFirst()) where next <= first {
      throw ValidationError(
        "--at \(TimeText.human(next, zone: zone)) is not after \(TimeText.human(first, zone: zone)): give the series of a rotation in order."
      )
    }
    for first in firsts {
      let when = TimeText.human(first, zone: zone)
      for instant in [first, first + duration] where !Self.onWallClock(instant, zone: zone) {
        throw ValidationError(
          "the meeting at \(when) \(instant == first ? "starts" : "ends") in the hour \(zone.name) repeats when its clocks go back; a recurring meeting repeats the wall clock, which names that hour's first pass: choose another time, or --tz UTC."
        )
      }
      if period == .daily && CivilTime.floorMod(Self.day(first, zone: zone) + 4, 7) % 6 == 0 {
        throw ValidationError(
          "--repeat daily meets Monday to Friday, and --at \(when) is on a weekend: start on a weekday."
        )
      }
      if let until, until < first {
        throw ValidationError(
          "--until \(TimeText.human(until, zone: zone)) is before the first occurrence, \(when).")
      }
    }
    let out = MeetingSeries.rotation(
      firsts: firsts, duration: duration, period: period, count: count, until: until, zone: zone)
    // A later occurrence whose wall-clock time the clocks skip or pass twice starts when RFC
    // 5545 §3.3.5 says (moved forward by the gap; a fold's first pass): said once per series and
    // kind, with the first such date (the first occurrence is `--at`'s, warned about as given).
    for one in out {
      let later = one.occurrences.dropFirst()
      let moved = later.filter {
        LocalTimeResolver.civil($0.interval.start, in: zone) != $0.wallClock
      }
      if let first = moved.first {
        let day = CivilTime.fields(first.wallClock)
        let more = moved.count > 1 ? " (and \(moved.count - 1) more like it)" : ""
        Diagnostics.warning(
          "the occurrence on \(TimeText.weekday(day)) \(TimeText.date(day)) falls in the hour \(zone.name)'s clocks skip (\(TimeText.clock(day)) does not exist that day); it starts at \(TimeText.clock(first.interval.start, zone: zone)), as RFC 5545 says\(more)"
        )
      }
      let twice = later.filter { TimeText.isAmbiguous($0.interval.start, zone: zone) }
      if let first = twice.first {
        let day = CivilTime.fields(first.wallClock)
        let more = twice.count > 1 ? " (and \(twice.count - 1) more like it)" : ""
        Diagnostics.warning(
          "the occurrence on \(TimeText.weekday(day)) \(TimeText.date(day)) falls in the hour \(zone.name)'s clocks pass twice; it starts at the first pass, \(TimeText.clock(first.interval.start, zone: zone)), as RFC 5545 says\(more)"
        )
      }
    }
    for series in out where until != nil {
      // More occurrences than `Repetition.maxOccurrences` before UNTIL: the rule would hold
      // more than freetime checked.
      let last = series.occurrences.last!.interval.start
      guard series.occurrences.count == Repetition.maxOccurrences else { continue }
      let step = Repetition(period: period, every: series.repetition.every, count: 2)
      if let next = step.starts(from: last, zone: zone).last, next <= until! {
        throw ValidationError(
          "--until \(self.until!) reaches more than \(Repetition.maxOccurrences) occurrences of a series: choose an earlier --until, or --occurrences."
        )
      }
    }
    return out
  }

  /// `--until`: a WHEN, read as `suggest --until` reads it (a date alone is its midnight, as
  /// everywhere a WHEN is given: the occurrences that start at or before it are kept).
  static func until(_ text: String, zone: Zone, now: Instant) throws -> Instant {
    guard let instant = WhenSyntax.parse(text, now: now, base: now, zone: zone) else {
      throw WhenWords.notAWhen("--until", text, examples: "2027-03-01, 2027-03-01T17:00, +3mo")
    }
    WallClock.warn("--until", text, instant, zone: zone)
    return instant
  }

  /// The day (days since 1970-01-01) of `instant` on `zone`'s wall clock.
  static func day(_ instant: Instant, zone: Zone) -> Int64 {
    CivilTime.floorDiv(LocalTimeResolver.civil(instant, in: zone), 86400)
  }

  /// Whether `zone`'s wall clock names `instant` (not so in the second pass of a fold).
  static func onWallClock(_ instant: Instant, zone: Zone) -> Bool {
    LocalTimeResolver.instant(civil: LocalTimeResolver.civil(instant, in: zone), in: zone)
      == instant
  }
}

extension Freetime.Book {
  /// `book --repeat`: checks every occurrence of every series, then writes one invitation per
  /// series (docs/GUIDE.md, Recurring meetings).
  func runSeries(zone: Zone, now: Instant) throws {
    var firsts: [Instant] = []
    for at in book.at {
      firsts.append(try Freetime.Book.at(at, zone: zone, now: now))
    }
    var series = try repetition.series(
      firsts: firsts, duration: book.duration!.seconds, zone: zone, now: now)
    // A rotation's times take turns: two that meet at once are a mistake in --at.
    let all = series.enumerated().flatMap { j, one in one.occurrences.map { (j, $0.interval) } }
      .sorted { $0.1.start < $1.1.start }
    for (a, b) in zip(all, all.dropFirst()) where a.0 != b.0 && a.1.overlaps(b.1) {
      throw ValidationError(
        "the rotation's times meet at once on \(TimeText.human(b.1.start, zone: zone)): give each --at in its own period (a week apart for weekly)."
      )
    }
    let window = Interval(
      series.map(\.span.start).min()!, series.map(\.span.end).max()!)
    var (request, people) = try readPeople(over: window, zone: zone, now: now)
    let rooms = people.filter { $0.role == .room }.map(\.name)
    if rooms.count > 1 {
      // A room query: the first fitting room free at every occurrence (docs/GUIDE.md, Rooms by what
      // they hold); with --force or --skip-conflicts, when there is none, the first that fits.
      var taken = Set<String>()
      for one in series {
        for entry in Booking.conflicts(people, series: one) {
          taken.formUnion(entry.conflicts.map(\.person).filter(rooms.contains))
        }
      }
      guard
        let chosen = Booking.chooseRoom(people, busy: taken)
          ?? (book.force || skip.skipConflicts ? rooms[0] : nil)
      else {
        Diagnostics.line(
          "freetime: cannot book: \(rooms.count == 2 ? "both" : "all \(rooms.count)") rooms that fit are busy at one occurrence or more; no one room is free at every one (--skip-conflicts books \(rooms[0]) without them, --force books anyway)"
        )
        throw ExitCode(1)
      }
      people.removeAll { $0.role == .room && $0.name != chosen }
      request.sources.removeAll { $0.role == .room && $0.name != chosen }
    }

    // Every occurrence of every series, in time order.
    var busy: [(series: Int, index: Int, interval: Interval, conflicts: [Conflict])] = []
    for (j, one) in series.enumerated() {
      busy += Booking.conflicts(people, series: one).map {
        (j, $0.index, $0.interval, $0.conflicts)
      }
    }
    busy.sort { $0.interval.start < $1.interval.start }
    let total = series.map(\.occurrences.count).reduce(0, +)
    // Every target checked before anything is said or written (as for one meeting).
    let targets = try book.addTo.map {
      try Booking.directory($0, people: people, request: request)
    }
    if !busy.isEmpty && !book.force {
      let listed = busy.map {
        TimeText.human($0.interval.start, zone: zone) + " ("
          + $0.conflicts.map(\.text).joined(separator: "; ") + ")"
      }
      guard skip.skipConflicts else {
        Diagnostics.line(
          "freetime: cannot book \(busy.count) of \(total) occurrences: "
            + listed.joined(separator: "; ")
            + " (--force books them anyway, --skip-conflicts leaves them out)")
        throw ExitCode(1)
      }
      for entry in busy { series[entry.series].skipped.insert(entry.index) }
      if series.contains(where: { $0.skipped.count == $0.occurrences.count }) {
        Diagnostics.line(
          "freetime: cannot book: every occurrence\(series.count > 1 ? " of a series" : "") is busy for someone required or the room: "
            + listed.joined(separator: "; "))
        throw ExitCode(1)
      }
      Diagnostics.line(
        "freetime: skipping \(busy.count) of \(total) occurrences (EXDATE), when someone required or the room is busy: "
          + busy.map {
            TimeText.human($0.interval.start, zone: zone) + " ("
              + $0.conflicts.map(\.person).joined(separator: ", ") + ")"
          }.joined(separator: ", "))
    }
    let invitations = try series.map { one in
      try Booking.invitation(
        people, meeting: one.occurrences[0].interval, request: request, title: book.title!,
        description: book.description, organizer: book.organizer,
        uid: UUID().uuidString.lowercased() + "@freetime", recurrence: one.recurrence(zone: zone))
    }
    // As for one meeting: the invitations (one stream of a VCALENDAR per series, RFC 5545
    // §3.4), then the copies.
    try Output.write(
      invitations.map { $0.ics(method: true) }.joined(), to: output.output, quiet: false)
    for (person, directory) in targets {
      for invitation in invitations {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + invitation.uid
        try Output.write(
          invitation.ics(method: false, owner: person.address), to: path + ".ics", quiet: true)
      }
    }
  }
}
