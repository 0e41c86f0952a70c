import FreeTimeCore

/// Whether a calendar could be read at all (docs/BAD-INPUT.md, Nothing readable): a calendar
/// that has components holding time (VEVENT, VFREEBUSY, VAVAILABILITY) and could read none of
/// them is an error, never "free all the time". Counted per argument: a file, standard input,
/// or a directory (a vdir, whose files together are one calendar).
struct Readability {
  /// Per argument (`CalendarSource.kinds`): components that hold time, those read, and why the
  /// first one that could not be read was not.
  struct Count {
    var seen = 0
    var read = 0
    var firstFailure: Diagnostic? = nil
  }

  private(set) var counts: [Count] = []

  /// Components of argument `source` that were read, or skipped as unreadable (`why`: the
  /// warning that says why).
  mutating func add(source: Int, read: Bool, why: Diagnostic? = nil) {
    while counts.count <= source { counts.append(Count()) }
    counts[source].seen += 1
    if read {
      counts[source].read += 1
    } else if counts[source].firstFailure == nil {
      counts[source].firstFailure = why
    }
  }

  /// The error for the first argument whose components could none be read, if any.
  func error(arguments: [String]) -> ReadError? {
    for (index, count) in counts.enumerated() where count.seen > 0 && count.read == 0 {
      let argument = index < arguments.count ? arguments[index] : "?"
      let none =
        count.seen == 1
        ? "the one component of this calendar that holds time cannot be read"
        : "none of the \(count.seen) components of this calendar that hold time can be read"
      guard let why = count.firstFailure else {
        return ReadError(file: argument, line: nil, message: none)
      }
      var message = "\(none); the first: \(why.message)"
      if let uid = why.uid, !uid.isEmpty { message += " (UID \(Sanitize.text(uid, limit: 120)))" }
      return ReadError(file: why.file, line: why.line, message: message)
    }
    return nil
  }
}
