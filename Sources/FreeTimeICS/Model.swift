import FreeTimeCore
import Synchronization

/// Whether something counts as busy or free (`--tentative`, `--all-day`).
public enum BusyOrFree: String, Sendable, CaseIterable {
  case busy
  case free
}

/// How calendars are read: the window and the rules of DESIGN §3 that options change.
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
  /// Plain single events read without libical (`SimpleEvent`; tests turn it off to compare).
  var simpleEvents = true

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

/// What to read: a file, a directory of .ics files (a vdir), or standard input.
public struct CalendarSource: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case file(String)
    case directory(String)
    case standardInput
  }

  public var kind: Kind
  /// The person's name: `NAME=` of `NAME=PATH`, else the base name without `.ics`.
  public var name: String
  public var role: Role
  /// The argument as given, for messages and the JSON `source`.
  public var argument: String

  public init(kind: Kind, name: String, role: Role = .required, argument: String) {
    self.kind = kind
    self.name = name
    self.role = role
    self.argument = argument
  }
}

/// A warning about one part of a calendar that was skipped or read with a fallback.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How bad it is: a warning (something was skipped or read with a fallback) or a note
  /// (legal but suspicious; only `freetime check` asks for notes).
  public enum Severity: String, Sendable, Hashable {
    case warning
    case note
  }

  public var file: String
  public var line: Int?
  public var uid: String?
  public var message: String
  public var severity: Severity

  public init(
    file: String, line: Int?, uid: String? = nil, message: String, severity: Severity = .warning
  ) {
    self.file = file
    self.line = line
    self.uid = uid
    self.message = message
    self.severity = severity
  }

  /// `FILE:LINE: message (UID …)`, with control characters of calendar text removed.
  public var description: String {
    var out = file
    if let line { out += ":\(line)" }
    out += ": " + message
    if let uid, !uid.isEmpty { out += " (UID \(Sanitize.text(uid, limit: 120)))" }
    return out
  }
}

/// Where a busy interval comes from, for `--explain`.
public struct Origin: Sendable, Hashable {
  public var file: String
  public var line: Int?
  public var uid: String?
  /// SUMMARY of the event, or the FBTYPE of a free/busy period.
  public var summary: String?

  public init(file: String, line: Int?, uid: String?, summary: String?) {
    self.file = file
    self.line = line
    self.uid = uid
    self.summary = summary
  }
}

/// One person's (or room's) busy time inside the window.
public struct PersonCalendar: Sendable {
  public var name: String
  public var source: String
  public var role: Role
  /// Busy intervals touching the window, in no particular order; may overlap.
  public var busy: [Interval]
  public var diagnostics: [Diagnostic]
  /// The calendar's home zone when it has its own (`--zone`, else its first valid
  /// X-WR-TIMEZONE); nil means `--tz`.
  public var homeZone: Zone?
  /// The busy intervals that are only tentative (STATUS:TENTATIVE, FBTYPE=BUSY-TENTATIVE); a
  /// subset of `busy`.
  public var tentative: [Interval]
  /// Whether the calendar has a VAVAILABILITY (RFC 7953); with `--hours` or `--days`, its
  /// `unavailable` time replaces the working hours for this person.
  public var hasAvailability: Bool
  public var unavailable: [Interval]
  /// With `ReadOptions.explain`: where each busy interval comes from, parallel to `busy`.
  public var origins: [Origin] = []
  /// How many busy intervals were read: stays when `busy` is handed on (`takeBusy`).
  public let busyCount: Int

  public init(
    name: String, source: String, role: Role, busy: [Interval], diagnostics: [Diagnostic],
    homeZone: Zone? = nil, tentative: [Interval] = [], origins: [Origin] = [],
    hasAvailability: Bool = false, unavailable: [Interval] = []
  ) {
    self.hasAvailability = hasAvailability
    self.unavailable = unavailable
    self.tentative = tentative
    self.origins = origins
    self.name = name
    self.source = source
    self.role = role
    self.busy = busy
    self.busyCount = busy.count
    self.diagnostics = diagnostics
    self.homeZone = homeZone
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

/// A calendar that cannot be read: an error, never "free all the time" (DESIGN §3).
public struct ReadError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var message: String

  public init(file: String, line: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
  }
}

/// `FreeTimeCore.Sanitize`, for the files of this module that do not import FreeTimeCore
/// (Watchdog.swift).
typealias Sanitize = FreeTimeCore.Sanitize

/// A counter of the bytes read by all readers, safe to read from another thread.
public final class ReadProgress: Sendable {
  private let count = Atomic<Int>(0)

  public init() {}

  public var bytes: Int { count.load(ordering: .relaxed) }

  func add(_ n: Int) {
    count.add(n, ordering: .relaxed)
  }
}
