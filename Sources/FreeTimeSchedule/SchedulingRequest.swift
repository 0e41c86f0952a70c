import FreeTimeCore
import FreeTimeICS
import FreeTimePeople

/// What to schedule, with every option already a value: the zone and window, the people (their
/// calendars, roles and the people file), how to read their calendars, and what makes a slot.
/// The command builds it from its options; each fact about a person is decided here, once
/// (docs/ARCHITECTURE.md, The scheduling library).
public struct SchedulingRequest: Sendable {
  public var zone: Zone
  public var window: Interval
  public var sources: [CalendarSource]
  public var readOptions: ReadOptions
  /// The DTSTAMP of iCalendar output.
  public var stamp: Instant
  /// The least length of a slot, in seconds (0: every slot).
  public var minimum: Int64 = 0
  /// Working hours and days asked for everyone, and for one person.
  public var hours = HoursChoice()
  public var personHours: [String: HoursChoice] = [:]
  /// The hours and days the people file gives a person.
  public var fileHours: [String: HoursChoice] = [:]
  /// The people file, when one is read.
  public var people = PeopleDirectory(file: nil)
  /// Busy time padded by this much on each side, in seconds (0: none).
  public var buffer: Int64 = 0
  /// Slots aligned to this grid of the zone's wall clock, in seconds.
  public var grid: Int64?
  public var quorum: Int?
  /// Whether time nobody knows about blocks (`--unknown busy`).
  public var unknownIsBusy = true
  /// Whether the hours people give themselves (their calendars' VAVAILABILITY and Outlook's
  /// working hours, the people file's) are ignored for this request (`--no-own-hours`).
  public var ignoreOwnHours = false
  /// What a room needs to fit (`--capacity`, `--feature`), when rooms are asked for.
  public var roomNeed: RoomChoice.Need? = nil
  /// Why no room fits, when rooms were asked for and none does (`fitRooms`).
  public var roomShortfall: String? = nil
  /// The rooms that fit, in the choice's order (docs/GUIDE.md, Rooms by what they hold).
  public var roomsThatFit: [String] = []

  public init(
    zone: Zone, window: Interval, sources: [CalendarSource], readOptions: ReadOptions,
    stamp: Instant
  ) {
    self.zone = zone
    self.window = window
    self.sources = sources
    self.readOptions = readOptions
    self.stamp = stamp
  }

  /// The people file's zone, email, hours and days for the people it names that are read by a
  /// given name (a people-file name, or `NAME=`; not a name taken from a file's name): the
  /// command line wins for the same person.
  public mutating func applyPeopleFile() {
    for source in sources where source.isNamed {
      // A room's address is its owner's: the replies read, the invitation sent.
      if source.role == .room, readOptions.owners[source.name] == nil,
        let email = people.room(source.name)?.email
      {
        readOptions.owners[source.name] = email
      }
      guard let person = people.person(source.name) else { continue }
      if readOptions.homeZones[source.name] == nil, let zone = person.zone {
        readOptions.homeZones[source.name] = Zone.lookUpGiven(zone)
        readOptions.homeZonesFromFile.insert(source.name)
      }
      if readOptions.owners[source.name] == nil, let email = person.email {
        readOptions.owners[source.name] = email
      }
      let choice = HoursChoice(spans: person.hours, days: person.days)
      if !choice.isEmpty { fileHours[source.name] = choice }
    }
  }

  /// `NAME=ZONE` entries (`--zone`) by calendar name.
  public static func homeZones(_ entries: [String]) throws(ScheduleError) -> [String: Zone] {
    var homeZones: [String: Zone] = [:]
    for entry in entries {
      guard let eq = entry.firstIndex(of: "="),
        let z = Zone.lookUpGiven(String(entry[entry.index(after: eq)...]))
      else {
        if !entry.contains("="),
          let named = namedLike(entry, isValue: { Zone.lookUpGiven($0) != nil })
        {
          throw .usage("--zone '\(entry)' must be NAME=ZONE; \(named)")
        }
        let zone = entry.split(separator: "=", maxSplits: 1).last.map(String.init) ?? entry
        throw .usage(
          "--zone '\(entry)' must be NAME=ZONE with a known zone, e.g. alice=Europe/Prague (\(zoneHint(zone)))."
        )
      }
      let name = String(entry[..<eq])
      if let other = homeZones[name], other.name != z.name {
        throw .usage("--zone gives '\(name)' two zones (\(other.name) and \(z.name)).")
      }
      homeZones[name] = z
    }
    return homeZones
  }

  /// What a `NAME=VALUE` entry given without its `=` means (docs/GUIDE.md, Usage: Almost-right
  /// values): `alice:VALUE` → `did you mean alice=VALUE?`; a value alone → that it needs the
  /// calendar's name (`NAME=VALUE`). Nil when it is neither.
  public static func namedLike(_ entry: String, isValue: (String) -> Bool) -> String? {
    if let colon = entry.firstIndex(of: ":"), entry.first?.isLetter == true {
      let name = entry[..<colon]
      let value = String(entry[entry.index(after: colon)...])
      // `mailto:` begins an address, not a name.
      if name.lowercased() != "mailto",
        name.allSatisfy({ $0.isLetter || $0.isNumber || "._-@".contains($0) }), isValue(value)
      {
        return "did you mean \(name)=\(value)?"
      }
    }
    return isValue(entry) ? "give the calendar's name before it, e.g. alice=\(entry)" : nil
  }

  /// The warnings for `NAME=ZONE` entries (`--zone`) that give an abbreviation (`alice=IST`):
  /// what it is read as, and the zone more likely meant (docs/GUIDE.md, Usage: zones).
  public static func homeZoneNotes(_ entries: [String]) -> [String] {
    entries.compactMap { entry in
      guard let eq = entry.firstIndex(of: "="),
        let note = Zone.abbreviationNote(String(entry[entry.index(after: eq)...]))
      else { return nil }
      return "--zone \(entry) \(note)"
    }
  }

  /// `--quorum K` needs K required people at the least (a group counts each member).
  public static func checkQuorum(_ quorum: Int?, sources: [CalendarSource]) throws(ScheduleError) {
    let required = sources.filter { $0.role == .required }.count
    if let quorum, quorum > required {
      throw .usage(
        "--quorum must be between 1 and the number of required people (\(required)).")
    }
  }

  /// Rooms have no working hours: `--hours NAME=` or `--days NAME=` for one is refused.
  public static func checkHours(_ personHours: [String: HoursChoice], sources: [CalendarSource])
    throws(ScheduleError)
  {
    let rooms = sources.filter { $0.role == .room }.map(\.name)
    if let room = personHours.keys.sorted().first(where: rooms.contains) {
      throw .usage("--hours or --days names '\(room)', a room: rooms have no working hours.")
    }
  }

  /// What to try for an unknown zone name: the zones an abbreviation or a name people say
  /// means (`PDT`, `CEST`, `Eastern`, `India`), else close names, else examples.
  public static func zoneHint(_ name: String) -> String {
    let meant = Zone.meantZones(name)
    // Never Etc/GMT+1 for gmt+1: the tz database's Etc/GMT+N is UTC−N.
    let close =
      meant.isEmpty
      ? Zone.suggestions(for: name).filter {
        !$0.hasPrefix("Etc/GMT+") && !$0.hasPrefix("Etc/GMT-")
      }
      : meant
    return close.isEmpty
      ? "try Europe/Prague, America/New_York, UTC"
      : "did you mean \(close.joined(separator: ", "))?"
  }

  /// `NAME=ADDRESS` entries (`--owner`) by calendar name.
  public static func owners(_ entries: [String]) throws(ScheduleError) -> [String: String] {
    var owners: [String: String] = [:]
    for entry in entries {
      guard let eq = entry.firstIndex(of: "="),
        ReadOptions.isOwnerAddress(String(entry[entry.index(after: eq)...]))
      else {
        if !entry.contains("="), let named = namedLike(entry, isValue: ReadOptions.isOwnerAddress) {
          throw .usage("--owner '\(entry)' must be NAME=ADDRESS; \(named)")
        }
        throw .usage(
          "--owner '\(entry)' must be NAME=ADDRESS with an e-mail address, e.g. alice=alice@example.com."
        )
      }
      let name = String(entry[..<eq])
      let address = String(entry[entry.index(after: eq)...])
      if let other = owners[name], other.lowercased() != address.lowercased() {
        throw .usage("--owner gives '\(name)' two addresses (\(other) and \(address)).")
      }
      owners[name] = address
    }
    return owners
  }

  /// The calendars as people: the same `NAME=` on several arguments is one person (their
  /// parts in argument order, at the place of the first). Two arguments that only happen to
  /// have the same base name, or one name in two roles, are refused.
  public static func people(_ sources: [CalendarSource]) throws(ScheduleError) -> [CalendarSource] {
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
        throw .usage(
          "Two calendars are named '\(source.name)' (\(other.argument) and \(source.argument)): give one another name with NAME=PATH, or give both the same NAME= to read them as one person."
        )
      }
      guard other.role == source.role else {
        throw .usage(
          "'\(source.name)' is given as \(other.role.rawValue) and as \(source.role.rawValue); a person has one role."
        )
      }
      people[at] = other.adding(source)
    }
    return people
  }

  /// Every `--zone` and `--owner` (and the like) names a calendar.
  public static func checkNames(_ sources: [CalendarSource], named: [String: [String]])
    throws(ScheduleError)
  {
    let seen = Set(sources.map(\.name))
    for option in named.keys.sorted() {
      for name in named[option]!.sorted() where !seen.contains(name) {
        var message = "\(option) names '\(name)', but no calendar has that name"
        let close = Spelling.closest(to: name, among: sources.map(\.name))
        if !close.isEmpty { message += "; did you mean \(close.joined(separator: ", "))?" }
        throw .usage(message + ".")
      }
    }
  }
}

extension SchedulingRequest {
  /// Keeps the rooms that fit, in the choice's order (`RoomChoice.order`), so everything that
  /// lists the rooms free lists them best first and the first is the one booked; the attendees
  /// are the required and optional people. When rooms were asked for and none fits,
  /// `roomShortfall` says why and no room is left (the command reports it and finds nothing).
  /// `--capacity` or `--feature` without a room is refused.
  public mutating func fitRooms(seats: Int?, features: [String]) throws(ScheduleError) {
    let rooms = sources.filter { $0.role == .room }
    guard !rooms.isEmpty else {
      if seats != nil || !features.isEmpty {
        throw .usage(
          "--capacity and --feature choose among rooms: give --room too (--room any for every room of the people file)."
        )
      }
      return
    }
    let others = sources.filter { $0.role != .room }
    let need = RoomChoice.Need(
      seats: seats ?? others.count, seatsGiven: seats != nil, features: features)
    roomNeed = need
    let facts = rooms.map(people.roomFacts)
    let ordered = RoomChoice.order(facts, attendees: others.map(people.attendee), need: need)
    if ordered.isEmpty { roomShortfall = RoomChoice.shortfall(facts, need: need)?.text(need) }
    roomsThatFit = ordered.map(\.name)
    sources = others + ordered.map { room in rooms.first { $0.name == room.name }! }
  }

  /// The first fitting room free for `duration` seconds from or after `after`, and when
  /// (docs/GUIDE.md, Rooms by what they hold: why no room), among the rooms' free time.
  public static func nextFreeRoom(
    _ participants: [Participant], after: Instant, duration: Int64
  ) -> (room: String, start: Instant)? {
    var best: (room: String, start: Instant)? = nil
    for room in participants where room.role == .room {
      for free in room.free where free.end - max(free.start, after) >= max(duration, 1) {
        let start = max(free.start, after)
        if best == nil || start < best!.start { best = (room.name, start) }
        break
      }
    }
    return best
  }

  /// Reads every person's calendars (in parallel, the largest first) and resolves each person
  /// once (`resolve`); `progress` counts the bytes read. Throws the first calendar that cannot
  /// be read, in argument order.
  public func read(progress: ReadProgress? = nil) throws(ScheduleError) -> [Person] {
    var options = readOptions
    options.progress = progress
    var calendars: [PersonCalendar] = []
    for result in CalendarReader.readAll(sources, options: options) {
      do {
        calendars.append(try result.get())
      } catch {
        throw ScheduleError(String(describing: error))
      }
    }
    return resolve(calendars)
  }
}
