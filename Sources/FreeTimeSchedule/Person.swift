import FreeTimeCore
import FreeTimeICS
import FreeTimePeople

/// Where a person's working hours come from (docs/GUIDE.md, Usage: --hours), strongest first.
public enum HoursSource: String, Sendable {
  /// `--hours NAME=` or `--days NAME=`.
  case option
  /// The person's `hours` or `days` in the people file.
  case peopleFile = "people-file"
  /// Their calendar's VAVAILABILITY (RFC 7953): its unavailable time.
  case availability
  /// Outlook's working hours in their calendar (`X-MS-OLK-WKHR*`).
  case outlook
  /// The general `--hours` and `--days`.
  case general
  /// None: every hour of every day.
  case none
}

/// Where a person's address comes from (their replies are read with it, and invitations go to
/// it), strongest first.
public enum AddressSource: String, Sendable {
  /// A room's `email` in the people file.
  case room
  /// `--owner NAME=ADDRESS`, or the person's `email` in the people file.
  case option
  /// The person's name is an address (`bob@example.com=bob.ics`).
  case name
  /// The calendar's own owner address (X-WR-CALNAME, X-OWNER).
  case calendar
}

/// One person (or room), resolved once from their calendars and the request: each fact about
/// them decided here, in one place, and used by every command and export (docs/ARCHITECTURE.md,
/// The scheduling library).
public struct Person: Sendable {
  /// What their calendars say: busy time, diagnostics, coverage, the home zone the reader
  /// decided (it reads all-day events in it).
  public var calendar: PersonCalendar
  public var name: String { calendar.name }
  public var role: Role { calendar.role }
  /// Their address, and where it comes from; nil when none is known.
  public var address: String?
  public var addressFrom: AddressSource?
  /// Their home zone (`--tz` when nothing names one), and where it comes from.
  public var homeZone: Zone
  public var homeZoneFrom: HomeZoneSource { calendar.homeZoneFrom }
  /// Their working hours, the zone they are in, and where they come from; nil when every hour
  /// is open or their VAVAILABILITY decides (`availability`).
  public var hours: WorkingHours?
  public var hoursZone: Zone
  public var hoursFrom: HoursSource
  /// The hours and days stated for them as the people file does (its `hours` and `days`, or
  /// their calendar's X-FREETIME-HOURS and X-FREETIME-DAYS).
  public var stated: HoursChoice
  /// Time outside their working hours (or their VAVAILABILITY's unavailable time) in the
  /// window: it blocks as busy time does. Nothing for rooms.
  public var offHours: [Interval]
  /// Their comfort hours in the window and a week either side of it (`suggest`: a cost looks for
  /// the nearest comfort minute): their working hours when any limit them, else 09:00–17:00 on
  /// their working days in their home zone.
  public var comfort: [Interval]
  /// The zone whose wall clock the comfort hours are on.
  public var comfortZone: Zone
  /// Time nobody knows about that blocks (`--unknown busy`): what the calendars do not cover,
  /// and what events whose time cannot be read may cover; empty with `--unknown free`.
  public var unknownTime: [Interval]
  /// The part of `unknownTime` the calendars do not cover.
  public var uncoveredTime: [Interval]
  /// The part of `unknownTime` events whose time cannot be read may cover, with where each
  /// comes from (with `--explain`).
  public var unknownEvents: [(interval: Interval, origin: Origin?)]
}

extension SchedulingRequest {
  /// Each calendar as a person: their facts decided once, strongest source first (docs/GUIDE.md,
  /// People file and Working hours).
  public func resolve(_ calendars: [PersonCalendar]) -> [Person] {
    calendars.map(resolve)
  }

  public func resolve(_ calendar: PersonCalendar) -> Person {
    let home = calendar.homeZone ?? zone
    let (choice, from, hoursZone, unavailable) = hoursChoice(of: calendar, home: home)
    let isRoom = calendar.role == .room
    let hours = isRoom || unavailable != nil || from == .none ? nil : choice.hours
    var offHours: [Interval] = []
    if !isRoom {
      if let unavailable {
        offHours = unavailable
      } else if let hours, !hours.isAlways {
        offHours = hours.offHours(in: window, zone: hoursZone)
      }
    }
    let comfort: [Interval]
    var comfortZone = home
    // A week either side: the nearest comfort minute of a Saturday is Friday's or Monday's.
    let around = Interval(window.start - 8 * 86400, window.end + 8 * 86400)
    if let unavailable {
      comfort = FreeSlots.free(busy: unavailable, in: window)
    } else if let spans = choice.spans, let hours, !hours.isAlways {
      comfort = WorkingHours(spans: spans, days: choice.days ?? Set(0..<7))
        .open(around: around, zone: hoursZone)
      comfortZone = hoursZone
    } else {
      comfort = WorkingHours(start: 9 * 3600, end: 17 * 3600, days: choice.days ?? [1, 2, 3, 4, 5])
        .open(around: around, zone: home)
    }
    let (address, addressFrom) = address(of: calendar)
    return Person(
      calendar: calendar, address: address, addressFrom: addressFrom, homeZone: home,
      hours: hours, hoursZone: hoursZone, hoursFrom: isRoom ? .none : from,
      stated: stated(of: calendar), offHours: offHours,
      comfort: comfort, comfortZone: comfortZone,
      unknownTime: unknownIsBusy ? calendar.unknownTime(in: window) : [],
      uncoveredTime: unknownIsBusy ? calendar.uncoveredTime(in: window) : [],
      unknownEvents: unknownIsBusy
        ? calendar.unknown.enumerated().map { index, interval in
          (
            interval,
            index < calendar.unknownOrigins.count ? calendar.unknownOrigins[index] : nil
          )
        } : [])
  }

  /// The hours and days said for a person, each from the strongest source that says it:
  /// `--hours NAME=` and `--days NAME=`, the people file's, their VAVAILABILITY (which then
  /// decides: its unavailable time is returned), Outlook's working hours (in their TZID's zone),
  /// the general `--hours` and `--days`. With `ignoreOwnHours`, only the command line's.
  func hoursChoice(of calendar: PersonCalendar, home: Zone) -> (
    choice: HoursChoice, from: HoursSource, zone: Zone, unavailable: [Interval]?
  ) {
    let option = personHours[calendar.name] ?? HoursChoice()
    let file = ignoreOwnHours ? HoursChoice() : stated(of: calendar)
    let named = option.over(file)
    if named.isEmpty && calendar.hasAvailability && !ignoreOwnHours {
      return (HoursChoice(), .availability, home, calendar.unavailable)
    }
    let own = ignoreOwnHours ? HoursChoice() : HoursChoice(calendar.ownHours)
    let choice = named.over(own).over(hours)
    let from: HoursSource =
      !option.isEmpty
      ? .option
      : !file.isEmpty ? .peopleFile : !own.isEmpty ? .outlook : !hours.isEmpty ? .general : .none
    let inOwnZone = named.spans == nil && own.spans != nil
    return (choice, from, inOwnZone ? calendar.ownHoursZone ?? home : home, nil)
  }

  /// The hours and days stated for a person as the people file does: the file's, else their
  /// calendar's X-FREETIME-HOURS and X-FREETIME-DAYS (`freetime busy` writes them).
  func stated(of calendar: PersonCalendar) -> HoursChoice {
    fileHours[calendar.name]
      ?? HoursChoice(spans: calendar.statedSpans, days: calendar.statedDays)
  }

  /// The people file's room of that name, when the room is read by a given name (as its
  /// people's settings are, `applyPeopleFile`).
  public func fileRoom(_ name: String) -> PeopleFile.Room? {
    // The file's rooms first: asked for every person, the scan of every source would cost
    // the square of the people (10,000 people's VFREEBUSY files, docs/PERFORMANCE.md).
    guard let room = people.room(name),
      sources.contains(where: { $0.name == name && $0.isNamed })
    else { return nil }
    return room
  }

  /// A person's address, strongest first: a room's `email` in the people file, `--owner` or
  /// the people file's `email` (the reader's owner option), their name when it is an address,
  /// the calendar's own owner address.
  func address(of calendar: PersonCalendar) -> (String?, AddressSource?) {
    if let room = fileRoom(calendar.name), let email = room.email { return (email, .room) }
    if let given = readOptions.owners[calendar.name] { return (given, .option) }
    if ReadOptions.isOwnerAddress(calendar.name) { return (calendar.name, .name) }
    if let owner = calendar.owner { return (owner, .calendar) }
    return (nil, nil)
  }
}

extension Person {
  /// The busy intervals, leaving `calendar.busy` empty (`PersonCalendar.takeBusy`).
  public mutating func takeBusy() -> [Interval] { calendar.takeBusy() }
}

extension Person {
  /// What the calendars say, as the renderers ask for it.
  public var source: String { calendar.source }
  public var sources: [String] { calendar.sources }
  public var busy: [Interval] { calendar.busy }
  public var busyCount: Int { calendar.busyCount }
  public var tentative: [Interval] { calendar.tentative }
  public var outOfOffice: [Interval] { calendar.outOfOffice }
  public var origins: [Origin] { calendar.origins }
  public var freedByReply: [FreedTime] { calendar.freedByReply }
  public var diagnostics: [Diagnostic] { calendar.diagnostics }
  /// The address whose replies to invitations were read, if any.
  public var owner: String? { calendar.owner }
  /// The time the calendars speak for; nil for all time.
  public var coverage: [Interval]? { calendar.coverage }
  /// Whether a zone of their own was found (`homeZoneFrom` is not `--tz`).
  public var hasOwnZone: Bool { homeZoneFrom != .tz }
}

extension Person {
  /// What `freetime busy` writes of this person (docs/GUIDE.md, freetime busy): their address,
  /// their home zone when it is their own, their own hours each as it was given (so that the export
  /// reads back with the same precedence) and, for other programs, the time those hours leave
  /// them; their busy time by kind; time nobody knows about, whatever `--unknown` says (it
  /// stays unknown in the export).
  public func busyExport(in window: Interval) -> ICSWriter.BusyPerson {
    var out = ICSWriter.BusyPerson(
      name: name, address: address, homeZone: hasOwnZone ? homeZone : nil, hoursZone: hoursZone,
      firm: BusyTime.firm(busy, less: tentative + outOfOffice), tentative: tentative,
      outOfOffice: outOfOffice, unknown: calendar.unknownTime(in: window))
    guard role != .room else { return out }
    out.outlookHours = calendar.ownHours
    out.outlookZone = calendar.ownHoursZone
    out.statedSpans = stated.spans
    out.statedDays = stated.days
    if calendar.hasAvailability {
      out.unavailable = (calendar.firmUnavailable, calendar.tentativeUnavailable)
    }
    if hoursFrom != .none && hoursFrom != .availability {
      out.available = FreeSlots.free(busy: offHours, in: window)
    }
    return out
  }
}

extension Person {
  /// What limits this person's free time, and where it comes from (`freetime check`): nil when
  /// nothing of their own does.
  public var hoursNote: String? {
    switch hoursFrom {
    case .availability:
      return nil  // the VAVAILABILITY's own note says it, with its line and range
    case .outlook, .peopleFile, .option:
      let said = [
        HoursSource.outlook: "Outlook's working hours (X-MS-OLK-WKHR*)",
        .peopleFile: "the people file", .option: "--hours NAME= or --days NAME=",
      ][hoursFrom]!
      guard let hours else { return nil }
      return
        "working hours \(hours.description) in \(hoursZone.name), from \(said); they limit their free time (--no-own-hours ignores the person's own)"
    case .general, .none:
      return nil
    }
  }
}
