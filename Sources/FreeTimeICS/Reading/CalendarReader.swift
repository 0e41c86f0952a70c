import FoundationEssentials
import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads calendars into busy time: the entry point of the reading pipeline
/// (docs/ARCHITECTURE.md, The pipeline).
///
/// A file is read as a stream: the scanner (`LineScanner`) unfolds lines and counts them,
/// `FileReader` tracks BEGIN/END nesting and collects one top-level component at a time, each
/// component is read (events by `EventDescription` and `EventInterpreter`), and
/// `PersonAccumulator` resolves overrides and versions into the person's busy time.
public enum CalendarReader {
  /// Reads one person's (or room's) calendar: a file, a vdir directory, or standard input.
  ///
  /// - Throws: `ReadError` when the calendar cannot be read as iCalendar at all.
  ///
  /// With `readAhead`, a directory's files are read into memory on another core while the ones
  /// before them are parsed (`FilePrefetch`), and a big file is scanned on another core while
  /// its lines are read (`LineFeed`): for a core the other people leave idle.
  public static func read(
    _ source: CalendarSource, options: ReadOptions, readAhead: Bool = false
  ) throws -> PersonCalendar {
    try read(source, options: options, spare: readAhead ? SpareCores(1) : nil)
  }

  /// Reads one person's calendar with the cores no person is read on (`readAll`), if any.
  static func read(
    _ source: CalendarSource, options: ReadOptions, spare: SpareCores?
  ) throws -> PersonCalendar {
    let readAhead = spare != nil
    Libical.setUp()
    let home = options.homeZones[source.name]
    let owner = OwnerHint(source.name, options: options)
    var person = PersonAccumulator(window: options.window)
    var waiting: [WaitingFile] = []
    var buffers = ScanBuffers()
    do {
      // The watchdog watches the thread file after file, and no longer once they are read.
      defer { buffers.finishWatch() }
      for (index, kind) in source.kinds.enumerated() {
        switch kind {
        case .standardInput:
          try readStream(
            fd: 0, displayName: "<stdin>", home: home, owner: owner, options: options,
            source: index, into: &person, waiting: &waiting, buffers: &buffers, spare: spare)
        case .file(let path):
          try readFile(
            path, home: home, owner: owner, options: options, source: index, into: &person,
            waiting: &waiting, buffers: &buffers, spare: spare)
        case .directory(let path):
          let files = try EarlyListings.take(path)?.get() ?? listFiles(in: path)
          let opener = DirectoryOpener()
          guard readAhead, files.count > 1 else {
            for i in 0..<files.count {
              try readFile(
                files[i], home: home, owner: owner, options: options, source: index,
                into: &person, waiting: &waiting, buffers: &buffers, opener: opener)
            }
            continue
          }
          let ahead = FilePrefetch(files)
          ahead.start()
          defer { ahead.stop() }
          for c in 0..<ahead.chunks {
            let loaded = ahead.take(c)
            for (k, i) in ahead.range(c).enumerated() {
              let path = loaded?.paths[k] ?? files[i]
              if case .bytes(let storage, let range) = loaded?.files[k] {
                try readLoaded(
                  storage, range, displayName: path, home: home, owner: owner, options: options,
                  source: index, into: &person, waiting: &waiting, buffers: &buffers)
              } else {
                try readFile(
                  path, home: home, owner: owner, options: options, source: index,
                  into: &person, waiting: &waiting, buffers: &buffers, opener: opener)
              }
            }
            ahead.done(c)
          }
        }
      }
    }
    person.warnUncovered(
      name: source.name, file: source.argument, lint: options.lint, zone: options.defaultZone)
    var calendar = try finish(
      &person, waiting: &waiting, name: source.name, source: source.argument, role: source.role,
      home: home, options: options, arguments: source.arguments)
    calendar.sources = source.arguments
    return calendar
  }

  /// The person's calendar once every file is read: their home zone is decided and what waited
  /// for it is read.
  static func finish(
    _ person: inout PersonAccumulator, waiting: inout [WaitingFile], name: String,
    source: String, role: Role, home option: Zone?, options: ReadOptions, arguments: [String]
  ) throws -> PersonCalendar {
    var home = person.homeZone(option: option)
    if option != nil, options.homeZonesFromFile.contains(name) { home.from = .peopleFile }
    if options.lint {
      person.diagnostics.append(
        person.homeZones.note(home, file: source, tz: options.defaultZone))
    }
    for i in waiting.indices {
      try waiting[i].read(in: home.zone ?? options.defaultZone, into: &person)
    }
    // A calendar none of whose components that hold time can be read is an error, never
    // "free all the time".
    if let error = person.readability.error(arguments: arguments) { throw error }
    return person.calendar(
      name: name, source: source, role: role, home: home, tentative: options.tentative)
  }

  /// Reads one calendar held in memory, named `name` in messages (the fuzz target, tests).
  public static func read(bytes: [UInt8], name: String, options: ReadOptions) throws
    -> PersonCalendar
  {
    Libical.setUp()
    var person = PersonAccumulator(window: options.window)
    var scanner = LineScanner(bytes: bytes)
    scanner.maxLineBytes = options.limits.lineBytes
    var buffers = ScanBuffers()
    var waiting: [WaitingFile] = []
    try readStream(
      &scanner, displayName: name, home: nil, owner: OwnerHint(), options: options, into: &person,
      waiting: &waiting, buffers: &buffers)
    return try finish(
      &person, waiting: &waiting, name: name, source: name, role: .required, home: nil,
      options: options, arguments: [name])
  }

  /// Reads several calendars on up to `threads` threads (the largest files first), and gives
  /// each one's result in the order of `sources`.
  public static func readAll(
    _ sources: [CalendarSource], options: ReadOptions,
    threads: Int = Cores.usable
  ) -> [Result<PersonCalendar, any Error>] {
    Libical.setUp()
    let workers = max(1, min(threads, sources.count))
    // A core no person is read on reads a vdir's files ahead, or scans a big file.
    let spare = threads > sources.count ? SpareCores(threads - sources.count) : nil
    if workers == 1 {
      return sources.map { source in
        Result { try read(source, options: options, spare: spare) }
      }
    }
    let sizes = sources.map(size)
    let order = sources.indices.sorted { sizes[$0] > sizes[$1] }
    let results = OnePerIndex<Result<PersonCalendar, any Error>>(count: sources.count)
    Threads.forEach(order.count, threads: workers) { k in
      let i = order[k]
      results.set(i, Result { try read(sources[i], options: options, spare: spare) })
    }
    return results.all()
  }

  /// The size in bytes of a source's files (directories and standard input count 0), to start
  /// big calendars first.
  public static func size(_ source: CalendarSource) -> Int {
    source.kinds.reduce(0) { total, kind in
      var info = stat()
      guard case .file(let path) = kind, stat(path, &info) == 0 else { return total }
      return total + Int(info.st_size)
    }
  }
}
