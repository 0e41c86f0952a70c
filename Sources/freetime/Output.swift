import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the result: to standard output, or atomically to a file (`-o`): a temporary file in
/// the same directory, synced, then renamed over the target, so a reader never sees a
/// half-written file and a failure leaves the old file in place.
enum Output {
  /// Warns when `-o FILE` is a file that a directory read as a calendar takes (docs/GUIDE.md,
  /// Usage: `-o`): in that directory or below it, not hidden, named `.ics` or holding
  /// iCalendar. A later run would read this output as part of that person's calendar (slots
  /// written as events would then block the very time they found free).
  static func warnIfReadBack(_ path: String?, iCalendar: Bool, sources: [CalendarSource]) {
    guard let path, path != "-" else { return }
    let (parent, name) = place(of: path)
    guard CalendarReader.takes(fileNamed: name, beginsCalendar: iCalendar),
      let outside = realPath(parent)
    else { return }
    for source in sources {
      for (kind, given) in zip(source.kinds, source.arguments) {
        guard case .directory(let directory) = kind, let read = realPath(directory) else {
          continue
        }
        let below =
          outside == read
          ? "" : outside.hasPrefix(read + "/") ? outside.dropFirst(read.count + 1) : nil
        // Hidden directories below it are not read (`CalendarReader.calendarFiles`).
        guard let below, !below.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
          continue
        }
        Diagnostics.line(
          "freetime: warning: -o \(path) is in \(given), which is read as \(source.name)'s calendar: a later run reads this output as part of it"
        )
        return
      }
    }
  }

  /// The directory a path is in, and its last name (`dir/out.ics`: `dir`, `out.ics`).
  private static func place(of path: String) -> (directory: String, name: String) {
    let directory: String
    if let slash = path.lastIndex(of: "/") {
      directory = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      directory = "."
    }
    return (directory, path.split(separator: "/").last.map(String.init) ?? path)
  }

  /// The path with every link resolved, or nil when it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// - Parameter colour: whether the text carries freetime's own colour (SGR sequences, kept;
  ///   every other escape is removed).
  static func write(_ text: String, to path: String?, quiet: Bool, colour: Bool = false) throws {
    var text = terminalSafe(text, keepingColour: colour)
    try text.withUTF8 { try write(buffer: $0, to: path, quiet: quiet) }
  }

  /// `write` of text already made as UTF-8 bytes (JSON: a quorum's slots can be tens of
  /// megabytes, and a string made of them would be a second copy). Bytes with a control
  /// character in them go the string's way.
  static func write(bytes: [UInt8], to path: String?, quiet: Bool) throws {
    let clean = bytes.withUnsafeBufferPointer { isTerminalSafe($0, keepingColour: false) }
    guard clean else {
      return try write(String(decoding: bytes, as: UTF8.self), to: path, quiet: quiet)
    }
    try bytes.withUnsafeBufferPointer { try write(buffer: $0, to: path, quiet: quiet) }
  }

  private static func write(buffer text: UnsafeBufferPointer<UInt8>, to path: String?, quiet: Bool)
    throws
  {
    // `-o -` is standard output, as everywhere.
    guard let path, path != "-" else {
      if !quiet { writeAll(1, text) }
      return
    }
    let (directory, base) = place(of: path)
    var template = Array("\(directory)/.\(base).freetime-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw CommandError(
        "\(path): cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))"
      )
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // Interrupted (Ctrl-C, kill, a closed terminal) before the rename: the temporary file goes,
    // the target stays as it was.
    pendingTemporary = strdup(temporary)
    for signal in Output.interruptions { Glibc.signal(signal, removeTemporaryAndDie) }
    // A parent may have started us with these blocked (the mask is inherited across exec).
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in Output.interruptions { sigaddset(&mask, signal) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    defer {
      for signal in Output.interruptions { Glibc.signal(signal, SIG_DFL) }
      free(pendingTemporary)
      pendingTemporary = nil
    }
    let ok = writeAll(fd, text) && fsync(fd) == 0
    // For the test that interrupts a write: hold the finished temporary file a while.
    if let pause = getenv("FREETIME_TEST_PAUSE_BEFORE_RENAME"),
      let seconds = UInt32(String(cString: pause))
    {
      sleep(seconds)
    }
    let mode: mode_t = 0o644 & ~currentUmask()
    fchmod(fd, mode)
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CommandError("\(path): cannot write: \(reason)")
    }
    // The rename itself survives a crash once the directory is synced.
    let dirfd = open(directory, O_RDONLY | O_DIRECTORY)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
  }

  static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Output without the characters of `ControlCharacters` but tab, line feed and the CR of a
  /// CR LF (iCalendar lines end so): calendar text never reaches a terminal as an escape
  /// sequence or a bidirectional override, whatever the format. With `keepingColour`, an ESC
  /// that starts an SGR sequence (freetime's own colour) stays. Renderers already clean
  /// calendar text; this is the last line of defence, and costs one scan.
  static func terminalSafe(_ text: String, keepingColour: Bool = false) -> String {
    var text = text
    let clean = text.withUTF8 { isTerminalSafe($0, keepingColour: keepingColour) }
    if clean && !(keepingColour && text.utf8.contains(0x1B)) { return text }
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      let v = scalar.value
      defer { i += 1 }
      if v == 0x1B && keepingColour, let end = Output.sgrEnd(scalars, from: i) {
        out.append(contentsOf: scalars[i...end])
        i = end
        continue
      }
      let layout =
        v == 0x09 || v == 0x0A || (v == 0x0D && i + 1 < scalars.count && scalars[i + 1] == "\n")
      if layout || !ControlCharacters.contains(scalar) { out.append(scalar) }
    }
    return String(out)
  }

  /// Whether UTF-8 `bytes` hold no control character but tab, line feed and the CR of a CR LF
  /// (and, with `keepingColour`, ESC, which `terminalSafe` then looks at).
  static func isTerminalSafe(_ bytes: UnsafeBufferPointer<UInt8>, keepingColour: Bool) -> Bool {
    // Eight bytes at a time: a word is looked at byte by byte only when it holds a byte that
    // may start a control character (ControlCharacters.mayStart: below 0x20, tab and line
    // feed too, DEL, 0xC2 or 0xE2).
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    var i = 0
    while i < bytes.count {
      if i + 8 <= bytes.count {
        let x = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
        if (x &- ones &* 0x20) & ~x & highs == 0 && !hasZero(x ^ (ones &* 0x7F))
          && !hasZero(x ^ (ones &* 0xC2)) && !hasZero(x ^ (ones &* 0xE2))
        {
          i += 8
          continue
        }
      }
      let end = min(i + 8, bytes.count)
      while i < end {
        defer { i += 1 }
        let b = bytes[i]
        if b == 0x1B && keepingColour { continue }  // checked below, on the slow path
        if b == 0x09 || b == 0x0A { continue }
        if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { continue }
        if ControlCharacters.starts(at: i, in: bytes) { return false }
      }
    }
    return true
  }

  /// The index of the `m` ending an SGR sequence (ESC [ digits and semicolons m) at `start`.
  static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var j = start + 2
    while j < scalars.count, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) { j += 1 }
    return j < scalars.count && scalars[j] == "m" ? j : nil
  }

  /// Writes a string's UTF-8 without copying it first (native strings are contiguous).
  @discardableResult
  static func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in writeAll(fd, utf8) }
  }

  @discardableResult
  static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        if fd == 1 { standardOutputFailed(errno) }
        return false
      }
      offset += n
    }
    return true
  }

  @discardableResult
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
  }

  /// Standard output cannot be written (a full disk, a broken device): like cat and grep, a
  /// message naming the error and exit 2, so a cron job learns its file is incomplete. A closed
  /// pipe (`| head`) ends quietly, as SIGPIPE would.
  static func standardOutputFailed(_ code: Int32) -> Never {
    if code == EPIPE { Glibc.exit(0) }
    Diagnostics.error("standard output: \(String(cString: strerror(code)))")
    Glibc.exit(2)
  }

  private static func currentUmask() -> mode_t {
    let old = umask(0)
    umask(old)
    return old
  }
}

/// The temporary file `Output.write` is filling, for the signal handler (C string, or nil).
nonisolated(unsafe) private var pendingTemporary: UnsafeMutablePointer<CChar>? = nil

/// Removes the temporary output file, then dies of the signal as if unhandled (async-signal-safe
/// calls only).
private func removeTemporaryAndDie(_ signal: Int32) {
  if let path = pendingTemporary { unlink(path) }
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}
