internal import CLibical
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every call into libical's parser goes through here, under one lock (docs/LIBICAL.md,
/// Threads).
enum Libical {
  enum Parsed<T> {
    case parsed(T)
    case failed

    func map<U>(_ transform: (T) -> U) -> Parsed<U> {
      switch self {
      case .parsed(let value): return .parsed(transform(value))
      case .failed: return .failed
      }
    }
  }

  private static let once: Void = {
    // Never abort the process on a libical error; we check results ourselves.
    icalerror_set_errors_are_fatal(0)
    // Builds libical's array of builtin zones (from zone.tab) now, on one thread: built lazily,
    // it is filled while other threads may already walk it.
    _ = icaltimezone_get_builtin_timezones()
    // Blocks of 256 KiB and more (the growing arrays of busy time and the UID tables of a big
    // calendar) are mapped on their own and unmapped when freed. Left alone, glibc raises this
    // threshold each time such a block is freed, and the heap keeps the holes: 40 MB more peak
    // memory on a million events.
    #if canImport(Glibc)
      _ = mallopt(M_MMAP_THRESHOLD, 256 * 1024)
    #endif
  }()

  /// Call once on the main thread before reading calendars on several threads.
  static func setUp() {
    _ = once
    _ = lock
  }

  /// Calendars are read on several threads. libical keeps one global table of error states:
  /// parsing a PERIOD value (RDATE;VALUE=PERIOD, FREEBUSY) writes it, and every error raised
  /// anywhere reads it (docs/LIBICAL.md, Threads). So work on a component takes this lock
  /// shared, and a component with a PERIOD value takes it exclusively. Everything else libical
  /// keeps global is behind its own mutexes (built-in zones, zone expansion) or per thread
  /// (icalerrno, the string ring buffer).
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
    let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    pthread_rwlock_init(lock, nil)
    return lock
  }()

  static func withLock<T>(exclusive: Bool, _ body: () throws -> T) rethrows -> T {
    if exclusive { pthread_rwlock_wrlock(lock) } else { pthread_rwlock_rdlock(lock) }
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }

  /// Whether libical may parse a PERIOD value among these lines: a `/` in the value of an RDATE
  /// or FREEBUSY (the only properties with PERIOD values that reach libical).
  static func mayParsePeriod(_ lines: [ContentLine]) -> Bool {
    lines.contains { line in
      guard line.bytes.contains(0x2F) else { return false }
      let name = line.name
      return (name == "RDATE" || name == "FREEBUSY") && line.strippedValue.contains(0x2F)
    }
  }

  /// Parses one component from its unfolded lines and hands it to `body`, holding the lock; the
  /// component is freed when `body` returns, so nothing of libical's escapes.
  static func parse<T>(_ lines: [ContentLine], _ body: (OpaquePointer) -> T) -> Parsed<T> {
    let newZones = unseenZoneIDs(lines)
    let result = withLock(exclusive: !newZones.isEmpty || mayParsePeriod(lines)) {
      () -> Parsed<T> in
      guard let comp = parseOwnedUnlocked(lines) else { return .failed }
      defer { icalcomponent_free(comp) }
      return .parsed(body(comp))
    }
    if !newZones.isEmpty { seenZoneIDs.withLock { $0.formUnion(newZones) } }
    return result
  }

  /// TZID values libical has already looked up among its builtin zones.
  ///
  /// `icaltimezone_get_builtin_timezone` walks libical's array of builtin zones without a lock,
  /// and appends to it the first time it loads a zone that zone.tab does not list (US/Eastern,
  /// Etc/GMT+5): a thread walking the array meanwhile would read a half-written entry. So a
  /// component naming a TZID for the first time in this process is worked on with the lock
  /// held exclusively; the array itself is built in `setUp`.
  private static let seenZoneIDs = Locked<Set<[UInt8]>>([])

  /// The TZID parameter values among these lines that no earlier component named.
  static func unseenZoneIDs(_ lines: [ContentLine]) -> [[UInt8]] {
    var found: [[UInt8]] = []
    for line in lines {
      guard let id = zoneID(line) else { continue }
      if !found.contains(id) { found.append(id) }
    }
    guard !found.isEmpty else { return [] }
    return seenZoneIDs.withLock { seen in found.filter { !seen.contains($0) } }
  }

  /// The bytes of a line's TZID parameter value (quotes and all), or nil without one.
  static func zoneID(_ line: ContentLine) -> [UInt8]? {
    line.parameter("TZID").map(Array.init)
  }

  /// Parses one component; the caller holds the lock and owns (must free) the result.
  static func parseOwnedUnlocked(_ lines: [ContentLine]) -> OpaquePointer? {
    setUp()
    guard let parser = icalparser_new() else { return nil }
    defer { icalparser_free(parser) }
    var result: OpaquePointer? = nil
    var buffer: [CChar] = []
    for line in lines {
      buffer.removeAll(keepingCapacity: true)
      buffer.reserveCapacity(line.bytes.count + 1)
      for byte in line.bytes { buffer.append(CChar(bitPattern: byte)) }
      buffer.append(0)
      // icalparser_add_line does not take ownership of the line in 3.0.16.
      let comp = buffer.withUnsafeMutableBufferPointer {
        icalparser_add_line(parser, $0.baseAddress)
      }
      if let comp {
        if result != nil { icalcomponent_free(comp) } else { result = comp }
      }
    }
    guard let comp = result else {
      // An unfinished component stays inside the parser; icalparser_free releases it.
      return nil
    }
    if icalcomponent_isa(comp) == ICAL_XROOT_COMPONENT {
      icalcomponent_free(comp)
      return nil
    }
    return comp
  }
}
