import ArgumentParser
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// The options of a command turned into a request to the scheduling library: zone, window,
/// calendar sources, how to read them, and what makes a slot. `slots`, `suggest`, `book` and
/// `busy` build it from their option groups (`busy` and `book` with the defaults of the groups
/// they do not have), `check` from its calendars and zone.
extension SchedulingRequest {
  init(
    calendars: CalendarArguments, peopleFile: PeopleFileOptions, window: WindowOptions,
    reading: ReadingOptions?, person: PersonOptions? = nil, scheduling: SchedulingOptions?,
    slot: SlotOptions? = nil, explain: Bool = false, limits: LimitOptions,
    roomNeed: RoomNeedOptions? = nil
  ) throws {
    let zone = try SchedulingRequest.zone(window.tz)
    let now = Instant(time(nil))
    try self.init(
      calendars: calendars, peopleFile: peopleFile, zone: zone,
      window: try SchedulingRequest.window(window, zone: zone, now: now), now: now,
      reading: reading, person: person, scheduling: scheduling,
      optional: scheduling?.optional ?? [],
      room: scheduling?.room ?? [], slot: slot, explain: explain, limits: limits,
      roomNeed: roomNeed)
  }

  /// The request from the option groups a command has: without `reading` or `scheduling`
  /// (`busy`, and `book` for scheduling), their defaults.
  init(
    calendars: CalendarArguments, peopleFile: PeopleFileOptions, zone: Zone, window range: Interval,
    now: Instant, reading: ReadingOptions?, person: PersonOptions? = nil,
    scheduling: SchedulingOptions?, optional: [String],
    room: [String], slot: SlotOptions?, explain: Bool, limits: LimitOptions,
    roomNeed: RoomNeedOptions? = nil
  ) throws {
    let people = try peopleFile.load()
    // A room named twice (`--room atlas --room any`) is one room.
    var rooms: [CalendarSource] = []
    for source in try room.flatMap({ try people.sources($0, role: .room) })
    where !(source.fromPeopleFile && rooms.contains { $0.fromPeopleFile && $0.name == source.name })
    {
      rooms.append(source)
    }
    let sources = try SchedulingRequest.people(
      try calendars.all.flatMap { try people.sources($0, role: .required) }
        + optional.flatMap { try people.sources($0, role: .optional) } + rooms)
    let buffer = scheduling?.buffer?.seconds ?? 0
    // Busy time just outside the window still counts once --buffer pads it into the window.
    var readOptions = ReadOptions(
      window: Interval(range.start - buffer, range.end + buffer), defaultZone: zone,
      homeZones: try SchedulingRequest.givenHomeZones(reading?.zones ?? person?.zones ?? []),
      tentative: reading?.tentative == .free ? .free : .busy,
      allDay: reading?.allDay == .free ? .free : .busy,
      maxInstances: reading?.maxInstances ?? ReadOptions.defaultMaxInstances)
    readOptions.owners = try SchedulingRequest.owners(reading?.owners ?? person?.owners ?? [])
    readOptions.explain = explain || slot?.explain == true
    readOptions.limits = limits.limits
    self.init(
      zone: zone, window: range, sources: sources, readOptions: readOptions,
      stamp: SchedulingRequest.stamp(now: now))
    self.people = people
    minimum = slot?.min?.seconds ?? 0
    (hours, personHours) = try HoursChoice.parse(
      hours: scheduling?.hours ?? [], days: scheduling?.days ?? [])
    try SchedulingRequest.checkNames(
      sources,
      named: [
        "--zone": Array(readOptions.homeZones.keys), "--owner": Array(readOptions.owners.keys),
        "--hours or --days": Array(personHours.keys),
      ])
    try SchedulingRequest.checkHours(personHours, sources: sources)
    self.buffer = buffer
    grid = slot?.align?.seconds
    quorum = scheduling?.quorum
    try SchedulingRequest.checkQuorum(quorum, sources: sources)
    ignoreOwnHours = scheduling?.noOwnHours ?? false
    unknownIsBusy = reading?.unknown != .free
    try fitRooms(seats: roomNeed?.capacity, features: roomNeed?.feature ?? [])
    applyPeopleFile()
  }

  /// For `check`: every finding (`ReadOptions.lint`) in the week from now, in `--tz`, with a
  /// cap on a series high enough that only the file limits stop it.
  init(
    checking calendars: CalendarArguments, peopleFile: PeopleFileOptions, tz: String?,
    person: PersonOptions, limits: LimitOptions
  ) throws {
    let zone = try SchedulingRequest.zone(tz)
    let now = Instant(time(nil))
    let window = Interval(now, now + 7 * 86400)
    let people = try peopleFile.load()
    let sources = try SchedulingRequest.people(
      calendars.all.flatMap { try people.sources($0, role: .required) })
    var readOptions = ReadOptions(
      window: window, defaultZone: zone,
      homeZones: try SchedulingRequest.givenHomeZones(person.zones), maxInstances: 10_000_000)
    readOptions.owners = try SchedulingRequest.owners(person.owners)
    try SchedulingRequest.checkNames(
      sources,
      named: [
        "--zone": Array(readOptions.homeZones.keys), "--owner": Array(readOptions.owners.keys),
      ])
    readOptions.lint = true
    readOptions.limits = limits.limits
    self.init(zone: zone, window: window, sources: sources, readOptions: readOptions, stamp: now)
    self.people = people
    applyPeopleFile()
  }

  /// `--zone NAME=ZONE` entries, an abbreviation among them warned about (docs/GUIDE.md, Usage:
  /// zones).
  static func givenHomeZones(_ entries: [String]) throws -> [String: Zone] {
    let zones = try SchedulingRequest.homeZones(entries)
    for note in SchedulingRequest.homeZoneNotes(entries) { Diagnostics.warning(note) }
    return zones
  }

  /// `--tz`, else `$TZ`, else the system zone (/etc/localtime), else UTC.
  static func zone(_ option: String?) throws -> Zone {
    if let option {
      guard let zone = Zone.lookUpGiven(option) else {
        throw ValidationError(
          "--tz '\(option)' is not a known time zone (\(SchedulingRequest.zoneHint(option))).")
      }
      if let note = Zone.abbreviationNote(option) { Diagnostics.warning("--tz \(option) \(note)") }
      return zone
    }
    if let env = getenv("TZ").map({ String(cString: $0) }), !env.isEmpty {
      if let zone = Zone.lookUpGiven(env) {
        if let note = Zone.abbreviationNote(env) { Diagnostics.warning("TZ=\(env) \(note)") }
        return zone
      }
      Diagnostics.warning(
        "TZ '\(Sanitize.text(env, limit: 60))' is not a known time zone; using the system zone \(Zone.system.name)"
      )
    }
    return Zone.system
  }

  /// `--from` (default now) to `--to` (default `--from` + 7 days), not empty.
  /// Without `--from` the window starts at the next quarter hour; `+…` counts from this
  /// minute (no seconds unless a WHEN gives them). A wall-clock WHEN the clocks skip (a DST gap)
  /// or pass twice (a fold) is a warning (`WallClock`).
  static func window(_ options: WindowOptions, zone: Zone, now: Instant) throws -> Interval {
    let minute = CivilTime.floorDiv(now, 60) * 60
    let quarter = CivilTime.floorDiv(now + 899, 900) * 900
    let parsedFrom =
      options.from == nil
      ? quarter : WhenSyntax.parse(options.from!, now: now, base: minute, zone: zone)
    guard let from = parsedFrom
    else {
      throw WhenWords.notAWhen(
        "--from", options.from ?? "", examples: "2026-11-23, 2026-11-23T09:00, now, tomorrow, +1d")
    }
    guard let to = WhenSyntax.parse(options.to ?? "+7d", now: now, base: from, zone: zone)
    else {
      throw WhenWords.notAWhen(
        "--to", options.to ?? "", examples: "2026-11-30, 2026-11-30T18:00, +3d, +2w")
    }
    guard from < to else {
      throw ValidationError("The window is empty: --to must be later than --from.")
    }
    for (option, text, instant) in [("--from", options.from, from), ("--to", options.to, to)] {
      if let text { WallClock.warn(option, text, instant, zone: zone) }
    }
    return Interval(from, to)
  }

  /// `SOURCE_DATE_EPOCH` when it is a number, else `now`.
  static func stamp(now: Instant) -> Instant {
    if let epoch = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }),
      let value = Int64(epoch)
    {
      return value
    }
    return now
  }
}
