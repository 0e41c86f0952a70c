import FreeTimeCore
import FreeTimeICS

/// A meeting found by its UID in the calendars given (docs/GUIDE.md, freetime book, Reschedule and
/// cancel): its newest version, the newest version of each changed occurrence, and every copy.
public struct Meeting: Sendable {
  public var uid: String
  /// The newest version of the whole meeting (the series' master), by SEQUENCE then DTSTAMP,
  /// with the attendees of every copy of that SEQUENCE.
  public var master: MeetingCopy
  /// The newest version of each occurrence changed on its own (RECURRENCE-ID), by its
  /// original start.
  public var overrides: [Instant: MeetingCopy]
  /// Every VEVENT of the UID found, answers (METHOD:REPLY) included.
  public var copies: [MeetingCopy]
  /// The highest SEQUENCE of any version (the next change is one more).
  public var sequence: Int

  /// The meeting `uid` in `files`; `zone` reads floating times. Throws when no file holds it,
  /// when it is all-day, or when two versions tie on SEQUENCE and DTSTAMP and disagree on when
  /// it is or who organises it (which one is the meeting is unknown).
  ///
  /// - Parameter allDay: whether an all-day meeting, and a cancelled one without a time, are
  ///   found too (`replies` lists them; `book` changes only meetings at a time of day).
  public static func find(uid: String, in files: [String], zone: Zone, allDay: Bool = false)
    throws(ScheduleError) -> Meeting
  {
    let copies: [MeetingCopy]
    do { copies = try MeetingCopy.find(uid: uid, in: files) } catch {
      throw ScheduleError(error.description)
    }
    let versions = copies.filter { !$0.isAnswer }
    let masters = versions.filter { $0.recurrenceID == nil }
    guard var master = masters.first else {
      if versions.isEmpty {
        let answers = copies.isEmpty ? "" : " (only answers to it, METHOD:REPLY)"
        throw ScheduleError(
          "no meeting with UID \(uid) in the calendars given\(answers): \(files.count) file\(files.count == 1 ? "" : "s") read"
        )
      }
      throw ScheduleError(
        "\(versions[0].file):\(versions[0].firstLine): only single occurrences of UID \(uid) are there (RECURRENCE-ID), not the meeting itself"
      )
    }
    for other in masters.dropFirst() {
      if other.isNewer(than: master) {
        master = other
      } else if !master.isNewer(than: other),
        other.start != master.start || other.organizer != master.organizer
      {
        throw ScheduleError(
          "UID \(uid) is two different meetings, at SEQUENCE \(master.sequence) and the same DTSTAMP: \(master.file):\(master.firstLine) and \(other.file):\(other.firstLine); give the calendars of one of them"
        )
      }
    }
    // An attendee's own copy may list fewer people (their client's choice): the people of the
    // meeting are those of every copy of its newest SEQUENCE, in the order of the organizer's
    // message (METHOD:REQUEST) first, else of the copy that lists the most; a name (CN) one
    // copy leaves out comes from another.
    let same = masters.filter { $0.sequence == master.sequence }.sorted { a, b in
      if (a.method == "REQUEST") != (b.method == "REQUEST") { return a.method == "REQUEST" }
      if a.attendees.count != b.attendees.count { return a.attendees.count > b.attendees.count }
      return a.isNewer(than: b)
    }
    var attendees: [MeetingAttendee] = []
    for other in same {
      for a in other.attendees {
        if let i = attendees.firstIndex(where: { $0.address == a.address }) {
          if attendees[i].name == nil { attendees[i].name = a.name }
        } else {
          attendees.append(a)
        }
      }
    }
    master.attendees = attendees
    // What the meeting says of itself comes from the organizer's message first: an attendee's
    // client may keep a copy without DESCRIPTION or LOCATION, and stamp it later when they
    // answer (RFC 5546 §2.1.5: the organizer's copy is the meeting's).
    master.summary = same.lazy.compactMap(\.summary).first ?? master.summary
    master.description = same.lazy.compactMap(\.description).first ?? master.description
    master.location = same.lazy.compactMap(\.location).first ?? master.location
    // A CANCEL may leave DTSTART out (RFC 5546 §3.2.5): the time is the version's before it.
    if master.start == nil && (master.method == "CANCEL" || master.status == "CANCELLED") {
      let earlier = masters.filter { $0.start != nil }.max { b, a in a.isNewer(than: b) }
      master.start = earlier?.start
      master.end = master.end ?? earlier?.end
      master.duration = master.duration ?? earlier?.duration
    }
    let called = master.method == "CANCEL" || master.status == "CANCELLED"
    if let start = master.start {
      if start.isDate && !allDay {
        throw ScheduleError(
          "\(master.file):\(master.firstLine): meeting \(uid) is all-day; freetime changes only meetings at a time of day"
        )
      }
    } else if !(allDay && called) {
      // (`replies` lists a cancelled meeting whose time no version gives.)
      throw ScheduleError("\(master.file):\(master.firstLine): meeting \(uid) has no DTSTART")
    }
    var overrides: [Instant: MeetingCopy] = [:]
    for copy in versions {
      guard let id = copy.recurrenceID else { continue }
      guard let key = id.instant(fallback: zone) else { continue }
      if let known = overrides[key], !copy.isNewer(than: known) { continue }
      overrides[key] = copy
    }
    return Meeting(
      uid: uid, master: master, overrides: overrides, copies: copies,
      sequence: versions.map(\.sequence).max() ?? 0)
  }

  /// The zone of the master's DTSTART (its TZID, UTC, or `fallback` when floating).
  public func zone(fallback: Zone) throws(ScheduleError) -> Zone {
    guard let zone = master.start!.zone(fallback: fallback) else {
      throw ScheduleError(
        "\(master.file):\(master.firstLine): meeting \(uid) is in time zone '\(master.start!.tzid ?? "")', which freetime does not know"
      )
    }
    return zone
  }

  /// When the whole meeting (the first occurrence of a series) is.
  public func interval(fallback: Zone) throws(ScheduleError) -> Interval {
    try Meeting.interval(of: master, fallback: fallback, meeting: self)
  }

  public static func interval(of copy: MeetingCopy, fallback: Zone, meeting: Meeting)
    throws(ScheduleError) -> Interval
  {
    let unknown = ScheduleError(
      "\(copy.file):\(copy.firstLine): the time of meeting \(meeting.uid) cannot be read")
    guard let startTime = copy.start, let start = startTime.instant(fallback: fallback) else {
      throw unknown
    }
    if let end = copy.end {
      guard let e = end.instant(fallback: fallback), e > start else { throw unknown }
      return Interval(start, e)
    }
    guard let d = copy.duration, d > 0 else { throw unknown }
    return Interval(start, start + d)
  }

  /// The series as freetime writes series (docs/GUIDE.md, Recurring meetings): its rule read back
  /// as a `Repetition`, with the first occurrence and the occurrences left out (EXDATE, or
  /// cancelled on their own). Nil for one
  /// meeting; throws for a rule of another shape.
  public func series(fallback: Zone) throws(ScheduleError) -> MeetingSeries? {
    guard let rule = master.rule else { return nil }
    let zone = try zone(fallback: fallback)
    let first = try interval(fallback: fallback)
    guard let repetition = Meeting.repetition(rule, zone: zone) else {
      throw ScheduleError(
        "\(master.file):\(master.firstLine): meeting \(uid) repeats by RRULE:\(rule), which is not one freetime book --repeat writes (daily, weekly, 2w, 4w, monthly with COUNT or UNTIL); freetime cannot tell its occurrences"
      )
    }
    var series = MeetingSeries(
      first: first.start, duration: first.end - first.start, repetition: repetition, zone: zone)
    // Left out: the EXDATEs, and the occurrences cancelled on their own.
    let excluded = Set(master.exceptions.compactMap { $0.instant(fallback: zone) })
      .union(overrides.filter { $0.value.isCancelled }.keys)
    for (i, occurrence) in series.occurrences.enumerated()
    where excluded.contains(occurrence.interval.start) {
      series.skipped.insert(i)
    }
    return series
  }

  /// A rule `Repetition.rule` writes, read back: `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR`,
  /// `FREQ=WEEKLY[;INTERVAL=n]`, `FREQ=MONTHLY[;INTERVAL=n];BYDAY=2TU`, with COUNT or UNTIL.
  static func repetition(_ rule: String, zone: Zone) -> Repetition? {
    var parts: [String: String] = [:]
    for part in rule.uppercased().split(separator: ";") {
      let kv = part.split(separator: "=", maxSplits: 1)
      guard kv.count == 2, parts[String(kv[0])] == nil else { return nil }
      parts[String(kv[0])] = String(kv[1])
    }
    let interval = Int(parts.removeValue(forKey: "INTERVAL") ?? "1") ?? 0
    guard interval >= 1 else { return nil }
    var count: Int?
    var until: Instant?
    if let c = parts.removeValue(forKey: "COUNT") {
      guard let n = Int(c), n >= 1 else { return nil }
      count = n
    }
    if let u = parts.removeValue(forKey: "UNTIL") {
      guard let (f, utc) = MeetingCopy.untilValue(u) else { return nil }
      until = utc ? f : zone.instant(civil: f)
    }
    guard (count == nil) != (until == nil) else { return nil }
    let byday = parts.removeValue(forKey: "BYDAY")
    let freq = parts.removeValue(forKey: "FREQ")
    parts.removeValue(forKey: "WKST")
    guard parts.isEmpty else { return nil }
    switch freq {
    case "DAILY":
      guard byday == "MO,TU,WE,TH,FR", interval == 1 else { return nil }
      return Repetition(period: .daily, count: count, until: until)
    case "WEEKLY":
      guard byday == nil else { return nil }
      return Repetition(period: .weekly, every: interval, count: count, until: until)
    case "MONTHLY":
      guard let byday, byday.count == 3, let n = Int(byday.prefix(1)), (1...5).contains(n) else {
        return nil
      }
      return Repetition(period: .monthly, every: interval, count: count, until: until)
    default:
      return nil
    }
  }
}
