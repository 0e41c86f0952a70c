import FreeTimeCore

/// Limits on what one calendar may cost (docs/GUIDE.md, "Limits and hostile input",
/// docs/BAD-INPUT.md). Going past one is an error naming the file and line, except `parameters`,
/// which skips the one component.
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
