import FreeTimeCore

/// Whether something counts as busy or free (`--tentative`, `--all-day`).
public enum BusyOrFree: String, Sendable, CaseIterable {
  case busy
  case free
}

/// How calendars are read: the window and the rules of what is busy that options change
/// (docs/ARCHITECTURE.md, What is busy).
public struct ReadOptions: Sendable {
  /// Only busy time touching this window is kept; recurrences expand only over it.
  public var window: Interval
  /// `--tz`: the zone of floating times when a calendar names none of its own.
  public var defaultZone: Zone
  /// `--zone NAME=ZONE`: home zones by calendar name; they win over X-WR-TIMEZONE.
  public var homeZones: [String: Zone]
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
  /// (`EventDescription(plain:)`; tests turn it off to compare).
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
    tentative: BusyOrFree = .busy, allDay: BusyOrFree = .busy, maxInstances: Int = 100_000
  ) {
    self.window = window
    self.defaultZone = defaultZone
    self.homeZones = homeZones
    self.tentative = tentative
    self.allDay = allDay
    self.maxInstances = maxInstances
  }
}

/// Limits on what one calendar may cost (README "Limits", docs/BAD-INPUT.md). Going past one is
/// an error naming the file and line, except `parameters`, which skips the one component.
public struct ReadLimits: Sendable {
  /// `--max-line-bytes`: the longest content line after unfolding (inline attachments are the
  /// long ones in real calendars).
  public var lineBytes = 16 << 20
  /// Components nested deeper than this (VCALENDAR > VEVENT > VALARM is 3).
  public var depth = 16
  /// Parameters on one property handed to libical (DTSTART, RRULE, EXDATE, ...).
  public var parameters = 64
  /// `--max-file-instances`: instances (and VFREEBUSY periods) kept from one file.
  public var instancesPerFile = 20_000_000
  /// `--cpu-budget`: seconds of CPU time reading one file may take (most of it is libical's),
  /// plus one second per 5 MB of it, four times what this machine needs for a big file. A
  /// watchdog stops the run when it is spent: one libical call can take seconds.
  public var cpuSeconds: Double = 4
  public static let cpuSecondsPerByte: Double = 1.0 / 5_000_000

  public init() {}
}

