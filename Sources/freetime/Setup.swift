import ArgumentParser
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// The options of a command turned into values: zone, window, calendar sources, how to read
/// them, and what makes a slot. `slots` and `busy` build it from their option groups (`busy`
/// with the defaults of the groups it does not have), `check` from its calendars and zone.
struct Setup {
  var zone: Zone
  var window: Interval
  var sources: [CalendarSource]
  var readOptions: ReadOptions
  /// The DTSTAMP of iCalendar output: `SOURCE_DATE_EPOCH`, else now.
  var stamp: Instant
  /// `--min`, in seconds (0: every slot).
  var minimum: Int64 = 0
  /// `--hours` and `--days`: for everyone, and for one person.
  var hours = HoursChoice()
  var personHours: [String: HoursChoice] = [:]
  /// The hours and days the people file gives a person.
  var fileHours: [String: HoursChoice] = [:]
  /// The people file, when one is read.
  var people = People(file: nil)
  /// `--buffer`, in seconds (0: none).
  var buffer: Int64 = 0
  /// `--align`, in seconds.
  var grid: Int64?
  var quorum: Int?
  /// `--unknown busy`: time a calendar does not cover blocks.
  var unknownIsBusy = true

  init(
    calendars: CalendarArguments, peopleFile: PeopleFileOptions, window: WindowOptions,
    reading: ReadingOptions, scheduling: SchedulingOptions, slot: SlotOptions? = nil,
    explain: Bool = false, limits: LimitOptions
  ) throws {
    zone = try Setup.zone(window.tz)
    let now = Instant(time(nil))
    self.window = try Setup.window(window, zone: zone, now: now)
    minimum = slot?.min?.seconds ?? 0
    let homeZones = try Setup.homeZones(reading.zones)
    let people = try peopleFile.load()
    self.people = people
    sources = try Setup.people(
      try calendars.calendars.flatMap { try people.sources($0, role: .required) }
        + scheduling.optional.flatMap { try people.sources($0, role: .optional) }
        + scheduling.room.flatMap { try people.sources($0, role: .room) })
    (hours, personHours) = try HoursChoice.parse(hours: scheduling.hours, days: scheduling.days)
    let owners = try Setup.owners(reading.owners)
    try Setup.checkNames(
      sources,
      named: [
        "--zone": Array(homeZones.keys), "--owner": Array(owners.keys),
        "--hours or --days": Array(personHours.keys),
      ])
    let rooms = sources.filter { $0.role == .room }.map(\.name)
    if let room = personHours.keys.sorted().first(where: rooms.contains) {
      throw ValidationError(
        "--hours or --days names '\(room)', a room: rooms have no working hours.")
    }
    buffer = scheduling.buffer?.seconds ?? 0
    grid = slot?.align?.seconds
    quorum = scheduling.quorum
    unknownIsBusy = reading.unknown == .busy
    // Busy time just outside the window still counts once --buffer pads it into the window.
    readOptions = ReadOptions(
      window: Interval(self.window.start - buffer, self.window.end + buffer), defaultZone: zone,
      homeZones: homeZones, tentative: reading.tentative == .busy ? .busy : .free,
      allDay: reading.allDay == .busy ? .busy : .free, maxInstances: reading.maxInstances)
    readOptions.owners = owners
    readOptions.explain = explain || slot?.explain == true
    readOptions.limits = limits.limits
    stamp = Setup.stamp(now: now)
    applyPeopleFile()
  }

  /// For `check`: every finding (`ReadOptions.lint`) in the week from now, in `--tz`, with a
  /// cap on a series high enough that only the file limits stop it.
  init(
    checking calendars: CalendarArguments, peopleFile: PeopleFileOptions, tz: String?,
    limits: LimitOptions
  ) throws {
    zone = try Setup.zone(tz)
    let now = Instant(time(nil))
    window = Interval(now, now + 7 * 86400)
    people = try peopleFile.load()
    let people = self.people
    sources = try Setup.people(
      calendars.calendars.flatMap { try people.sources($0, role: .required) })
    readOptions = ReadOptions(window: window, defaultZone: zone, maxInstances: 10_000_000)
    readOptions.lint = true
    readOptions.limits = limits.limits
    stamp = now
    applyPeopleFile()
  }

  /// The people file's zone, email, hours and days for the people it names that are read by a
  /// given name (a people-file name, or `NAME=`; not a name taken from a file's name): the
  /// command line wins for the same person.
  mutating func applyPeopleFile() {
    for source in sources where source.isNamed {
      guard let person = people.person(source.name) else { continue }
      if readOptions.homeZones[source.name] == nil, let zone = person.zone {
        readOptions.homeZones[source.name] = Zone.lookUp(zone)
        readOptions.homeZonesFromFile.insert(source.name)
      }
      if readOptions.owners[source.name] == nil, let email = person.email {
        readOptions.owners[source.name] = email
      }
      let choice = HoursChoice(spans: person.hours, days: person.days)
      if !choice.isEmpty { fileHours[source.name] = choice }
    }
  }

  /// Whether working hours are asked for at all (`--hours` or `--days`, for anyone, or hours or
  /// days in the people file for someone read).
  var workingHoursAsked: Bool { !hours.isEmpty || !personHours.isEmpty || !fileHours.isEmpty }

  /// A person's working hours and the zone they are in (README, Working hours), each of hours
  /// and days strongest first: `--hours NAME=` and `--days NAME=`, then the person's own (the
  /// people file's, then a VAVAILABILITY, then Outlook's in their TZID's zone), then the
  /// general `--hours` and `--days`; nil for rooms, for a VAVAILABILITY that decides instead,
  /// and when no working hours are asked for.
  func workingHours(of person: PersonCalendar) -> (hours: WorkingHours, zone: Zone)? {
    guard person.role != .room, workingHoursAsked, let (choice, zone) = hoursChoice(of: person)
    else { return nil }
    return (choice.hours, zone)
  }

  /// The hours and days said for a person, each from the strongest source that says it, and
  /// the zone they are in; nil when their VAVAILABILITY decides instead.
  func hoursChoice(of person: PersonCalendar) -> (HoursChoice, Zone)? {
    let named = (personHours[person.name] ?? HoursChoice()).over(
      fileHours[person.name] ?? HoursChoice())
    if named.isEmpty && person.hasAvailability { return nil }
    let own = HoursChoice(person.ownHours)
    let home = person.homeZone ?? zone
    let inOwnZone = named.spans == nil && own.spans != nil
    return (named.over(own).over(hours), inOwnZone ? person.ownHoursZone ?? home : home)
  }

  /// A required person's comfort hours in the window (README, Suggestions): the working hours
  /// that limit their slots when any do (a VAVAILABILITY's available time included), else
  /// 09:00–17:00 on their working days (`--days`, else Monday to Friday) in their home zone.
  func comfort(of person: PersonCalendar) -> [Interval] {
    let said = hoursChoice(of: person)
    if workingHoursAsked {
      guard let (choice, zone) = said else {
        return FreeSlots.free(busy: person.unavailable, in: window)
      }
      if let spans = choice.spans, !choice.hours.isAlways {
        return WorkingHours(spans: spans, days: choice.days ?? Set(0..<7))
          .open(around: window, zone: zone)
      }
    }
    let days = said?.0.days ?? [1, 2, 3, 4, 5]
    return WorkingHours(start: 9 * 3600, end: 17 * 3600, days: days)
      .open(around: window, zone: person.homeZone ?? zone)
  }

  /// Time outside a person's working hours in the window; or their VAVAILABILITY's unavailable
  /// time when it decides; nothing for rooms or without `--hours` or `--days`.
  func offHours(of person: PersonCalendar) -> [Interval] {
    guard person.role != .room, workingHoursAsked else { return [] }
    guard let (hours, zone) = workingHours(of: person) else {
      return person.hasAvailability ? person.unavailable : []
    }
    return hours.isAlways ? [] : hours.offHours(in: window, zone: zone)
  }

  /// The time of a person that is unknown (what their calendar does not speak for, and what
  /// events whose end cannot be read may cover), with `--unknown busy` (the default).
  func unknownTime(of person: PersonCalendar) -> [Interval] {
    unknownIsBusy ? person.unknownTime(in: window) : []
  }

  /// The part of `unknownTime(of:)` that events whose end cannot be read may cover, each with
  /// where it comes from (with `--explain`).
  func unknownEvents(of person: PersonCalendar) -> [(interval: Interval, origin: Origin?)] {
    guard unknownIsBusy else { return [] }
    return person.unknown.enumerated().map { index, interval in
      (interval, index < person.unknownOrigins.count ? person.unknownOrigins[index] : nil)
    }
  }

  /// The part of `unknownTime(of:)` the person's calendar does not speak for.
  func uncoveredTime(of person: PersonCalendar) -> [Interval] {
    unknownIsBusy ? person.uncoveredTime(in: window) : []
  }

  /// `--tz`, else `$TZ`, else the system zone (/etc/localtime), else UTC.
  static func zone(_ option: String?) throws -> Zone {
    if let option {
      guard let zone = Zone.lookUp(option) else {
        throw ValidationError(
          "--tz '\(option)' is not a known time zone (\(Setup.zoneHint(option))).")
      }
      return zone
    }
    if let env = getenv("TZ").map({ String(cString: $0) }), !env.isEmpty {
      if let zone = Zone.lookUp(env) { return zone }
      Diagnostics.warning(
        "TZ '\(Sanitize.text(env, limit: 60))' is not a known time zone; using the system zone \(Zone.system.name)"
      )
    }
    return Zone.system
  }

  /// What to try for an unknown zone name: close names, else examples.
  static func zoneHint(_ name: String) -> String {
    let close = Zone.suggestions(for: name)
    return close.isEmpty
      ? "try Europe/Prague, America/New_York, UTC"
      : "did you mean \(close.joined(separator: ", "))?"
  }

  /// `--from` (default now) to `--to` (default `--from` + 7 days), not empty.
  /// Without `--from` the window starts at the next quarter hour; `+…` counts from this
  /// minute (no seconds unless a WHEN gives them). A wall-clock WHEN the clocks skip (a DST gap)
  /// is a warning.
  static func window(_ options: WindowOptions, zone: Zone, now: Instant) throws -> Interval {
    let minute = CivilTime.floorDiv(now, 60) * 60
    let quarter = CivilTime.floorDiv(now + 899, 900) * 900
    let parsedFrom =
      options.from == nil
      ? quarter : WhenSyntax.parse(options.from!, now: now, base: minute, zone: zone)
    guard let from = parsedFrom
    else {
      throw ValidationError(
        "--from '\(options.from ?? "")' is not a WHEN (try 2026-11-23, 2026-11-23T09:00, now, tomorrow, +1d)."
      )
    }
    guard let to = WhenSyntax.parse(options.to ?? "+7d", now: now, base: from, zone: zone)
    else {
      throw ValidationError(
        "--to '\(options.to ?? "")' is not a WHEN (try 2026-11-30, 2026-11-30T18:00, +3d, +2w)."
      )
    }
    guard from < to else {
      throw ValidationError("The window is empty: --to must be later than --from.")
    }
    for (option, text, instant) in [("--from", options.from, from), ("--to", options.to, to)] {
      guard let text, let civil = WhenSyntax.wallClock(text),
        LocalTimeResolver.civil(instant, in: zone) != civil
      else { continue }
      Diagnostics.warning(
        "\(option) \(text) does not exist in \(zone.name) (the clocks skip it); read as \(TimeText.human(instant, zone: zone))"
      )
    }
    return Interval(from, to)
  }

  /// `--zone NAME=ZONE` entries by calendar name.
  static func homeZones(_ entries: [String]) throws -> [String: Zone] {
    var homeZones: [String: Zone] = [:]
    for entry in entries {
      guard let eq = entry.firstIndex(of: "="),
        let z = Zone.lookUp(String(entry[entry.index(after: eq)...]))
      else {
        let zone = entry.split(separator: "=", maxSplits: 1).last.map(String.init) ?? entry
        throw ValidationError(
          "--zone '\(entry)' must be NAME=ZONE with a known zone, e.g. alice=Europe/Prague (\(Setup.zoneHint(zone)))."
        )
      }
      let name = String(entry[..<eq])
      if let other = homeZones[name], other.name != z.name {
        throw ValidationError("--zone gives '\(name)' two zones (\(other.name) and \(z.name)).")
      }
      homeZones[name] = z
    }
    return homeZones
  }

  /// `--owner NAME=ADDRESS` entries by calendar name.
  static func owners(_ entries: [String]) throws -> [String: String] {
    var owners: [String: String] = [:]
    for entry in entries {
      guard let eq = entry.firstIndex(of: "="),
        ReadOptions.isOwnerAddress(String(entry[entry.index(after: eq)...]))
      else {
        throw ValidationError(
          "--owner '\(entry)' must be NAME=ADDRESS with an e-mail address, e.g. alice=alice@example.com."
        )
      }
      let name = String(entry[..<eq])
      let address = String(entry[entry.index(after: eq)...])
      if let other = owners[name], other.lowercased() != address.lowercased() {
        throw ValidationError("--owner gives '\(name)' two addresses (\(other) and \(address)).")
      }
      owners[name] = address
    }
    return owners
  }

  /// The calendars as people: the same `NAME=` on several arguments is one person (their
  /// parts in argument order, at the place of the first). Two arguments that only happen to
  /// have the same base name, or one name in two roles, are refused.
  static func people(_ sources: [CalendarSource]) throws -> [CalendarSource] {
    var people: [CalendarSource] = []
    var index: [String: Int] = [:]
    for source in sources {
      guard let at = index[source.name] else {
        index[source.name] = people.count
        people.append(source)
        continue
      }
      let other = people[at]
      guard source.isNamed && other.isNamed else {
        throw ValidationError(
          "Two calendars are named '\(source.name)' (\(other.argument) and \(source.argument)): give one another name with NAME=PATH, or give both the same NAME= to read them as one person."
        )
      }
      guard other.role == source.role else {
        throw ValidationError(
          "'\(source.name)' is given as \(other.role.rawValue) and as \(source.role.rawValue); a person has one role."
        )
      }
      people[at] = other.adding(source)
    }
    return people
  }

  /// Every `--zone` and `--owner` (and the like) names a calendar.
  static func checkNames(_ sources: [CalendarSource], named: [String: [String]]) throws {
    let seen = Set(sources.map(\.name))
    for option in named.keys.sorted() {
      for name in named[option]!.sorted() where !seen.contains(name) {
        var message = "\(option) names '\(name)', but no calendar has that name"
        let close = Spelling.closest(to: name, among: sources.map(\.name))
        if !close.isEmpty { message += "; did you mean \(close.joined(separator: ", "))?" }
        throw ValidationError(message + ".")
      }
    }
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

  /// A calendar argument: `-`, `NAME=PATH`, a directory, or a file.
  static func source(_ argument: String, role: Role = .required) throws -> CalendarSource {
    if let scheme = argument.firstRange(of: "://"),
      ["http", "https", "webcal", "webcals"].contains(argument[..<scheme.lowerBound].lowercased())
    {
      throw CommandError(
        "\(Sanitize.text(argument, limit: 120)): freetime reads calendar files, not URLs; fetch it first (curl -fsSL -o calendar.ics '\(Sanitize.text(argument, limit: 120))'), or keep it in sync with vdirsyncer"
      )
    }
    var name: String? = nil
    var path = argument
    if argument != "-", access(argument, F_OK) != 0, let eq = argument.firstIndex(of: "=") {
      name = String(argument[..<eq])
      path = String(argument[argument.index(after: eq)...])
      if name!.isEmpty || path.isEmpty {
        throw ValidationError("'\(argument)' must be NAME=PATH with a name and a path.")
      }
    }
    var info = stat()
    let isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    var source =
      path == "-"
      ? CalendarSource(kind: .standardInput, name: name ?? "stdin", role: role, argument: argument)
      : CalendarSource(
        kind: isDirectory ? .directory(path) : .file(path), name: name ?? defaultName(path),
        role: role, argument: argument)
    source.isNamed = name != nil
    return source
  }

  /// A person's name from a path: its base name without `.ics`; a file descriptor's path
  /// (`/dev/fd/63` from the shell's `<(...)`) is `fd63`.
  static func defaultName(_ path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if parts.count == 3, parts[0] == "dev", parts[1] == "fd", parts[2].allSatisfy(\.isNumber) {
      return "fd" + parts[2]
    }
    if parts.count == 4, parts[0] == "proc", parts[2] == "fd", parts[3].allSatisfy(\.isNumber) {
      return "fd" + parts[3]
    }
    let base = parts.last ?? path
    return base.lowercased().hasSuffix(".ics") ? String(base.dropLast(4)) : base
  }
}
