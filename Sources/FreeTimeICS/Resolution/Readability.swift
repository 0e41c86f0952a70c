import FreeTimeCore

/// Whether a calendar could be read at all (docs/BAD-INPUT.md, Nothing readable): a calendar
/// that has components holding time (VEVENT, VFREEBUSY, VAVAILABILITY) and could read none of
/// them is an error, never "free all the time". Counted per argument: a file, standard input,
/// or a directory (a vdir, whose files together are one calendar).
struct Readability {
  /// Per argument (`CalendarSource.kinds`) that had a component which could not be read: how
  /// many could not, and why the first could not.
  struct Failures {
    var count = 0
    var first: Diagnostic? = nil
  }

  private(set) var failures: [Int: Failures] = [:]
  /// The arguments (numbers below 64) of which a component was read, one bit each; `readAbove`
  /// for the others. A read is counted on every event, so it costs one bit operation.
  private var read: UInt64 = 0
  private var readAbove: Set<Int> = []

  /// A component of argument `source` that holds time, read or skipped as unreadable (`why`:
  /// the warning that says why).
  @inline(__always)
  mutating func add(source: Int, read wasRead: Bool, why: Diagnostic? = nil) {
    if wasRead {
      if source < 64 { read |= 1 << UInt64(source) } else { readAbove.insert(source) }
    } else {
      addFailure(source: source, why: why)
    }
  }

  private mutating func addFailure(source: Int, why: Diagnostic?) {
    failures[source, default: Failures()].count += 1
    if failures[source]!.first == nil { failures[source]!.first = why }
  }

  private func wasRead(_ source: Int) -> Bool {
    source < 64 ? read & (1 << UInt64(source)) != 0 : readAbove.contains(source)
  }

  /// The error for the first argument whose components could none be read, if any.
  func error(arguments: [String]) -> ReadError? {
    for (index, failed) in failures.sorted(by: { $0.key < $1.key }) where !wasRead(index) {
      let argument = index < arguments.count ? arguments[index] : "?"
      let none =
        failed.count == 1
        ? "the one component of this calendar that holds time cannot be read"
        : "none of the \(failed.count) components of this calendar that hold time can be read"
      guard let why = failed.first else {
        return ReadError(file: argument, line: nil, message: none)
      }
      var message = "\(none); the first: \(why.message)"
      if let uid = why.uid, !uid.isEmpty { message += " (UID \(Sanitize.text(uid, limit: 120)))" }
      return ReadError(file: why.file, line: why.line, message: message)
    }
    return nil
  }
}
