internal import CLibical
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every call into libical's parser goes through here (LIBICAL_NOTES.md).
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
  /// anywhere reads it (LIBICAL_NOTES.md, icalperiod.c). So work on a component takes this lock
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

  /// Builds the component of a `PlainSeries` (what libical's parser would make of its lines)
  /// and hands it to `body`, holding the lock as `parse` does; nil when libical cannot read one
  /// of its RRULEs (the caller then parses the text, for libical's own error).
  static func build<T>(
    _ series: PlainSeries, lines: [ContentLine], _ body: (OpaquePointer) -> T
  ) -> Parsed<T>? {
    let newZones = unseenZoneIDs(lines)
    let result = withLock(exclusive: !newZones.isEmpty) { () -> Parsed<T>? in
      setUp()
      // A rule's RSCALE is the caller's to free (icalvalue_new_from_string frees it too; the
      // property keeps a copy).
      var rules: [icalrecurrencetype] = []
      defer { for rule in rules { free(rule.rscale) } }
      for text in series.rules {
        let rule = text.withUnsafeBufferPointer { bytes in
          var cString = [CChar](repeating: 0, count: bytes.count + 1)
          for (i, b) in bytes.enumerated() { cString[i] = CChar(bitPattern: b) }
          return icalrecurrencetype_from_string(cString)
        }
        if rule.freq == ICAL_NO_RECURRENCE {
          free(rule.rscale)
          return nil
        }
        rules.append(rule)
      }
      guard let comp = icalcomponent_new(ICAL_VEVENT_COMPONENT) else { return .failed }
      defer { icalcomponent_free(comp) }
      func time(_ t: SimpleEvent.Time) -> icaltimetype {
        let f = CivilTime.fields(t.civil)
        var out = icaltime_null_time()
        out.year = Int32(f.year)
        out.month = Int32(f.month)
        out.day = Int32(f.day)
        if t.isDate {
          out.is_date = 1
        } else {
          out.hour = Int32(f.hour)
          out.minute = Int32(f.minute)
          out.second = Int32(f.second)
        }
        if t.utc { out.zone = icaltimezone_get_utc_timezone() }
        return out
      }
      func add(_ prop: OpaquePointer?, _ t: SimpleEvent.Time? = nil) {
        guard let prop else { return }
        if let tzid = t?.tzid { icalproperty_add_parameter(prop, icalparameter_new_tzid(tzid)) }
        if t?.isDate == true {
          icalproperty_add_parameter(prop, icalparameter_new_value(ICAL_VALUE_DATE))
        }
        icalcomponent_add_property(comp, prop)
      }
      add(icalproperty_new_dtstart(time(series.event.start)), series.event.start)
      if let end = series.event.end { add(icalproperty_new_dtend(time(end)), end) }
      if let length = series.event.duration {
        var d = icaldurationtype_null_duration()
        d.days = UInt32(length.civil / 86400)
        d.seconds = UInt32(length.exact)
        add(icalproperty_new_duration(d))
      }
      if let rid = series.event.recurrenceID { add(icalproperty_new_recurrenceid(time(rid)), rid) }
      for rule in rules { add(icalproperty_new_rrule(rule)) }
      for exdate in series.exdates { add(icalproperty_new_exdate(time(exdate)), exdate) }
      return .parsed(body(comp))
    }
    if result != nil, !newZones.isEmpty { seenZoneIDs.withLock { $0.formUnion(newZones) } }
    return result
  }

  /// TZID values libical has already looked up among its builtin zones.
  ///
  /// `icaltimezone_get_builtin_timezone` walks libical's array of builtin zones without a lock,
  /// and appends to it the first time it loads a zone that zone.tab does not list (US/Eastern,
  /// Etc/GMT+5): a thread walking the array meanwhile reads a half-written entry (a crash seen in
  /// one run of ninety). So a component naming a TZID for the first time in this process is
  /// worked on with the lock held exclusively; the array itself is built in `setUp`.
  private static let seenZoneIDs = Mutex<Set<[UInt8]>>([])

  /// The TZID parameter values among these lines that no earlier component named.
  static func unseenZoneIDs(_ lines: [ContentLine]) -> [[UInt8]] {
    var found: [[UInt8]] = []
    for line in lines {
      guard let id = zoneID(line.bytes) else { continue }
      if !found.contains(id) { found.append(id) }
    }
    guard !found.isEmpty else { return [] }
    return seenZoneIDs.withLock { seen in found.filter { !seen.contains($0) } }
  }

  /// The bytes of a line's TZID parameter value (quotes and all), or nil without one.
  static func zoneID(_ bytes: [UInt8]) -> [UInt8]? {
    var inQuotes = false
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x22 { inQuotes.toggle() }
      if !inQuotes {
        if b == 0x3A { return nil }  // the value starts: no TZID before it
        if b == 0x3B, i + 5 < bytes.count,
          bytes[i + 1] | 0x20 == 0x74, bytes[i + 2] | 0x20 == 0x7A, bytes[i + 3] | 0x20 == 0x69,
          bytes[i + 4] | 0x20 == 0x64, bytes[i + 5] == 0x3D
        {
          var end = i + 6
          var quoted = false
          while end < bytes.count {
            let c = bytes[end]
            if c == 0x22 { quoted.toggle() }
            if !quoted && (c == 0x3B || c == 0x3A) { break }
            end += 1
          }
          return Array(bytes[(i + 6)..<end])
        }
      }
      i += 1
    }
    return nil
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
