#if canImport(Glibc)
  import Glibc
#endif

/// The reader's pre-pass alone, for `Benchmarks/` (`freetime-prepass`): every line of a file
/// scanned, unfolded, checked for control bytes and UTF-8, its name classified and the line kept
/// or dropped as a VEVENT's line would be, reading no value. What it costs is the least reading
/// these bytes the way freetime reads them can cost; `Benchmarks/run.sh` prints it as MB/s next
/// to freetime's whole run.
public enum PrePass {
  public struct Counts: Sendable {
    public init() {}
    public var lines = 0
    /// Lines a VEVENT's reading would keep.
    public var kept = 0
    public var bytes = 0
  }

  public static func run(path: String) throws -> Counts {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw LineScanner.ScanError.readFailed(errno: errno) }
    defer { close(fd) }
    var scanner = LineScanner(fd: fd)
    var counts = Counts()
    var depth = 0
    while let line = try scanner.next() {
      counts.lines += 1
      let kind = line.kind
      if kind == .begin { depth += 1 }
      if kind == .end { depth -= 1 }
      let dropped = line.isUnneededInEvent(
        kind, keepSummary: false, keepAttendees: false, inDropped: depth > 2)
      if !dropped { counts.kept += 1 }
      scanner.giveBack(line)
    }
    counts.bytes = scanner.bytesRead
    return counts
  }
}
