import FreeTimeCore

/// How calendars are read: the window and the rules of what is busy that options change
/// (docs/ARCHITECTURE.md, What is busy).
public struct ReadOptions: Sendable {
  /// The cap on one series' instances without `--max-instances`.
  public static let defaultMaxInstances = 100_000

  /// Only busy time touching this window is kept; recurrences expand only over it.
  public var window: Interval
  /// `--tz`: the zone of floating times when a calendar names none of its own.
  public var defaultZone: Zone
  /// `--zone NAME=ZONE`: home zones by calendar name; they win over X-WR-TIMEZONE.
  public var homeZones: [String: Zone]
  /// The names whose home zone comes from the people file, not `--zone`.
  public var homeZonesFromFile: Set<String> = []
  /// `--owner NAME=ADDRESS`: the address whose replies to invitations count, by calendar name;
  /// they win over the calendar's X-WR-CALNAME and X-OWNER.
  public var owners: [String: String] = [:]

  /// Whether `text` can be an owner's address (`--owner`): an e-mail address, `mailto:` or not.
  public static func isOwnerAddress(_ text: String) -> Bool { OwnerAddress(text) != nil }
  /// `--tentative`: STATUS:TENTATIVE and FBTYPE=BUSY-TENTATIVE.
  public var tentative: BusyOrFree
  /// `--all-day`: events with DATE values.
  public var allDay: BusyOrFree
  /// `--max-instances`: cap on the instances generated for one recurring event.
  public var maxInstances: Int
  /// The limits that keep a hostile calendar from exhausting memory or time.
  public var limits = ReadLimits()
  /// `freetime check`: also report what is legal but suspicious, as notes.
  public var lint = false
  /// `--explain`: record where each busy interval comes from (and read SUMMARY).
  public var explain = false
  /// Bytes read so far, for a progress line (nil: nobody is watching).
  public var progress: ReadProgress? = nil
  /// Whether long-running series skip ahead to the window (off only to test that it changes
  /// nothing).
  var fastForward = true
  /// Simple DAILY and WEEKLY rules expanded without libical's iterator (tests turn it off to
  /// compare the two).
  var ownExpansion = true
  /// Plain events described from their bytes, without libical's parser
  /// (`EventDescription.plain(_:preRead:)`; tests turn it off to compare).
  var simpleEvents = true

  /// How far outside the window instances are kept: RANGE=THISANDFUTURE overrides may shift
  /// instances into the window (the accumulator drops what stays outside).
  static let shiftMargin: Int64 = 7 * 86400

  /// The window series are expanded over: the read window and `shiftMargin` on both sides.
  var expansionWindow: Interval {
    Interval(window.start - ReadOptions.shiftMargin, window.end + ReadOptions.shiftMargin)
  }

  public init(
    window: Interval, defaultZone: Zone, homeZones: [String: Zone] = [:],
    tentative: BusyOrFree = .busy, allDay: BusyOrFree = .busy,
    maxInstances: Int = ReadOptions.defaultMaxInstances
  ) {
    self.window = window
    self.defaultZone = defaultZone
    self.homeZones = homeZones
    self.tentative = tentative
    self.allDay = allDay
    self.maxInstances = maxInstances
  }
}
