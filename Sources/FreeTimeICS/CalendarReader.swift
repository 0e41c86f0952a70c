internal import CLibical
import FreeTimeCore
import Dispatch
import FoundationEssentials
import FoundationInternationalization
#if canImport(Glibc)
  import Glibc
#endif
import Synchronization

/// Reads calendars into busy time (DESIGN §3).
///
/// A file is read as a stream: the pre-pass (`LineScanner`) unfolds lines and counts them, this
/// reader tracks BEGIN/END nesting, and each top-level component is handed to libical on its own,
/// with only the properties free time needs, and freed as soon as its busy time is out.
public enum CalendarReader {
  /// Reads one person's (or room's) calendar: a file, a vdir directory, or standard input.
  ///
  /// - Throws: `ReadError` when the calendar cannot be read as iCalendar at all.
  public static func read(_ source: CalendarSource, options: ReadOptions) throws -> PersonCalendar {
    Libical.setUp()
    let home = options.homeZones[source.name]
    var person = PersonAccumulator(window: options.window)
    switch source.kind {
    case .standardInput:
      try readStream(fd: 0, displayName: "<stdin>", home: home, options: options, into: &person)
    case .file(let path):
      try readFile(path, home: home, options: options, into: &person)
    case .directory(let path):
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
          .filter { $0.lowercased().hasSuffix(".ics") }.sorted()
      } catch {
        throw ReadError(file: path, message: "cannot read the directory")
      }
      if names.isEmpty {
        throw ReadError(file: path, message: "the directory has no .ics files")
      }
      for name in names {
        let file = path.hasSuffix("/") ? path + name : path + "/" + name
        try readFile(file, home: home, options: options, into: &person)
      }
    }
    let busy = person.finish()
    return PersonCalendar(
      name: source.name, source: source.argument, role: source.role, busy: busy,
      diagnostics: person.diagnostics, homeZone: home ?? person.calendarZone,
      tentative: person.tentativeBusy, origins: person.busyOrigins,
      hasAvailability: person.hasAvailability, unavailable: person.unavailable)
  }

  /// Reads several calendars on up to `threads` threads (the largest files first), and gives
  /// each one's result in the order of `sources`.
  public static func readAll(
    _ sources: [CalendarSource], options: ReadOptions,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> [Result<PersonCalendar, any Error>] {
    Libical.setUp()
    let workers = max(1, min(threads, sources.count))
    if workers == 1 {
      return sources.map { source in Result { try read(source, options: options) } }
    }
    let sizes = sources.map(size)
    let order = sources.indices.sorted { sizes[$0] > sizes[$1] }
    let results = OnePerIndex<Result<PersonCalendar, any Error>>(count: sources.count)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < order.count else { return }
        let i = order[k]
        results.set(i, Result { try read(sources[i], options: options) })
      }
    }
    return results.all()
  }

  /// The size in bytes of a file source (0 for others), to start big files first.
  public static func size(_ source: CalendarSource) -> Int {
    var info = stat()
    guard case .file(let path) = source.kind, stat(path, &info) == 0 else { return 0 }
    return Int(info.st_size)
  }

  private static func readFile(
    _ path: String, home: Zone?, options: ReadOptions, into person: inout PersonAccumulator
  ) throws {
    var info = stat()
    if stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) {
      throw ReadError(file: path, message: "no such file")
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw ReadError(file: path, message: "is a directory") }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw ReadError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    try readStream(fd: fd, displayName: path, home: home, options: options, into: &person)
  }

  /// Reads one calendar held in memory, named `name` in messages (the fuzz target, tests).
  public static func read(bytes: [UInt8], name: String, options: ReadOptions) throws
    -> PersonCalendar
  {
    Libical.setUp()
    var person = PersonAccumulator(window: options.window)
    var scanner = LineScanner(bytes: bytes)
    scanner.maxLineBytes = options.limits.lineBytes
    try readStream(&scanner, displayName: name, home: nil, options: options, into: &person)
    let busy = person.finish()
    return PersonCalendar(
      name: name, source: name, role: .required, busy: busy, diagnostics: person.diagnostics,
      homeZone: person.calendarZone, tentative: person.tentativeBusy,
      origins: person.busyOrigins, hasAvailability: person.hasAvailability,
      unavailable: person.unavailable)
  }

  static func readStream(
    fd: Int32, displayName: String, home: Zone?, options: ReadOptions,
    into person: inout PersonAccumulator
  ) throws {
    var info = stat()
    let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    // A block of 128 KiB (its pages are touched once and reused for the whole file), or the
    // whole file when it is smaller.
    var scanner = LineScanner(
      fd: fd, blockSize: size > 0 ? min(1 << 17, max(1 << 12, size + 1)) : 1 << 17,
      progress: options.progress)
    scanner.maxLineBytes = options.limits.lineBytes
    let watch = Watchdog.shared.watch(
      file: displayName, budget: options.limits.cpuSeconds, size: size)
    defer { Watchdog.shared.finish(watch) }
    try readStream(
      &scanner, displayName: displayName, home: home, options: options, into: &person,
      watch: watch)
  }

  static func readStream(
    _ scanner: inout LineScanner, displayName: String, home: Zone?, options: ReadOptions,
    into person: inout PersonAccumulator, watch: Watchdog.Slot? = nil
  ) throws {
    var file = FileReader(file: displayName, options: options, homeOverride: home)
    file.watch = watch
    var lines = 0
    do {
      while let line = try scanner.next() {
        try file.consume(line, into: &person)
        lines &+= 1
        if lines & 1023 == 0, let watch, watch.bytes.load(ordering: .relaxed) < scanner.bytesRead {
          watch.bytes.store(scanner.bytesRead, ordering: .relaxed)  // a pipe: budget as it grows
        }
      }
    } catch let error as LineScanner.ScanError {
      switch error {
      case .nulByte(let line):
        throw ReadError(
          file: displayName, line: line, message: "NUL byte: this is not iCalendar text")
      case .lineTooLong(let line):
        throw ReadError(
          file: displayName, line: line,
          message:
            "a content line longer than \(options.limits.lineBytes) bytes (--max-line-bytes raises the limit)"
        )
      case .readFailed(let code):
        throw ReadError(
          file: displayName, message: "read failed: \(String(cString: strerror(code)))")
      }
    }
    if !scanner.controlCharacterLines.isEmpty {
      let lines = scanner.controlCharacterLines
      person.diagnostics.append(
        Diagnostic(
          file: displayName, line: lines[0],
          message: "control characters removed from \(lines.count) line(s)"))
    }
    try file.finish(bytesRead: scanner.bytesRead)
  }
}

/// Collects one person's instances and overrides over all of their files, and applies the
/// overrides at the end: an override replaces the instance with the same UID and original start
/// (RECURRENCE-ID compared as an instant), wherever it moves it (DESIGN §3).
///
/// When one UID has several masters (or one UID and RECURRENCE-ID several overrides), the newest
/// `Revision` wins (highest SEQUENCE, then latest DTSTAMP, then the first read): exports often
/// keep the superseded version of an edited series.
///
/// Memory: UIDs are interned once; an instance costs only its interval (16 bytes): a master's
/// instances are contiguous in `spans`, and an instance's key (its original start) is its start
/// except in the rare `reversedKeys`. `finish` filters the intervals in place.
struct PersonAccumulator {
  let window: Interval
  var diagnostics: [Diagnostic] = []
  /// The first valid X-WR-TIMEZONE read for this calendar.
  var calendarZone: Zone?
  /// Whether the calendar has a VAVAILABILITY (its hours replace `--hours`), and the time it
  /// leaves unavailable.
  var hasAvailability = false
  var unavailable: [Interval] = []

  /// UID → its number; -1 stands for "no UID".
  private var uids = UIDTable()
  /// One entry per master read (a version): its UID number, whether it is tentative, its origin,
  /// and where its instances end in `spans` (they begin where the previous master's end).
  private var masters: [(uid: Int32, tentative: Bool, end: Int)] = []
  /// With `--explain`: each master's origin.
  private var masterOrigins: [Int32] = []
  /// The instances of all masters.
  private var spans: [Interval] = []
  /// Keys of instances whose key is not their start (a negative length), by index in `spans`.
  private var reversedKeys: [Int: Instant] = [:]
  private var overrides: [StoredOverride] = []
  /// The files overrides come from (`StoredOverride.file` numbers them).
  private var overrideFiles: [String] = []
  private var plain: [Interval] = []
  private var plainOrigins: [Int32] = []
  /// With `--explain`: where the next contribution comes from, and all origins so far.
  var currentOrigin: Origin?
  private var originTable: [Origin] = []
  /// Parallel to what `finish` returns, with `--explain`.
  private(set) var busyOrigins: [Origin] = []
  /// Per UID number: the latest master (`master` is its number in `masters`, -1 for none yet).
  private var latest: [LatestMaster] = []
  /// The instants masters exclude (EXDATE), each with the master that excludes it; only the
  /// latest master's count.
  private var excludedBy: [Key: Int32] = [:]
  /// Per UID number and original start: the latest override read (its index in `overrides`).
  private var latestOverride: [Key: Int32] = [:]

  init(window: Interval) {
    self.window = window
  }

  private mutating func originIndex() -> Int32 {
    guard let origin = currentOrigin else { return -1 }
    originTable.append(origin)
    return Int32(originTable.count - 1)
  }

  /// 16 bytes: the revision's parts side by side, and `blocks` in the master number's low bit.
  private struct LatestMaster {
    private var stamp: Int64
    private var sequence: Int32
    private var masterAndBlocks: Int32

    init(revision: Revision, master: Int32, blocks: Bool) {
      stamp = revision.stamp
      sequence = Int32(truncatingIfNeeded: revision.sequence)
      masterAndBlocks = master << 1 | (blocks ? 1 : 0)
    }

    var revision: Revision { Revision(sequence: Int(sequence), stamp: stamp) }
    var master: Int32 { masterAndBlocks >> 1 }
    var blocks: Bool { masterAndBlocks & 1 == 1 }
  }

  private mutating func number(_ uid: String?) -> Int32 {
    guard let uid else { return -1 }
    let n = uids.intern(uid)
    if Int(n) == latest.count {
      latest.append(
        LatestMaster(revision: Revision(sequence: 0, stamp: 0), master: -1, blocks: false))
    }
    return n
  }

  /// Whether the latest master of UID number `n` excludes the instance at `key`.
  private func latestExcludes(_ n: Int32, _ key: Instant) -> Bool {
    guard let master = latestMaster(n)?.master else { return false }
    return excludedBy[Key(uid: n, start: key)] == master
  }

  /// The latest master read for UID number `n`.
  private func latestMaster(_ n: Int32) -> LatestMaster? {
    guard n >= 0, latest[Int(n)].master >= 0 else { return nil }
    return latest[Int(n)]
  }

  /// An `Override` in 56 bytes instead of 96 (there can be hundreds of thousands): the UID by
  /// number, the file by number, the flags in one byte.
  private struct StoredOverride {
    var key: Instant
    var interval: Interval
    private var stamp: Int64
    private var sequence: Int32
    var line: Int32
    var uid: Int32
    var origin: Int32
    var file: Int32
    private var flags: UInt8

    init(_ o: Override, uid: Int32, origin: Int32, file: Int32) {
      key = o.key
      interval = o.interval
      stamp = o.revision.stamp
      sequence = Int32(truncatingIfNeeded: o.revision.sequence)
      line = Int32(clamping: o.line)
      self.uid = uid
      self.origin = origin
      self.file = file
      flags = (o.blocks ? 1 : 0) | (o.thisAndFuture ? 2 : 0) | (o.tentative ? 4 : 0)
    }

    var revision: Revision { Revision(sequence: Int(sequence), stamp: stamp) }
    var blocks: Bool { flags & 1 != 0 }
    var thisAndFuture: Bool { flags & 2 != 0 }
    var tentative: Bool { flags & 4 != 0 }
  }

  mutating func add(_ contribution: EventContribution) {
    let origin = originIndex()
    switch contribution {
    case .master(let uid, let revision, let blocks, let list, let excluded, let tentative):
      let n = number(uid)
      let master = Int32(masters.count)
      if n >= 0 {
        if let seen = latestMaster(n), seen.revision >= revision { return }
        latest[Int(n)] = LatestMaster(revision: revision, master: master, blocks: blocks)
        for instant in excluded { excludedBy[Key(uid: n, start: instant)] = master }
      }
      for instance in list {
        if instance.key != instance.interval.start { reversedKeys[spans.count] = instance.key }
        spans.append(instance.interval)
      }
      masters.append((n, tentative, spans.count))
      if origin >= 0 || !masterOrigins.isEmpty {
        while masterOrigins.count < masters.count - 1 { masterOrigins.append(-1) }
        masterOrigins.append(origin)
      }
    case .override(let o):
      let n = number(o.uid)
      if n >= 0 {
        let k = Key(uid: n, start: o.key)
        if let seen = latestOverride[k], overrides[Int(seen)].revision >= o.revision { return }
        latestOverride[k] = Int32(overrides.count)
      }
      if overrideFiles.last != o.file { overrideFiles.append(o.file) }
      overrides.append(
        StoredOverride(o, uid: n, origin: origin, file: Int32(overrideFiles.count - 1)))
    case .none:
      break
    }
  }

  /// Instances, overrides and free-busy periods kept so far.
  var instanceCount: Int { spans.count + plain.count + overrides.count }

  /// Whether a master event with this UID was read already.
  func hasMaster(_ uid: String) -> Bool {
    guard let n = uids.number(of: uid) else { return false }
    return latestMaster(n) != nil
  }

  /// Busy time that no override can touch (VFREEBUSY periods).
  mutating func addPlain(_ interval: Interval, tentative: Bool = false) {
    if !interval.isEmpty && interval.overlaps(window) {
      plain.append(interval)
      plainOrigins.append(originIndex())
      if tentative { tentativeBusy.append(interval) }
    }
  }

  /// The busy intervals (among those `finish` returns) that are only tentative.
  private(set) var tentativeBusy: [Interval] = []

  struct Key: Hashable {
    var uid: Int32
    var start: Instant
  }

  mutating func finish() -> [Interval] {
    // The overrides that count: the latest version of each, unless a newer master excludes the
    // instance (a deleted modification). Filtered in place.
    var live = 0
    for i in overrides.indices {
      let o = overrides[i]
      let n = o.uid
      if n >= 0 {
        if latestOverride[Key(uid: n, start: o.key)] != Int32(i) { continue }
        if let master = latestMaster(n), master.revision.sequence > o.revision.sequence,
          latestExcludes(n, o.key)
        {
          continue
        }
      }
      overrides[live] = o
      live += 1
    }
    overrides.removeLast(overrides.count - live)
    latestOverride = [:]
    var ranges: [Int32: [StoredOverride]] = [:]
    for o in overrides where o.thisAndFuture && o.uid >= 0 { ranges[o.uid, default: []].append(o) }
    for n in ranges.keys { ranges[n]!.sort { $0.key < $1.key } }
    let replaced = Set(
      overrides.lazy.filter { $0.uid >= 0 }.map { Key(uid: $0.uid, start: $0.key) })
    let overridden = Set(replaced.map(\.uid))

    // An override whose RECURRENCE-ID names no instance of its series still blocks its own
    // time, with a warning (checked where the series was expanded: the window and a week).
    if !overridden.isEmpty {
      var found = Set<Key>()
      var begin = 0
      for (m, master) in masters.enumerated() {
        defer { begin = master.end }
        let n = master.uid
        guard n >= 0, overridden.contains(n), latestMaster(n)?.master == Int32(m) else { continue }
        for i in begin..<master.end {
          let key = Key(uid: n, start: reversedKeys[i] ?? spans[i].start)
          if replaced.contains(key) { found.insert(key) }
        }
      }
      let margin = EventReader.shiftMargin
      for o in overrides {
        let n = o.uid
        guard n >= 0, let master = latestMaster(n), master.blocks,
          o.key >= window.start - margin, o.key < window.end + margin,
          !found.contains(Key(uid: n, start: o.key)), !latestExcludes(n, o.key)
        else { continue }
        diagnostics.append(
          Diagnostic(
            file: overrideFiles[Int(o.file)], line: Int(o.line), uid: uids[n],
            message:
              "RECURRENCE-ID matches no instance of the series; the override still blocks its own time"
          ))
      }
    }

    // The instances that count, filtered in place in `spans`.
    let explain = !originTable.isEmpty
    var origins: [Int32] = []
    var kept = 0
    var begin = 0
    for (m, owner) in masters.enumerated() {
      defer { begin = owner.end }
      let n = owner.uid
      if n >= 0 && latestMaster(n)?.master != Int32(m) { continue }
      let overriddenSeries = n >= 0 && overridden.contains(n)
      for i in begin..<owner.end {
        var interval = spans[i]
        if overriddenSeries {
          let key = reversedKeys[i] ?? interval.start
          if replaced.contains(Key(uid: n, start: key)) { continue }
          // The latest THISANDFUTURE override before this instance moves it.
          if let range = ranges[n]?.last(where: { $0.key < key }) {
            guard range.blocks else { continue }
            let start = key + (range.interval.start - range.key)
            interval = Interval(start, start + range.interval.duration)
          }
        }
        // Zero-length instances block nothing and are not counted (DESIGN §1).
        if !interval.isEmpty && interval.overlaps(window) {
          spans[kept] = interval
          kept += 1
          if explain { origins.append(m < masterOrigins.count ? masterOrigins[m] : -1) }
          if owner.tentative { tentativeBusy.append(interval) }
        }
      }
    }
    masters = []
    masterOrigins = []
    reversedKeys = [:]
    spans.removeLast(spans.count - kept)
    // Not copied: the instances are most of the busy time.
    var busy = spans
    spans = []
    busy.insert(contentsOf: plain, at: 0)
    plain = []
    if explain { origins = plainOrigins + origins }
    for o in overrides where o.blocks && !o.interval.isEmpty && o.interval.overlaps(window) {
      busy.append(o.interval)
      if explain { origins.append(o.origin) }
      if o.tentative { tentativeBusy.append(o.interval) }
    }
    if explain {
      busyOrigins = origins.map {
        $0 >= 0 ? originTable[Int($0)] : Origin(file: "", line: nil, uid: nil, summary: nil)
      }
    }
    return busy
  }
}

/// What the pre-pass learned about one top-level component while collecting its lines: why it
/// must be skipped (line, message), if it must, and the properties it read itself (`PreRead`):
/// the first SEQUENCE, the first readable UTC DTSTAMP, the first UID (raw and decoded), STATUS
/// and TRANSP; values stripped of white space at both ends, as libical's parser does.
struct ComponentState {
  var invalid: (Int, String)? = nil
  /// Warnings found by the pre-pass, given out with the UID when the component is read.
  var notes: [(Int, String)] = []
  /// DTSTART, DTEND, DURATION, RECURRENCE-ID seen (`PropertyName.singletonBit`): RFC 5545
  /// allows one of each.
  var seenOnce: UInt8 = 0
  var sequence: Int? = nil
  var stamp: Int64? = nil
  var uidRaw: String? = nil
  var uid: String? = nil
  var status: String? = nil
  var transp: String? = nil

  /// Reads `line` into the state if it is one of the properties read without libical (the first
  /// of each counts); false when it is not one of them.
  mutating func take(_ line: ContentLine, kind: PropertyName) -> Bool {
    switch kind {
    case .sequence:
      // As libical reads an INTEGER: atoi.
      if sequence == nil {
        sequence = Int(atoi(line.value))
        let digits = line.strippedValue
        let allDigits = !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        let tooBig =
          allDigits
          && (digits.count > 10 || Int(String(decoding: digits, as: UTF8.self))! > Int(Int32.max))
        // A number too big for libical's INTEGER is a very new version, not -1.
        if tooBig { sequence = Int(Int32.max) }
        if !allDigits || tooBig {
          notes.append(
            (
              line.number,
              "SEQUENCE '\(Sanitize.text(String(decoding: digits, as: UTF8.self), limit: 30))' is not a number from 0 to 2147483647; read as \(sequence!) when versions are compared"
            ))
        }
      }
    case .dtstamp:
      if stamp == nil { stamp = line.utcTimestamp }
    case .uid:
      if uidRaw == nil, line.hasValue {
        let stripped = line.strippedValue
        uid = PreRead.dequote(stripped)
        // The raw value is most often the same text: the same string then, not a second one.
        let whole = line.valueStart.map { line.bytes.count - $0 } ?? 0
        uidRaw = stripped.count == whole && !stripped.contains(0x5C) ? uid : line.value
      }
    case .status:
      if status == nil { status = String(decoding: line.strippedValue, as: UTF8.self) }
    case .transp:
      if transp == nil { transp = String(decoding: line.strippedValue, as: UTF8.self) }
    default:
      return false
    }
    return true
  }

  var preRead: PreRead {
    PreRead(
      revision: Revision(sequence: sequence ?? 0, stamp: stamp ?? Int64.min), uid: uid,
      status: status, transp: transp)
  }
}

/// The state machine of one file: nesting, the VCALENDAR's properties, one component at a time.
struct FileReader {
  let file: String
  let options: ReadOptions
  let homeOverride: Zone?

  /// Open components, outermost first, with the line each began on.
  private var stack: [(name: String, line: Int)] = []
  /// Lines of the top-level component being collected (only those libical needs).
  private var component: [ContentLine] = []
  private var componentName = ""
  private var skipDepth = 0  // > 0 while inside a nested component we drop (VALARM)
  private var calendars = 0
  private var sawContent = false
  private var componentsInCalendar = 0
  private var zones = ZoneTable()
  private var homeZone: Zone
  private var deferred: [([ContentLine], ComponentState)] = []
  private var implicitCalendar = false
  /// TZIDs already noted by `freetime check`.
  private var notedZones: Set<String> = []
  /// Whether the home zone is this VCALENDAR's X-WR-TIMEZONE.
  private var homeFromCalendar = false
  /// What the pre-pass learned about the component being collected.
  private var current = ComponentState()
  private var warnedOutside = false
  /// The person's instance count when this file started (a directory has several files).
  private var instancesBefore: Int?
  /// The watchdog's view of this file: where the component being read begins.
  var watch: Watchdog.Slot?

  init(file: String, options: ReadOptions, homeOverride: Zone?) {
    self.file = file
    self.options = options
    self.homeOverride = homeOverride
    self.homeZone = homeOverride ?? options.defaultZone
  }

  private func error(_ line: Int?, _ message: String) -> ReadError {
    ReadError(file: file, line: line, message: message)
  }

  mutating func consume(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    // The name is told apart on its bytes; it is made a string only where a message or a
    // component other than an event needs it.
    let kind = line.kind
    // Most lines of an event are dropped unread (what the default case below would do with
    // them).
    if stack.count >= 2, componentName == "VEVENT",
      line.isUnneededInEvent(kind, keepSummary: options.explain, inDropped: skipDepth > 0)
    {
      return
    }
    if instancesBefore == nil { instancesBefore = person.instanceCount }
    sawContent = true
    if kind != .begin && kind != .end && !line.hasValue {
      if stack.isEmpty {
        try outside(line, into: &person)
        return
      }
      if stack.count >= 2 {
        person.diagnostics.append(
          Diagnostic(file: file, line: line.number, message: "line without ':' ignored"))
      }
      return
    }
    if kind == .none && stack.count >= 2 && skipDepth == 0 {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: line.number, message: "a line without a property name is ignored"))
      return
    }
    switch kind {
    case .begin:
      let what = line.keyword
      guard !what.isEmpty else { throw error(line.number, "BEGIN without a component name") }
      if stack.isEmpty && what != "VCALENDAR" && FileReader.bareComponents.contains(what) {
        // A component without its VCALENDAR (a bare VEVENT export): read as if wrapped.
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message: "BEGIN:\(what) outside a VCALENDAR; read as if inside one"))
        startCalendar()
        implicitCalendar = true
        stack.append(("VCALENDAR", line.number))
      }
      if stack.isEmpty {
        guard what == "VCALENDAR" else {
          throw error(
            line.number,
            "not iCalendar: expected BEGIN:VCALENDAR, found BEGIN:\(Sanitize.text(what, limit: 40))"
          )
        }
        startCalendar()
      } else if stack.count == 1 {
        if what == "VCALENDAR" { throw error(line.number, "BEGIN:VCALENDAR inside a VCALENDAR") }
        watch?.line.store(line.number, ordering: .relaxed)
        componentName = what
        component.removeAll(keepingCapacity: true)  // a new array if the last one was kept
        component.append(line)
        skipDepth = 0
        current = ComponentState()
      } else if stack.count >= 2 {
        if skipDepth == 0 && stack.count == 2 && componentName == "VEVENT"
          && FileReader.notInsideEvents.contains(what)
        {
          current.notes.append(
            (
              line.number,
              "BEGIN:\(what) inside a VEVENT is not iCalendar; that component is ignored"
            ))
        }
        if skipDepth > 0 || (componentName != "VTIMEZONE" && componentName != "VAVAILABILITY") {
          skipDepth += 1
        } else {
          component.append(line)
        }
      }
      if stack.count >= options.limits.depth {
        throw error(line.number, "components nested more than \(options.limits.depth) deep")
      }
      stack.append((what, line.number))
    case .end:
      let what = line.keyword
      guard let top = stack.last else {
        throw error(line.number, "END:\(Sanitize.text(what, limit: 40)) without a BEGIN")
      }
      guard top.name == what else {
        throw error(
          line.number,
          "END:\(Sanitize.text(what, limit: 40)) does not close BEGIN:\(Sanitize.text(top.name, limit: 40)) of line \(top.line)"
        )
      }
      stack.removeLast()
      if stack.count >= 2 {
        if skipDepth > 0 { skipDepth -= 1 } else { component.append(line) }
      } else if stack.count == 1 {
        component.append(line)
        componentsInCalendar += 1
        let lines = component
        try handle(
          componentName, lines: lines, state: current, deferUnknownZones: true, into: &person)
        try checkInstances(person, line: lines.first?.number)
        if implicitCalendar {
          stack.removeLast()
          try endCalendar(into: &person)
        }
      } else {
        try endCalendar(into: &person)
      }
    default:
      if stack.isEmpty {
        try outside(line, into: &person)
        return
      }
      if stack.count == 1 {
        if kind == .xwrTimezone && homeOverride == nil {
          let value = line.value.trimmingWhitespace()
          if componentsInCalendar > 0 {
            person.diagnostics.append(
              Diagnostic(
                file: file, line: line.number,
                message: "X-WR-TIMEZONE after the first component is ignored"))
          } else if let zone = Zone.named(value) {
            homeZone = zone
            homeFromCalendar = true
            if person.calendarZone == nil { person.calendarZone = zone }
          } else {
            person.diagnostics.append(
              Diagnostic(
                file: file, line: line.number,
                message:
                  "X-WR-TIMEZONE '\(Sanitize.text(value, limit: 80))' is not a known zone; floating times are read in \(homeZone.name)"
              ))
          }
        }
        return
      }
      if skipDepth > 0 { return }
      switch componentName {
      case "VEVENT":
        let bit = kind.singletonBit
        if bit != 0 {
          if current.seenOnce & bit != 0 {
            current.notes.append(
              (line.number, "a second \(line.name) is ignored (RFC 5545 allows one)"))
            return
          }
          current.seenOnce |= bit
          if kind != .duration, line.hasDateValueType, line.strippedValue.contains(0x54) {
            current.notes.append(
              (
                line.number,
                "\(line.name) says VALUE=DATE but holds a date-time; read as the date-time"
              ))
          }
        }
        if current.take(line, kind: kind) { return }
        guard kind.isForLibicalInEvent || (options.explain && kind == .summary) else { return }
        if tooManyParameters(line) { return }
        if kind.isTime, let bad = line.impossibleDate {
          // libical would roll Feb 30 over to Mar 1: refuse instead (LIBICAL_NOTES.md).
          let what = "impossible date or time '\(Sanitize.text(bad, limit: 40))' in \(line.name)"
          if kind == .exdate || kind == .rdate {
            person.diagnostics.append(
              Diagnostic(file: file, line: line.number, message: "\(what); the line is ignored"))
            return
          }
          current.invalid = current.invalid ?? (line.number, "event skipped: \(what)")
        }
        component.append(line)
      case "VFREEBUSY":
        guard kind.isForFreeBusy else { return }
        if tooManyParameters(line) { return }
        component.append(line)  // periods are checked one by one in readFreeBusy
      case "VTIMEZONE", "VAVAILABILITY":
        if tooManyParameters(line) { return }
        component.append(line)
      default:
        break
      }
    }
  }

  /// Instances kept from this file so far (`ReadLimits.instancesPerFile`).
  private mutating func checkInstances(_ person: PersonAccumulator, line: Int?) throws {
    let count = person.instanceCount
    let base = instancesBefore ?? 0
    if count - base > options.limits.instancesPerFile {
      throw error(
        line,
        "more than \(options.limits.instancesPerFile) instances in this file up to the window's end; --max-file-instances raises the limit, or narrow the window"
      )
    }
  }

  /// Whether a line bound for libical has more parameters than the limit; the component is
  /// then skipped with a warning.
  private mutating func tooManyParameters(_ line: ContentLine) -> Bool {
    guard line.hasMoreParameters(than: options.limits.parameters) else { return false }
    let what = componentName == "VEVENT" ? "event" : componentName
    current.invalid =
      current.invalid
      ?? (
        line.number,
        "\(what) skipped: more than \(options.limits.parameters) parameters on \(Sanitize.text(line.name, limit: 40))"
      )
    return true
  }

  /// Components that never belong inside a VEVENT (a VALARM does; unknown X- ones are ignored).
  static let notInsideEvents: Set<String> = [
    "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY", "STANDARD",
    "DAYLIGHT",
  ]

  /// Components accepted without a VCALENDAR around them.
  static let bareComponents: Set<String> = [
    "VAVAILABILITY",
    "VEVENT", "VFREEBUSY", "VTIMEZONE", "VTODO", "VJOURNAL",
  ]

  private mutating func startCalendar() {
    calendars += 1
    componentsInCalendar = 0
    implicitCalendar = false
    homeZone = homeOverride ?? options.defaultZone
    homeFromCalendar = false
    zones = ZoneTable()
  }

  /// END:VCALENDAR: components waiting for a VTIMEZONE defined later get a last try.
  private mutating func endCalendar(into person: inout PersonAccumulator) throws {
    implicitCalendar = false
    let waiting = deferred
    deferred = []
    for (lines, state) in waiting {
      try handle("VEVENT", lines: lines, state: state, deferUnknownZones: false, into: &person)
    }
  }

  /// A line outside every component: an error before the first calendar (this is not
  /// iCalendar), a warning after one (trailing text, e.g. a cache comment).
  private mutating func outside(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    guard calendars > 0 else {
      throw error(line.number, "not iCalendar: expected BEGIN:VCALENDAR")
    }
    if !warnedOutside {
      warnedOutside = true
      person.diagnostics.append(
        Diagnostic(file: file, line: line.number, message: "text outside a VCALENDAR ignored"))
    }
  }

  mutating func finish(bytesRead: Int) throws {
    if let open = stack.last {
      throw error(
        nil,
        "truncated: BEGIN:\(Sanitize.text(open.name, limit: 40)) of line \(open.line) never ends")
    }
    if bytesRead == 0 { throw error(nil, "empty file: no calendar data") }
    if calendars == 0 {
      throw error(
        nil, sawContent ? "not iCalendar: no BEGIN:VCALENDAR" : "not iCalendar: only blank lines")
    }
  }

  private mutating func handle(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    into person: inout PersonAccumulator
  ) throws {
    for (line, message) in state.notes {
      person.diagnostics.append(
        Diagnostic(file: file, line: line, uid: state.uidRaw, message: message))
    }
    if let (line, message) = state.invalid {
      person.diagnostics.append(
        Diagnostic(file: file, line: line, uid: state.uidRaw, message: message))
      return
    }
    switch kind {
    case "VTIMEZONE":
      readTimeZone(lines, into: &person)
    case "VEVENT":
      var warnings: [Diagnostic] = []
      let file = self.file
      let preRead = state.preRead
      if options.simpleEvents && !options.lint && !options.explain,
        let simple = SimpleEvent(lines)
      {
        do {
          let contribution = try simple.contribution(
            preRead: preRead, zones: zones, home: homeZone, options: options,
            deferUnknown: deferUnknownZones, file: file,
            warn: { line, uid, message in
              warnings.append(Diagnostic(file: file, line: line, uid: uid, message: message))
            },
            lineOf: { name in (lines.first { $0.name == name } ?? lines[0]).number })
          person.diagnostics += warnings
          person.add(contribution)
        } catch {
          deferred.append((lines, state))  // an unknown zone: wait for the end of the VCALENDAR
        }
        return
      }
      var summary: String? = nil
      let (options, zones, homeZone, homeFromCalendar) = (
        self.options, self.zones, self.homeZone, self.homeFromCalendar
      )
      let read = { (comp: OpaquePointer) -> Result<EventContribution?, InstanceCapError> in
        if options.explain {
          summary = icalcomponent_get_summary(comp).map { String(cString: $0) }
        }
        let reader = EventReader(
          comp: comp, lines: lines, file: file, zones: zones, home: homeZone,
          homeFromCalendar: homeFromCalendar, options: options,
          deferUnknownZones: deferUnknownZones,
          warn: { line, uid, message in
            warnings.append(Diagnostic(file: file, line: line, uid: uid, message: message))
          },
          preRead: preRead,
          note: { line, uid, message in
            warnings.append(
              Diagnostic(file: file, line: line, uid: uid, message: message, severity: .note))
          })
        do {
          return .success(try reader.read())
        } catch let error as InstanceCapError {
          return .failure(error)
        } catch {
          return .success(nil)  // an unknown zone: wait for the end of the VCALENDAR
        }
      }
      // A series of plain parts is built into a component directly; anything else is parsed.
      let plain =
        options.simpleEvents && !options.lint && !options.explain ? PlainSeries(lines) : nil
      let result =
        plain.flatMap { Libical.build($0, lines: lines, read) } ?? Libical.parse(lines, read)
      if case .parsed(.failure(let cap)) = result {
        var message = "a recurring event has more than \(cap.cap) instances up to the window's end"
        if let uid = cap.uid { message += " (UID \(Sanitize.text(uid, limit: 120)))" }
        message += "; raise --max-instances or narrow the window"
        throw error(cap.line, message)
      }
      if options.lint { lintEvent(lines, into: &person) }
      switch result.map({ try? $0.get() }) {
      case .parsed(let contribution?):
        person.diagnostics += warnings
        if options.lint, case .master(let uid?, _, _, _, _, _) = contribution,
          person.hasMaster(uid)
        {
          person.diagnostics.append(
            Diagnostic(
              file: file, line: lines.first?.number, uid: uid,
              message: "another event has the same UID (the highest SEQUENCE wins)",
              severity: .note))
        }
        if options.explain {
          person.currentOrigin = Origin(
            file: file, line: lines.first?.number,
            uid: state.uidRaw, summary: summary)
        }
        person.add(contribution)
      case .parsed(nil):
        deferred.append((lines, state))
      case .failed:
        person.diagnostics.append(
          Diagnostic(
            file: file, line: lines.first?.number,
            message: "event skipped: libical cannot parse it"))
      }
    case "VFREEBUSY":
      readFreeBusy(lines, into: &person)
    case "VAVAILABILITY":
      readAvailability(lines, into: &person)
    default:
      break  // VTODO, VJOURNAL, X- components: never busy
    }
  }

  /// RFC 7953 VAVAILABILITY: inside its DTSTART–DTEND (or everywhere, without them) the person
  /// is unavailable except in its AVAILABLE components (which may recur). With `--hours` or
  /// `--days`, that unavailable time replaces the working hours for this person.
  private mutating func readAvailability(
    _ lines: [ContentLine], into person: inout PersonAccumulator
  ) {
    var warnings: [Diagnostic] = []
    let file = self.file
    let options = self.options
    let zones = self.zones
    let home = homeZone
    let homeFromCalendar = self.homeFromCalendar
    let parsed: Libical.Parsed<[Interval]?> = Libical.parse(lines) { comp -> [Interval]? in
      let props = PropertyReader(comp: comp, zones: zones, file: file, home: home)
      func bound(_ kind: icalproperty_kind, _ get: (OpaquePointer) -> icaltimetype) -> Instant? {
        guard let prop = icalcomponent_get_first_property(comp, kind),
          let value = try? props.value(get(prop), prop: prop, warn: { _ in }, deferUnknown: false)
        else { return nil }
        return value.instant(home: home)
      }
      let start = bound(ICAL_DTSTART_PROPERTY, icalproperty_get_dtstart) ?? options.window.start
      let end = bound(ICAL_DTEND_PROPERTY, icalproperty_get_dtend) ?? options.window.end
      guard let range = Interval(start, end).clamped(to: options.window) else { return [] }
      var available: [Interval] = []
      var child = icalcomponent_get_first_component(comp, ICAL_XAVAILABLE_COMPONENT)
      while let available_ = child {
        let reader = EventReader(
          comp: available_, lines: lines, file: file, zones: zones, home: home,
          homeFromCalendar: homeFromCalendar, options: options, deferUnknownZones: false,
          warn: { line, uid, message in
            warnings.append(Diagnostic(file: file, line: line, uid: uid, message: message))
          })
        if case .master(_, _, _, let instances, _, _)? = try? reader.read() {
          available += instances.map(\.interval)
        }
        child = icalcomponent_get_next_component(comp, ICAL_XAVAILABLE_COMPONENT)
      }
      return FreeSlots.free(busy: available, in: range)
    }
    guard case .parsed(let unavailable?) = parsed else {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message: "VAVAILABILITY cannot be read; ignored"))
      return
    }
    person.diagnostics += warnings
    person.hasAvailability = true
    person.unavailable += unavailable
  }

  /// `freetime check`: zones named by TZID that the file does not define, once per file.
  private mutating func lintEvent(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    for line in lines where line.kind.isTime {
      // The parameter's name in any case; its value as written.
      let text = String(decoding: line.bytes, as: UTF8.self)
      let upper = ContentLine.asciiUppercased(line.bytes)
      guard let range = upper.firstRange(of: ";TZID=") else { continue }
      let after = text.utf8.index(
        text.startIndex, offsetBy: upper.utf8.distance(from: upper.startIndex, to: range.upperBound)
      )
      var tzid = String(text[after...].prefix { $0 != ":" && $0 != ";" })
      if tzid.hasPrefix("\""), tzid.hasSuffix("\""), tzid.count >= 2 {
        tzid = String(tzid.dropFirst().dropLast())
      }
      guard !notedZones.contains(tzid) else { continue }
      notedZones.insert(tzid)
      switch zones.source(of: tzid) {
      case .file, .unknown:
        break  // defined here, or already a warning
      case .system:
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "TZID '\(Sanitize.text(tzid, limit: 80))' has no VTIMEZONE in the file; the system zone is used",
            severity: .note))
      case .windows:
        let iana = zones.zone(for: tzid)?.name ?? "?"
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "Windows zone name '\(Sanitize.text(tzid, limit: 80))' without a VTIMEZONE; read as \(iana)",
            severity: .note))
      }
    }
  }

  private mutating func readTimeZone(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    // Observance rules other than FREQ=YEARLY make libical 3.0.16 spin (LIBICAL_NOTES.md).
    for line in lines where line.name == "RRULE" {
      let value = line.value.uppercased()
      if !value.contains("FREQ=YEARLY") {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message: "VTIMEZONE with a non-yearly rule ignored; its TZID is looked up by name"))
        return
      }
    }
    let file = self.file
    let tzidLine = lines.first { $0.name == "TZID" }
    let tzid = tzidLine?.value ?? ""
    guard !tzid.isEmpty else {
      person.diagnostics.append(
        Diagnostic(file: file, line: lines.first?.number, message: "VTIMEZONE without TZID ignored")
      )
      return
    }
    // libical accepts a VTIMEZONE without observances, or with offsets it cannot read, and
    // then reads every time in it as UTC: ignore such a zone, so its TZID is looked up by name
    // (or falls back to the home zone, with a warning).
    let shownID = Sanitize.text(tzid, limit: 80)
    let observances = lines.filter {
      $0.name == "BEGIN" && ($0.keyword == "STANDARD" || $0.keyword == "DAYLIGHT")
    }
    if observances.isEmpty {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message:
            "VTIMEZONE '\(shownID)' has no STANDARD or DAYLIGHT; ignored, its TZID is looked up by name"
        ))
      return
    }
    for line in lines where line.name == "TZOFFSETFROM" || line.name == "TZOFFSETTO" {
      if ICSDateText.offset(line.value) == nil {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "VTIMEZONE '\(shownID)': \(line.name) '\(Sanitize.text(line.value, limit: 30))' cannot be read; the zone is ignored, its TZID is looked up by name"
          ))
        return
      }
    }
    // The earliest observance onset (DTSTART in the offset it changes from).
    var coveredFrom = Instant.max
    var onset: Int64? = nil
    for line in lines {
      switch line.name {
      case "BEGIN": onset = nil
      case "DTSTART":
        onset = WhenSyntax.parse(
          ICSDateText.iso(line.value), now: 0, base: 0, zone: FixedOffset(seconds: 0))
      case "TZOFFSETFROM":
        if let o = onset, let offset = ICSDateText.offset(line.value) {
          coveredFrom = min(coveredFrom, o - Int64(offset))
        }
      default: break
      }
    }
    // libical zones are built and used only under the lock (while a component is read).
    let zone: Zone? = Libical.withLock(exclusive: false) {
      guard let comp = Libical.parseOwnedUnlocked(lines) else { return nil }
      return Zone.fromComponent(comp, tzid: tzid, coveredFrom: coveredFrom)
    }
    guard let zone else {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message: "VTIMEZONE '\(Sanitize.text(tzid, limit: 80))' cannot be read; looked up by name"
        ))
      return
    }
    zones.define(zone, tzid: tzid)
  }

  /// VFREEBUSY periods, read here without libical: each period of a FREEBUSY line on its own,
  /// so one unreadable period costs only itself (libical drops the rest of its line, and keeps
  /// at most 500 periods of one line). FBTYPE as RFC 5545 §3.2.9 says: FREE blocks nothing,
  /// BUSY-TENTATIVE follows --tentative, anything else is BUSY. A period that ends before it
  /// starts is skipped with a warning, as an event with DTEND before DTSTART is.
  private mutating func readFreeBusy(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    var periods: [(Interval, Bool, Int?, String)] = []
    var warnings: [Diagnostic] = []
    let tentativeBlocks = options.tentative == .busy
    for line in lines where line.name == "FREEBUSY" {
      let type = ContentLine.asciiUppercased(
        line.parameter("FBTYPE").map { $0.filter { $0 != 0x22 } } ?? Array("BUSY".utf8))
      let tentative = type == "BUSY-TENTATIVE"
      if type == "FREE" || (tentative && !tentativeBlocks) { continue }
      for text in line.value.split(separator: ",", omittingEmptySubsequences: false) {
        let shown = Sanitize.text(String(text), limit: 60)
        guard let period = ICSDateText.period(String(text), home: homeZone) else {
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' cannot be read; that period is ignored"))
          continue
        }
        guard period.end > period.start else {
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' ends before it starts; that period is ignored"))
          continue
        }
        periods.append((period, tentative, line.number, tentative ? "BUSY-TENTATIVE" : "BUSY"))
      }
    }
    person.diagnostics += warnings
    let uid = lines.first { $0.name == "UID" }?.value
    for (period, tentative, line, type) in periods {
      if options.explain {
        person.currentOrigin = Origin(
          file: file, line: line, uid: uid, summary: "free/busy \(type)")
      }
      person.addPlain(period, tentative: tentative)
    }
  }
}

/// Small readers of iCalendar value text used before libical sees a component.
enum ICSDateText {
  /// A DATE-TIME value (`20261124T090000Z`, or floating, read in `home`) as an instant.
  static func dateTime(_ text: Substring, home: Zone) -> Instant? {
    let v = Array(text.utf8)
    guard v.count == 15 || (v.count == 16 && v[15] == UInt8(ascii: "Z")), v[8] == UInt8(ascii: "T")
    else { return nil }
    func number(_ r: Range<Int>) -> Int? {
      var n = 0
      for i in r {
        let d = Int(v[i]) - 48
        guard d >= 0 && d <= 9 else { return nil }
        n = n * 10 + d
      }
      return n
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
      CivilTime.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 61
    else { return nil }
    let civil =
      CivilTime.days(year: year, month: month, day: day) * 86400
      + Int64(hour * 3600 + minute * 60 + min(second, 59))
    return v.count == 16 ? civil : home.instant(civil: civil)
  }

  /// A PERIOD value: `start/end` or `start/duration` (RFC 5545 §3.3.9).
  static func period(_ text: String, home: Zone) -> Interval? {
    let parts = text.trimmingWhitespace().split(
      separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = dateTime(parts[0], home: home) else { return nil }
    if let end = dateTime(parts[1], home: home) { return Interval(start, end) }
    var duration = parts[1]
    var sign: Int64 = 1
    if duration.first == "+" || duration.first == "-" {
      if duration.first == "-" { sign = -1 }
      duration = duration.dropFirst()
    }
    guard duration.first == "P", let length = DurationSyntax.parse(String(duration)) else {
      return nil
    }
    return Interval(start, start + sign * length)
  }

  /// `19701025T030000` → `1970-10-25T03:00:00`, for `WhenSyntax`.
  static func iso(_ value: String) -> String {
    let v = Array(value.trimmingWhitespace().utf8)
    guard v.count >= 15, v[8] == UInt8(ascii: "T") else { return "" }
    func part(_ r: Range<Int>) -> String { String(decoding: v[r], as: UTF8.self) }
    return
      "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(9..<11)):\(part(11..<13)):\(part(13..<15))"
  }

  /// `+0130`, `-0500`, `+013045` → seconds east of UTC.
  static func offset(_ value: String) -> Int? {
    let v = Array(value.trimmingWhitespace().utf8)
    guard v.count == 5 || v.count == 7, v[0] == 43 || v[0] == 45,
      v.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return nil }
    let d = v.dropFirst().map { Int($0 - 48) }
    var seconds = (d[0] * 10 + d[1]) * 3600 + (d[2] * 10 + d[3]) * 60
    if d.count == 6 { seconds += d[4] * 10 + d[5] }
    return v[0] == 45 ? -seconds : seconds
  }
}
