import FoundationEssentials
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Files, directories and streams: where the bytes of a calendar come from.
extension CalendarReader {
  /// The `.ics` files below a directory (one person: a vdir, or a tree of them such as
  /// vdirsyncer's one sub-directory per calendar), sorted by path, and the other files that
  /// begin with `BEGIN:VCALENDAR` (KOrganizer's directory resource names its files by UID
  /// alone; `.ical`, `.ifb`). Hidden files and directories (vdirsyncer's and editors' state) are
  /// skipped; symbolic links to directories are not followed (no loops), those to files are
  /// read. A FIFO, a device or a socket is never opened: named `.ics`, it is an error
  /// (docs/BAD-INPUT.md).
  public static func calendarFiles(in path: String) throws -> [String] {
    try listFiles(in: path).paths
  }

  /// `calendarFiles(in:)` as a `PathList`, whose strings are made as the files are read.
  static func listFiles(in path: String) throws -> PathList {
    var files = PathList()
    // `dir/` as `dir`, but `/` as it is.
    let directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    try collect(directory, into: &files, depth: 0)
    if files.isEmpty {
      throw ReadError(file: path, message: "the directory has no .ics files (also below it)")
    }
    return files
  }

  /// A name read from a directory: where it is in the listing's buffer, and its type.
  private typealias Name = (start: Int, count: Int, type: UInt8)

  private static func collect(_ directory: String, into files: inout PathList, depth: Int) throws {
    // readdir(3) directly: a vdir holds thousands of files, and names sorted by their bytes
    // cost less than as strings.
    guard let handle = opendir(directory) else {
      throw ReadError(
        file: directory, message: "cannot read the directory: \(String(cString: strerror(errno)))")
    }
    // The names end to end in one buffer, each an offset, a length and its type.
    var storage: [UInt8] = []
    var names: [Name] = []
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(handle) {
      let type = entry.pointee.d_type
      // The name where it is (a copy of the field, 256 bytes, for each of a vdir's thousands of
      // entries was a tenth of the listing's time).
      let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(
        to: UInt8.self)
      let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
      // Hidden files and directories, `.` and `..` among them.
      guard count > 0, name[0] != 0x2E else { continue }
      names.append((storage.count, count, type))
      storage.append(contentsOf: UnsafeBufferPointer(start: name, count: count))
    }
    closedir(handle)
    // Opens the files named otherwise to look at them, by their names in the directory.
    let opener = DirectoryOpener()
    // The files of `.` are named as a person writes them: `a.ics`, not `./a.ics`; of `/`,
    // `/a.ics` (docs/GUIDE.md, Output formats).
    let prefix = directory == "." ? [] : Array(directory.utf8) + (directory == "/" ? [] : [0x2F])
    files.reserve(paths: names.count, bytes: storage.count + names.count * (prefix.count + 1))
    try storage.withUnsafeBufferPointer { storage in
      let order = sorted(names, in: storage)
      for i in order {
        let (start, count, type) = names[i]
        let bytes = UnsafeBufferPointer(rebasing: storage[start..<(start + count)])
        // The path as a string only where one is needed: the list keeps its bytes.
        func path() -> String { String(decoding: prefix + bytes, as: UTF8.self) }
        // As the C string of its bytes, which any name has; made only to look at the file.
        func cPath() -> [UInt8] { prefix + bytes + [0] }
        let kind = entryKind(type, cPath)
        let calendarNamed = hasICSSuffix(bytes)
        // A path is a string when read: a name that is not UTF-8 cannot be opened by it. A
        // calendar (or a directory) of that name is an error, not left out.
        if !LineScanner.isUTF8(bytes) {
          if kind == .directory || calendarNamed
            || (kind == .file && beginsCalendar(cPath(), opener: opener))
          {
            throw ReadError(
              file: Sanitize.text(path(), limit: 300),
              message: "its name is not UTF-8 and cannot be opened; rename it")
          }
          continue
        }
        switch kind {
        case .directory:
          if depth < 32 { try collect(path(), into: &files, depth: depth + 1) }
        case .file:
          if takes(bytes, begins: beginsCalendar(cPath(), opener: opener)) {
            files.append(prefix: prefix, name: bytes)
          }
        case .other:
          // Opening a FIFO waits for a writer; a device or a socket holds no calendar.
          if calendarNamed {
            throw notRegular(Sanitize.text(path(), limit: 300))
          }
        }
      }
    }
  }

  /// The order of `names` (in `storage`) by their bytes: by eight of them after the prefix
  /// every name shares, as one number, in a radix sort (a vdir's tens of thousands of names
  /// took the standard library's sort about 100 ns each); names whose eight bytes are the same are
  /// then ordered by the rest of theirs.
  private static func sorted(_ names: [Name], in storage: UnsafeBufferPointer<UInt8>) -> [Int] {
    guard names.count > 1 else { return Array(names.indices) }
    let base = storage.baseAddress!
    var shared = names[0].count
    for name in names.dropFirst() where shared > 0 {
      var k = 0
      while k < min(shared, name.count), base[names[0].start + k] == base[name.start + k] {
        k += 1
      }
      shared = k
    }
    let keys = names.map { name -> UInt64 in
      if name.count >= shared + 8 {
        return UInt64(
          bigEndian: UnsafeRawPointer(base + name.start + shared).loadUnaligned(as: UInt64.self))
      }
      var key: UInt64 = 0
      for k in shared..<(shared + 8) {
        key = key << 8 | UInt64(k < name.count ? base[name.start + k] : 0)
      }
      return key
    }
    var order = radixOrder(keys)
    // Runs of the same key: by the rest of their bytes.
    var i = 0
    while i < order.count {
      var j = i + 1
      while j < order.count, keys[order[j]] == keys[order[i]] { j += 1 }
      if j - i > 1 {
        order[i..<j].sort { a, b in
          let (a, b) = (names[a], names[b])
          let order = memcmp(base + a.start, base + b.start, min(a.count, b.count))
          return order != 0 ? order < 0 : a.count < b.count
        }
      }
      i = j
    }
    return order
  }

  /// The indices of `keys` in the order of their values (a least-significant-byte-first radix
  /// sort, stable; a byte every key has the same is passed over).
  private static func radixOrder(_ keys: [UInt64]) -> [Int] {
    let n = keys.count
    var order = Array(0..<n)
    var next = order
    var counts = [Int](repeating: 0, count: 8 * 256)
    keys.withUnsafeBufferPointer { keys in
      counts.withUnsafeMutableBufferPointer { counts in
        for key in keys {
          for byte in 0..<8 {
            counts[byte << 8 | Int(truncatingIfNeeded: key >> (8 * byte)) & 255] += 1
          }
        }
        for byte in 0..<8 {
          let digits = byte << 8
          if counts[digits | Int(truncatingIfNeeded: keys[0] >> (8 * byte)) & 255] == n { continue }
          var sum = 0
          for d in digits..<(digits + 256) { (counts[d], sum) = (sum, sum + counts[d]) }
          order.withUnsafeBufferPointer { from in
            next.withUnsafeMutableBufferPointer { to in
              for i in from {
                let d = digits | Int(truncatingIfNeeded: keys[i] >> (8 * byte)) & 255
                to[counts[d]] = i
                counts[d] += 1
              }
            }
          }
          swap(&order, &next)
        }
      }
    }
    return order
  }

  /// The error for a directory's file that is a FIFO, a device or a socket.
  private static func notRegular(_ path: String) -> ReadError {
    ReadError(file: path, message: "not a regular file (a FIFO, a device or a socket); move it out")
  }

  /// What a directory's entry is, as far as the listing needs to know: a symbolic link is a
  /// file, looked at when read (one to a directory is not followed: no loops; to a FIFO, it is
  /// not read).
  private enum EntryKind { case directory, file, other }

  private static func entryKind(_ type: UInt8, _ cPath: () -> [UInt8]) -> EntryKind {
    switch Int32(type) {
    case Int32(DT_DIR): return .directory
    case Int32(DT_FIFO), Int32(DT_CHR), Int32(DT_BLK), Int32(DT_SOCK): return .other
    case Int32(DT_UNKNOWN): break
    default: return .file
    }
    // A file system that does not say (DT_UNKNOWN); an entry gone since it was listed is a file
    // the reading will not find.
    var info = stat()
    let found = cPath().withUnsafeBufferPointer { buffer in
      lstat(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), &info) == 0
    }
    switch found ? info.st_mode & S_IFMT : S_IFREG {
    case S_IFDIR: return .directory
    case S_IFREG, S_IFLNK: return .file
    default: return .other
    }
  }

  /// Whether a directory's reading takes the file of this name (`calendarFiles`): one not
  /// hidden, named `.ics` (in any case) or beginning with `BEGIN:VCALENDAR` (`begins`, looked
  /// at only for another name).
  private static func takes<Bytes: RandomAccessCollection<UInt8>>(
    _ name: Bytes, begins: @autoclosure () -> Bool
  ) -> Bool where Bytes.Index == Int {
    name.first != 0x2E && (hasICSSuffix(name) || begins())
  }

  /// `takes` for the last name of a path written elsewhere (`-o`), whose text does or does not
  /// begin with `BEGIN:VCALENDAR`.
  public static func takes(fileNamed name: String, beginsCalendar: Bool) -> Bool {
    takes(Array(name.utf8)[...], begins: beginsCalendar)
  }

  /// Whether a name (or a path) ends in `.ics`, in any case.
  public static func hasICSName(_ name: String) -> Bool {
    hasICSSuffix(Array(name.utf8.suffix(4))[...])
  }

  /// Whether a file name ends in `.ics`, in any case.
  private static func hasICSSuffix<Bytes: RandomAccessCollection<UInt8>>(_ name: Bytes) -> Bool
  where Bytes.Index == Int {
    let n = name.endIndex
    return name.count >= 4 && name[n - 4] == 0x2E && name[n - 3] | 0x20 == 0x69
      && name[n - 2] | 0x20 == 0x63 && name[n - 1] | 0x20 == 0x73
  }

  /// Whether a file's first bytes, after a byte-order mark and white space, are
  /// `BEGIN:VCALENDAR` (in any case): the file of the path given as the bytes of a C string
  /// (ended by a NUL; a name that is not UTF-8 is looked at too), opened by `opener` (without
  /// waiting, its access time kept) and read only if it is a regular file.
  static func beginsCalendar(_ cPath: [UInt8], opener: DirectoryOpener) -> Bool {
    let fd = cPath.withUnsafeBufferPointer {
      opener.open(cString: UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
    }
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count: Int = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 64) }
    guard count > 0 else { return false }
    var bytes: ArraySlice<UInt8> = buffer[..<count]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF] as [UInt8]) { bytes = bytes.dropFirst(3) }
    bytes = bytes.drop { (b: UInt8) -> Bool in b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }
    let wanted: [UInt8] = Array("BEGIN:VCALENDAR".utf8)
    guard bytes.count >= wanted.count else { return false }
    for (b, w) in zip(bytes, wanted) where (b >= 0x61 && b <= 0x7A ? b - 0x20 : b) != w {
      return false
    }
    return true
  }

  /// Reads one file into `person`; adds its components that wait for the person's home zone to
  /// `waiting` (`WaitingFile`). With a spare core, a big file is scanned on it (`LineFeed`).
  static func readFile(
    _ path: String, home: Zone?, owner: OwnerHint, options: ReadOptions, source: Int = 0,
    into person: inout PersonAccumulator, waiting: inout [WaitingFile], buffers: inout ScanBuffers,
    opener: DirectoryOpener? = nil, spare: SpareCores? = nil
  ) throws {
    // Opened first and looked at once (a vdir's thousands of files each cost their system
    // calls), by its name in its directory when the caller reads a directory's files.
    let fd = opener?.open(path) ?? open(path, O_RDONLY)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR {
        throw ReadError(file: path, message: "no such file")
      }
      throw ReadError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var info = stat()
    let known = fstat(fd, &info) == 0
    if known && info.st_mode & S_IFMT == S_IFDIR {
      throw ReadError(file: path, message: "is a directory")
    }
    // A directory's file (opened without waiting): only a regular one is read. A pipe named on
    // the command line is read as a stream.
    if opener != nil, !known || info.st_mode & S_IFMT != S_IFREG {
      throw notRegular(path)
    }
    try readStream(
      fd: fd, displayName: path, home: home, owner: owner, options: options, source: source,
      into: &person, waiting: &waiting, info: known ? info : nil, buffers: &buffers, spare: spare)
  }

  static func readStream(
    fd: Int32, displayName: String, home: Zone?, owner: OwnerHint, options: ReadOptions,
    source: Int = 0, into person: inout PersonAccumulator, waiting: inout [WaitingFile],
    info given: stat? = nil, buffers: inout ScanBuffers, spare: SpareCores? = nil
  ) throws {
    var info = given ?? stat()
    let known = given != nil || fstat(fd, &info) == 0
    let size = known && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    // A big file, or a pipe, with a core to spare is scanned on that core (`LineFeed`).
    let feed = LineFeed.start(
      reading: fd, size: size, pipe: known && (info.st_mode & S_IFMT) == S_IFIFO,
      options: options, spare: spare)
    defer { feed?.stop() }
    // A block of 128 KiB (its pages are touched once and reused for the whole file), or the
    // whole file when it is smaller.
    var scanner =
      if let feed {
        LineScanner(feed: feed, reusing: &buffers)
      } else {
        LineScanner(
          fd: fd, blockSize: size > 0 ? min(1 << 17, max(1 << 12, size + 1)) : 1 << 17,
          progress: options.progress, reusing: &buffers)
      }
    defer { scanner.giveBack(into: &buffers) }
    scanner.regularFileSize = size
    person.expect(bytes: size)
    scanner.checksUTF8 = options.lint
    scanner.maxLineBytes = options.limits.lineBytes
    let watch = buffers.watch(file: displayName, budget: options.limits.cpuSeconds, size: size)
    defer { watch?.idle() }
    try readStream(
      &scanner, displayName: displayName, home: home, owner: owner, options: options,
      source: source, into: &person, waiting: &waiting, watch: watch, buffers: &buffers)
  }

  /// Reads a file `FilePrefetch` read ahead (`range` of its chunk's `storage`), as
  /// `readStream(fd:…)` reads it from its descriptor.
  static func readLoaded(
    _ storage: [UInt8], _ range: Range<Int>, displayName: String, home: Zone?, owner: OwnerHint,
    options: ReadOptions, source: Int, into person: inout PersonAccumulator,
    waiting: inout [WaitingFile], buffers: inout ScanBuffers
  ) throws {
    var scanner = LineScanner(bytes: storage, range: range, reusing: &buffers)
    defer { scanner.giveBackLines(into: &buffers) }
    scanner.checksUTF8 = options.lint
    scanner.maxLineBytes = options.limits.lineBytes
    options.progress?.add(range.count)
    let watch = buffers.watch(
      file: displayName, budget: options.limits.cpuSeconds, size: range.count)
    defer { watch?.idle() }
    try readStream(
      &scanner, displayName: displayName, home: home, owner: owner, options: options,
      source: source, into: &person, waiting: &waiting, watch: watch, buffers: &buffers)
  }

  /// Feeds every content line of `scanner` to a `FileReader`; scanner failures become
  /// `ReadError`s naming the file and line. `buffers.reader` is the reader of the person's last
  /// file (`FileReader.reuse`), and this file's afterwards; what waits for the home zone is
  /// taken out of it to `waiting` with the file's component reader and last VCALENDAR
  /// (`FileReader.takeWaiting`).
  static func readStream(
    _ scanner: inout LineScanner, displayName: String, home: Zone?, owner: OwnerHint,
    options: ReadOptions, source: Int = 0, into person: inout PersonAccumulator,
    waiting: inout [WaitingFile], watch: Watchdog.Watch? = nil, buffers: inout ScanBuffers
  ) throws {
    // One person's files share their options, owner and home zone. The reader is used where it
    // is, never copied: a copy retains each of its parts.
    if buffers.reader == nil || buffers.reader!.homeOverride !== home {
      buffers.reader = FileReader(
        file: displayName, options: options, homeOverride: home, owner: owner)
      buffers.reader!.reader.source = source
    } else {
      buffers.reader!.reuse(file: displayName, source: source)
    }
    do {
      try readLines(
        &scanner, file: &buffers.reader!, into: &person, watch: watch,
        recentZones: &buffers.recentZones)
    } catch {
      buffers.reader = nil
      throw error
    }
    guard !buffers.reader!.reader.home.components.isEmpty else { return }
    waiting.append(
      buffers.reader!.takeWaiting(
        instancesAdded: person.instanceCount
          - (buffers.reader!.instancesBefore ?? person.instanceCount)))
  }

  private static func readLines(
    _ scanner: inout LineScanner, file: inout FileReader, into person: inout PersonAccumulator,
    watch: Watchdog.Watch?, recentZones: inout RecentZones
  ) throws {
    file.watch = watch
    var lines = 0
    // A VTIMEZONE being read line by line (`FileReader.passOverKnownTimeZone`).
    var timeZone: FileReader.TimeZoneStart?
    do {
      while true {
        // Lines scanned on another core: those dropped unread are passed over there.
        scanner.skipFed { file.drops($0, hasValue: $1) }
        guard let line = try scanner.next() else { break }
        let kept = file.component.linesKept
        try file.consume(line, into: &person)
        let number = line.number
        if file.component.linesKept != kept {
          scanner.lineWasKept()
        } else {
          scanner.giveBack(line)
        }
        if !file.component.recycled.isEmpty { scanner.recycle(&file.component.recycled) }
        if file.timeZoneBegun {
          timeZone = file.passOverKnownTimeZone(
            &scanner, beginLine: number, recent: &recentZones, into: &person)
        } else if let begun = timeZone, file.stack.count <= 1 {
          timeZone = nil
          file.rememberTimeZone(begun, scanner: scanner, diagnostics: person.diagnostics.count)
        }
        lines &+= 1
        if lines & 1023 == 0, let watch, watch.bytes.load(ordering: .relaxed) < scanner.bytesRead {
          watch.bytes.store(scanner.bytesRead, ordering: .relaxed)  // a pipe: budget as it grows
        }
      }
    } catch let error as LineScanner.ScanError {
      throw ReadError(error, file: file.file, options: file.options)
    }
    if file.options.lint, let line = scanner.notUTF8Lines.first {
      person.diagnostics.append(
        Diagnostic(
          file: file.file, line: line,
          message:
            "text that is not UTF-8 (Latin-1?) is read with U+FFFD in place of its bytes (first at this line); RFC 5545 text is UTF-8",
          severity: .note))
    }
    if !scanner.controlCharacterLines.isEmpty {
      let lines = scanner.controlCharacterLines
      person.diagnostics.append(
        Diagnostic(
          file: file.file, line: lines[0],
          message: "control characters removed from \(lines.count) line(s)"))
    }
    try file.finish(bytesRead: scanner.bytesRead)
    // The last component's line buffers go to the person's next file.
    file.component.releaseLines()
    scanner.recycle(&file.component.recycled)
  }
}

extension ReadError {
  /// What the scanner found, as an error naming the file and line.
  init(_ error: LineScanner.ScanError, file: String, options: ReadOptions) {
    switch error {
    case .nulByte(let line):
      self.init(file: file, line: line, message: "NUL byte: this is not iCalendar text")
    case .lineTooLong(let line):
      self.init(
        file: file, line: line,
        message:
          "a content line longer than \(options.limits.lineBytes) bytes (--max-line-bytes raises the limit)"
      )
    case .readFailed(let code):
      self.init(file: file, message: "read failed: \(String(cString: strerror(code)))")
    }
  }
}
