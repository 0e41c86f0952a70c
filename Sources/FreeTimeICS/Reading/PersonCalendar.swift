import FreeTimeCore

/// One person's (or room's) busy time inside the window.
public struct PersonCalendar: Sendable {
  public var name: String
  public var source: String
  /// Every argument this person's calendars were given by (`source` is the first).
  public var sources: [String] = []
  public var role: Role
  /// Busy intervals touching the window, in no particular order; may overlap.
  public var busy: [Interval]
  public var diagnostics: [Diagnostic]
  /// The calendar's home zone when it has its own (`--zone`, else its first valid
  /// X-WR-TIMEZONE, else the zone most of its timed events name); nil means `--tz`.
  public var homeZone: Zone?
  /// Where `homeZone` came from.
  public var homeZoneFrom: HomeZoneSource
  /// The busy intervals that are only tentative (STATUS:TENTATIVE, FBTYPE=BUSY-TENTATIVE); a
  /// subset of `busy`.
  public var tentative: [Interval]
  /// The busy intervals that are out of office (Outlook's OOF, FBTYPE=BUSY-UNAVAILABLE); a
  /// subset of `busy`.
  public var outOfOffice: [Interval]
  /// The address whose replies to invitations were read (`--owner`, X-WR-CALNAME, X-OWNER,
  /// or the person's name), if any.
  public var owner: String?
  /// The time the calendar speaks for (VFREEBUSY ranges, X-CALSTART/X-CALEND), sorted and
  /// disjoint; nil for all time. Outside it the person's time is unknown.
  public var coverage: [Interval]?
  /// Whether the calendar has a VAVAILABILITY (RFC 7953); its `unavailable` time limits the
  /// person, and replaces the general working hours (docs/GUIDE.md, Usage: --hours).
  public var hasAvailability: Bool
  public var unavailable: [Interval]
  /// The person's own working hours, from their calendar (Outlook's X-MS-OLK-WKHR*), and the
  /// zone they are in (nil: the home zone).
  public var ownHours: WorkingHours?
  public var ownHoursZone: Zone?
  /// The unavailable time of its VAVAILABILITYs with BUSYTYPE:BUSY-TENTATIVE (whatever
  /// `--tentative` says) and of the others.
  public var tentativeUnavailable: [Interval] = []
  public var firmUnavailable: [Interval] = []
  /// Hours and days the calendar states for its person as the people file would
  /// (X-FREETIME-HOURS, X-FREETIME-DAYS).
  public var statedSpans: [WorkingHours.Span]?
  public var statedDays: Set<Int>?
  /// The time events whose end cannot be read may cover, from each instance's start to the end
  /// of its day (docs/BAD-INPUT.md, Values): unknown, like time the calendar does not cover.
  public var unknown: [Interval] = []
  /// With `ReadOptions.explain`: where each `unknown` interval comes from, parallel to it.
  public var unknownOrigins: [Origin] = []
  /// With `ReadOptions.explain`: where each busy interval comes from, parallel to `busy`.
  public var origins: [Origin] = []
  /// With `ReadOptions.explain`: the time the owner's declined or delegated replies freed.
  public var freedByReply: [FreedTime] = []
  /// How many busy intervals were read: stays when `busy` is handed on (`takeBusy`).
  public let busyCount: Int

  public init(
    name: String, source: String, role: Role, busy: [Interval], diagnostics: [Diagnostic],
    homeZone: Zone? = nil, homeZoneFrom: HomeZoneSource? = nil, tentative: [Interval] = [],
    outOfOffice: [Interval] = [],
    owner: String? = nil, coverage: [Interval]? = nil, origins: [Origin] = [],
    hasAvailability: Bool = false, unavailable: [Interval] = []
  ) {
    self.hasAvailability = hasAvailability
    self.unavailable = unavailable
    self.tentative = tentative
    self.outOfOffice = outOfOffice
    self.owner = owner
    self.coverage = coverage
    self.origins = origins
    self.name = name
    self.source = source
    self.role = role
    self.busy = busy
    self.busyCount = busy.count
    self.diagnostics = diagnostics
    self.homeZone = homeZone
    self.homeZoneFrom = homeZoneFrom ?? (homeZone == nil ? .tz : .option)
  }
}

extension PersonCalendar {
  /// The busy intervals, leaving `busy` empty: the one copy goes on (a million intervals are
  /// 16 MB).
  public mutating func takeBusy() -> [Interval] {
    var taken: [Interval] = []
    swap(&taken, &busy)
    return taken
  }
}

extension PersonCalendar {
  /// All time, for coverage open at one end (X-CALSTART or X-CALEND alone): from the year 1 to
  /// the year 10000, far beyond any window, and printable.
  public static let allTime = Interval(CivilTime.seconds(1, 1, 1), CivilTime.seconds(10000, 1, 1))

  /// The part of `window` the calendar does not speak for (`coverage`).
  public func uncoveredTime(in window: Interval) -> [Interval] {
    coverage.map { FreeSlots.free(busy: $0, in: window) } ?? []
  }

  /// The part of `window` whose time is unknown: what the calendar does not speak for
  /// (`coverage`), and what events whose end cannot be read may cover (`unknown`); sorted and
  /// disjoint.
  public func unknownTime(in window: Interval) -> [Interval] {
    var out = uncoveredTime(in: window)
    guard !unknown.isEmpty else { return out }
    out += unknown.compactMap { $0.clamped(to: window) }
    return out.merged()
  }
}

/// Time an event would have blocked but for the calendar owner's reply (`--explain`).
public struct FreedTime: Sendable {
  public var interval: Interval
  /// "declined" or "delegated".
  public var reply: String
  public var origin: Origin
}
