#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import FreeTimeCore

/// The byte-level pre-pass: reads a file descriptor in blocks and yields unfolded content lines
/// with their line numbers, so memory stays at one block plus one line whatever the file's size.
///
/// It accepts CRLF and bare LF line ends, skips a UTF-8 byte-order mark and empty lines, and
/// refuses NUL bytes (libical would silently stop reading there).
struct LineScanner {
  private let fd: Int32
  private var block: [UInt8]
  private var position = 0
  private var filled = 0
  private var atEnd = false
  private var physicalLine = 0
  private var pending: ContentLine?
  /// The storage the next line is read into: the line the caller gave back (`giveBack(_:)`:
  /// most lines are dropped unread), so most lines cost no allocation, nor a reference count.
  private var spare: [UInt8] = []
  /// Storage of lines the caller kept and let go of since (`recycle`), taken when it keeps a line
  /// (`lineWasKept`).
  private var pool: [[UInt8]] = []
  private var first = true
  /// Bytes read so far.
  private(set) var bytesRead = 0
  /// Line numbers of lines that had control characters removed.
  private(set) var controlCharacterLines: [Int] = []
  /// The first line whose bytes are not UTF-8 (Latin-1 text), read with U+FFFD in their place.
  private(set) var notUTF8Lines: [Int] = []
  /// Whether the logical line being collected has a byte of 0x80 or more (then it is checked
  /// for UTF-8 once it is whole: a fold may split a character).
  private var highInPending = false
  /// Where `pending` begins in `block`, or -1 when the block no longer holds it whole
  /// (`rawAheadCount`); `refills` counts the blocks read, to tell.
  private var pendingStart = -1
  private var refills = 0
  /// Where the lines scanned on another thread are read (`init(feed:reusing:)`).
  private var fed: LineFeed.Reader?

  /// Whether lines are checked for UTF-8 (only `freetime check` says what it found: a read
  /// otherwise need not look, and text in other scripts is a check of every such line).
  var checksUTF8 = true

  /// Notes `line` when it is the first that is not UTF-8. Inlined: called with a line, it cost
  /// a retain and a release a line, though most calls look no further than `high`.
  @inline(__always)
  private mutating func checkUTF8(_ line: ContentLine?, high: Bool) {
    guard high, checksUTF8, notUTF8Lines.isEmpty, let line, !LineScanner.isUTF8(line.bytes[...])
    else { return }
    notUTF8Lines.append(line.number)
  }

  /// The size of a regular file when it was opened, or 0: once that many bytes are read, a read
  /// of fewer bytes than asked is its end, and no second read is needed to see it (a short read
  /// before, which some network and FUSE file systems give, is not taken for the end).
  var regularFileSize = 0

  private let progress: ReadProgress?
  /// The longest unfolded content line accepted, in bytes (`ReadLimits.lineBytes`).
  var maxLineBytes = Int.max

  init(fd: Int32, blockSize: Int = 1 << 20, progress: ReadProgress? = nil) {
    self.fd = fd
    self.progress = progress
    // Not zeroed: read(2) fills what is used, and a page never written is never touched.
    self.block = [UInt8](unsafeUninitializedCapacity: blockSize) { _, count in count = blockSize }
  }

  /// Reads `fd` into the storage another file of the same person left (`ScanBuffers`): a vdir's
  /// thousands of small files then cost no block and no line buffers each.
  init(fd: Int32, blockSize: Int, progress: ReadProgress?, reusing buffers: inout ScanBuffers) {
    self.fd = fd
    self.progress = progress
    if buffers.block.count >= blockSize && buffers.block.count <= 1 << 17 {
      self.block = buffers.block
    } else {
      self.block = [UInt8](unsafeUninitializedCapacity: blockSize) { _, count in count = blockSize }
    }
    buffers.block = []
    swap(&pool, &buffers.pool)
    spare = pool.popLast() ?? []
  }

  /// Reads the lines `feed` scans on another thread, into the line buffers the person's files
  /// before it left. Nothing is read ahead of the line being returned (`mark` is nil): a
  /// VTIMEZONE is read line by line.
  init(feed: LineFeed, reusing buffers: inout ScanBuffers) {
    self.fd = -1
    self.progress = nil
    self.block = buffers.block
    buffers.block = []
    self.fed = LineFeed.Reader(feed)
    swap(&pool, &buffers.pool)
    spare = pool.popLast() ?? []
  }

  /// Gives the block and the line buffers back for the person's next file.
  mutating func giveBack(into buffers: inout ScanBuffers) {
    buffers.block = block
    block = []
    giveBackLines(into: &buffers)
  }

  /// Scans bytes already in memory (tests, the fuzz target).
  init(bytes: [UInt8]) {
    self.fd = -1
    self.progress = nil
    self.block = bytes
    self.filled = bytes.count
    self.bytesRead = bytes.count
    self.atEnd = true
  }

  /// Scans a file read ahead (`FilePrefetch`), `range` of `bytes` (which hold the other files of
  /// its chunk too), with the line buffers the person's files before it left; `giveBackLines`
  /// returns them.
  init(bytes: [UInt8], range: Range<Int>, reusing buffers: inout ScanBuffers) {
    self.init(bytes: bytes)
    position = range.lowerBound
    filled = range.upperBound
    bytesRead = range.count
    swap(&pool, &buffers.pool)
    spare = pool.popLast() ?? []
  }

  /// Gives the line buffers back for the person's next file (the block was the file's own).
  mutating func giveBackLines(into buffers: inout ScanBuffers) {
    keep(spare)
    spare = []
    swap(&pool, &buffers.pool)
  }

  enum ScanError: Error {
    case nulByte(line: Int)
    /// `line` is where the content line starts.
    case lineTooLong(line: Int)
    case readFailed(errno: Int32)
  }

  /// The caller keeps the line returned last: the next is read into storage from the pool.
  mutating func lineWasKept() {
    spare = pool.popLast() ?? []
  }

  /// The caller is done with the line returned last and keeps nothing of it: the next line is
  /// read into its storage, which moves here without a reference counted (a caller that neither
  /// gives a line back nor keeps it only costs the next line a new buffer).
  mutating func giveBack(_ line: consuming ContentLine) {
    let bytes = line.bytes
    if bytes.capacity <= 1 << 14 { spare = bytes }
  }

  /// Storage of lines the caller no longer holds, for later lines (up to 256 buffers of at most
  /// 16 KiB).
  mutating func recycle(_ buffers: inout [[UInt8]]) {
    while let buffer = buffers.popLast() { keep(buffer) }
  }

  /// Keeps a line's storage for later lines: up to 256 buffers of at most 16 KiB.
  private mutating func keep(_ buffer: [UInt8]) {
    if buffer.capacity > 0 && buffer.capacity <= 1 << 14 && pool.count < 256 { pool.append(buffer) }
  }

  /// Empty storage for the next line: the line given back last, else one from the pool (the line
  /// read ahead may hold the one given back: a file's first line, the line after a component
  /// passed over).
  private mutating func storage() -> [UInt8] {
    var bytes: [UInt8] = []
    swap(&bytes, &spare)
    if bytes.capacity == 0, let pooled = pool.popLast() { bytes = pooled }
    bytes.removeAll(keepingCapacity: true)  // a new buffer if something still holds it
    return bytes
  }

  /// The next unfolded content line, or nil at the end of the input.
  ///
  /// Each physical line is copied once, from the read block straight into its logical line
  /// (continuations are appended in place), and checked for control bytes as it is copied.
  mutating func next() throws -> ContentLine? {
    if fed != nil { return try nextFed() }
    while try hasData() {
      let firstByte = block[position]
      if firstByte == 0x20 || firstByte == 0x09 {
        // A continuation: append without its leading white space. With nothing to continue,
        // it is a line of its own.
        if var line = pending.take() {
          let block = refills
          try readPhysical(into: &line.bytes, dropFirst: true, startLine: line.number)
          pending = line
          if block != refills { pendingStart = -1 }
        } else {
          var bytes: [UInt8] = []
          try readPhysical(into: &bytes, dropFirst: true, startLine: physicalLine + 1)
          pending = ContentLine(bytes: bytes, number: physicalLine)
          pendingStart = -1
        }
        continue
      }
      var bytes = storage()
      let doneHigh = highInPending
      highInPending = false
      let (start, block) = (position, refills)
      try readPhysical(into: &bytes, dropFirst: false, startLine: physicalLine + 1)
      if bytes.isEmpty {
        spare = bytes
        highInPending = doneHigh
        continue
      }
      var done: ContentLine? = ContentLine(bytes: bytes, number: physicalLine)
      swap(&done, &pending)
      pendingStart = block == refills ? start : -1
      checkUTF8(done, high: doneHigh)
      if let done { return done }
    }
    let done = pending.take()
    pendingStart = -1
    checkUTF8(done, high: highInPending)
    highInPending = false
    return done
  }

  /// The next line the other thread scanned: copied from its batch into the storage the caller
  /// gave back, as `next()` copies from the block. The scan's end comes after the last line: the
  /// bytes read and the lines noted, or the error, thrown here.
  private mutating func nextFed() throws -> ContentLine? {
    if let (text, number) = fed!.next() {
      bytesRead = fed!.bytesRead
      var bytes = storage()
      bytes.append(contentsOf: text)
      return ContentLine(bytes: bytes, number: number)
    }
    switch fed!.end() {
    case .done(let read, let control, let notUTF8)?:
      bytesRead = read
      controlCharacterLines = control
      notUTF8Lines = notUTF8
    case .failed(let error)?:
      throw error
    case nil:
      break
    }
    return nil
  }

  /// Passes over the lines scanned on another thread that `drops` says the reader would drop
  /// unread (`LineFeed.Reader.skip`). Does nothing when the lines are scanned here.
  mutating func skipFed(_ drops: (PropertyName, Bool) -> Bool) {
    fed?.skip(while: drops)
  }

  /// Whether a byte is waiting at `position` (reading the next block if needed).
  private mutating func hasData() throws -> Bool {
    if position == filled {
      if atEnd { return false }
      try refill()
    }
    return position < filled
  }

  /// Appends the next physical line, without its terminator (CR LF or LF), to `dest`: without
  /// its first byte for a continuation, without a UTF-8 byte-order mark on the first line, and
  /// without control bytes (noted; NUL is an error).
  private mutating func readPhysical(into dest: inout [UInt8], dropFirst: Bool, startLine: Int)
    throws
  {
    let regionStart = dest.count
    var skip = dropFirst
    while try hasData() {
      let start = position
      let limit = filled
      let end: Int = block.withUnsafeBufferPointer { buffer -> Int in
        let base = UnsafeRawPointer(buffer.baseAddress! + start)
        guard let hit = memchr(base, 0x0A, limit - start) else { return limit }
        return start + (UnsafeRawPointer(hit) - base)
      }
      let foundLF = end < limit
      var from = position
      if skip && from < end {
        from += 1
        skip = false
      }
      // Checked before copying, so a line of gigabytes is refused without being held.
      // (One byte over: a CR still to be dropped. Written so that Int.max does not overflow.)
      if dest.count + (end - from) - 1 > maxLineBytes {
        throw ScanError.lineTooLong(line: startLine)
      }
      block.withUnsafeBufferPointer { buffer in
        dest.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[from..<end]))
      }
      position = foundLF ? end + 1 : end
      if foundLF { break }
    }
    physicalLine += 1
    if dest.count > regionStart && dest[dest.count - 1] == 0x0D { dest.removeLast() }
    if first {
      first = false
      if dest[regionStart...].starts(with: [0xEF, 0xBB, 0xBF]) {
        dest.removeSubrange(regionStart..<(regionStart + 3))
      }
    }
    var clean = true
    var nul = false
    var hasHighBytes = false
    dest.withUnsafeBufferPointer { buffer in
      func check(_ byte: UInt8) {
        if byte < 0x20 || byte == 0x7F {
          if byte == 0 { nul = true }
          if byte != 0x09 { clean = false }
        }
      }
      // Eight bytes at a time (most lines hold no control byte at all): a word is looked at
      // byte by byte only when one of its bytes is below 0x20 or is 0x7F.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      var i = regionStart
      while i + 8 <= buffer.count {
        let x = UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self)
        if x & highs != 0 { hasHighBytes = true }
        let below = (x &- ones &* 0x20) & ~x & highs
        let y = x ^ (ones &* 0x7F)
        let del = (y &- ones) & ~y & highs
        if below | del != 0 {
          for k in i..<(i + 8) { check(buffer[k]) }
        }
        i += 8
      }
      while i < buffer.count {
        check(buffer[i])
        if buffer[i] >= 0x80 { hasHighBytes = true }
        i += 1
      }
    }
    if nul { throw ScanError.nulByte(line: physicalLine) }
    if hasHighBytes { highInPending = true }
    if !clean {
      controlCharacterLines.append(physicalLine)
      let kept = dest[regionStart...].filter { !(($0 < 0x20 && $0 != 0x09) || $0 == 0x7F) }
      dest.replaceSubrange(regionStart..., with: kept)
    }
  }

  private mutating func refill() throws {
    position = 0
    filled = 0
    guard fd >= 0 else {
      atEnd = true
      return
    }
    while true {
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ScanError.readFailed(errno: errno)
      }
      filled = n
      refills &+= 1
      bytesRead += n
      if n == 0 || (regularFileSize > 0 && bytesRead >= regularFileSize && n < block.count) {
        atEnd = true
      }
      progress?.add(n)
      return
    }
  }

  /// Where the next line `next()` returns begins in the block (the one read ahead), while the
  /// block holds it: with a later mark of the same block, the raw bytes between
  /// (`rawText(from:to:)`).
  var mark: (block: Int, offset: Int)? {
    pendingStart >= 0 && pending != nil ? (refills, pendingStart) : nil
  }

  /// The raw bytes from one mark to a later one of the same block, or nil.
  func rawText(from start: (block: Int, offset: Int)?, to end: (block: Int, offset: Int)?)
    -> RawText?
  {
    guard let start, let end, start.block == end.block, start.offset <= end.offset else {
      return nil
    }
    return RawText(block[start.offset..<end.offset])
  }

  /// The raw bytes from the next line `next()` returns up to and including the first line
  /// that is exactly `endLine` (CRLF or LF after it), when the block holds them all: what the
  /// lines of a component up to its END are, to be looked up whole (`skip(bytes:lines:)`).
  /// Gives their number and the number of physical lines; `rawText(ahead:)` copies them.
  func rawAheadCount(through endLine: StaticString) -> (bytes: Int, lines: Int)? {
    guard let mark else { return nil }
    let wanted = UnsafeRawBufferPointer(start: endLine.utf8Start, count: endLine.utf8CodeUnitCount)
    return block.withUnsafeBufferPointer { buffer -> (bytes: Int, lines: Int)? in
      let base = UnsafeRawPointer(buffer.baseAddress!)
      var at = mark.offset
      var lines = 0
      // Components are short: a text longer than this is read line by line.
      let limit = min(filled, mark.offset + RawText.longestComponent)
      while at < limit {
        // `at` begins a physical line.
        guard let hit = memchr(base + at, 0x0A, limit - at) else { return nil }
        let lf = UnsafeRawPointer(hit) - base
        lines += 1
        var end = lf
        if end > at && buffer[end - 1] == 0x0D { end -= 1 }
        if end - at >= 5, buffer[at] | 0x20 == 0x65, buffer[at + 1] | 0x20 == 0x6E,
          buffer[at + 2] | 0x20 == 0x64, buffer[at + 3] == 0x3A, buffer[at + 4] | 0x20 == 0x76
        {
          // `END:V…`: the end of this component, or a structure read line by line.
          guard end - at == wanted.count, memcmp(base + at, wanted.baseAddress!, wanted.count) == 0
          else { return nil }
          // A continuation after it (a folded END line), or the block's end with more to come:
          // read line by line.
          if lf + 1 < filled ? buffer[lf + 1] == 0x20 || buffer[lf + 1] == 0x09 : !atEnd {
            return nil
          }
          return (lf + 1 - mark.offset, lines)
        }
        at = lf + 1
      }
      return nil
    }
  }

  /// The `count` bytes from the next line `next()` returns (`rawAheadCount`).
  func rawText(ahead count: Int) -> RawText? {
    guard let mark, mark.offset + count <= filled else { return nil }
    return RawText(block[mark.offset..<(mark.offset + count)])
  }

  /// Whether the `count` bytes from the next line `next()` returns are `text`'s.
  func aheadEquals(_ text: RawText, count: Int) -> Bool {
    guard let mark, text.bytes.count == count, mark.offset + count <= filled else { return false }
    return block.withUnsafeBytes { b in
      text.bytes.withUnsafeBytes { t in
        memcmp(b.baseAddress! + mark.offset, t.baseAddress!, count) == 0
      }
    }
  }

  /// Passes over the `bytes` bytes of `lines` physical lines `rawAheadCount` gave: they are not
  /// returned, but counted.
  mutating func skip(bytes: Int, lines: Int) {
    guard let mark else { return }
    if let line = pending.take() { keep(line.bytes) }
    pendingStart = -1
    highInPending = false
    // The line read ahead was counted; the rest of the text's physical lines are counted here.
    physicalLine += lines - 1
    position = mark.offset + bytes
  }
}
