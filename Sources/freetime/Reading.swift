import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// Reading calendars on several threads, with a progress line on standard error.
enum Reading {
  /// Inputs this big (or standard input) get a progress line.
  static let bigInput = 32 << 20

  /// Reads and resolves every person of the request (`SchedulingRequest.read`), showing
  /// progress when standard error is a terminal and the input is big.
  static func people(_ request: SchedulingRequest, quiet: Bool) throws -> [Person] {
    let sources = request.sources
    let total = sources.reduce(0) { $0 + CalendarReader.size($1) }
    let stdin = sources.contains { $0.kinds.contains(.standardInput) }
    var progress: ReadProgress? = nil
    var reporter: ProgressLine? = nil
    if !quiet && isatty(2) == 1 && (total >= bigInput || stdin) {
      progress = ReadProgress()
      reporter = ProgressLine(progress: progress!, total: stdin ? nil : total)
    }
    defer { reporter?.stop() }
    return try request.read(progress: progress)
  }

  /// Prints every warning about the calendars on standard error (unless `quiet`), then throws
  /// when there are any and `strict` is set (`--strict`); otherwise, with `summary`, ends with
  /// a line that counts them.
  static func warn(about people: [Person], strict: Bool, quiet: Bool, summary: Bool)
    throws
  {
    var warnings = 0
    for person in people {
      for diagnostic in person.diagnostics where !quiet {
        Diagnostics.warning(diagnostic.description)
      }
      warnings += person.diagnostics.count
    }
    if strict && warnings > 0 {
      throw CommandError("\(Diagnostics.count(warnings, "warning")) and --strict is set")
    }
    if summary && warnings > 0 && !quiet {
      Diagnostics.line(
        "freetime: \(Diagnostics.count(warnings, "warning")) about the calendars (--strict makes them errors)"
      )
    }
  }
}
