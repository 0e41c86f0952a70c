#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import FreeTimeCore

/// One content line after unfolding (RFC 5545 §3.1), with the number of the physical line it
/// starts on. `bytes` has no line terminator.
struct ContentLine {
  var bytes: [UInt8]
  var number: Int
}

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
  /// The storage of the line returned last: the next line is read into it when the caller has
  /// let go of that line (most lines are dropped unread), so most lines cost no allocation.
  private var spare: [UInt8] = []
  private var first = true
  /// Bytes read so far.
  private(set) var bytesRead = 0
  /// Line numbers of lines that had control characters removed.
  private(set) var controlCharacterLines: [Int] = []

  private let progress: ReadProgress?
  /// The longest unfolded content line accepted, in bytes (`ReadLimits.lineBytes`).
  var maxLineBytes = Int.max

  init(fd: Int32, blockSize: Int = 1 << 20, progress: ReadProgress? = nil) {
    self.fd = fd
    self.progress = progress
    // Not zeroed: read(2) fills what is used, and a page never written is never touched (zeroing
    // 1 MiB was a quarter of a small run's page faults).
    self.block = [UInt8](unsafeUninitializedCapacity: blockSize) { _, count in count = blockSize }
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

  enum ScanError: Error {
    case nulByte(line: Int)
    /// `line` is where the content line starts.
    case lineTooLong(line: Int)
    case readFailed(errno: Int32)
  }

  /// The next unfolded content line, or nil at the end of the input.
  ///
  /// Each physical line is copied once, from the read block straight into its logical line
  /// (continuations are appended in place), and checked for control bytes as it is copied.
  mutating func next() throws -> ContentLine? {
    while try hasData() {
      let firstByte = block[position]
      if firstByte == 0x20 || firstByte == 0x09 {
        // A continuation: append without its leading white space. With nothing to continue,
        // it is a line of its own.
        if var line = pending {
          pending = nil
          try readPhysical(into: &line.bytes, dropFirst: true, startLine: line.number)
          pending = line
        } else {
          var bytes: [UInt8] = []
          try readPhysical(into: &bytes, dropFirst: true, startLine: physicalLine + 1)
          pending = ContentLine(bytes: bytes, number: physicalLine)
        }
        continue
      }
      var bytes = spare
      spare = []
      bytes.removeAll(keepingCapacity: true)  // a new buffer if the caller kept the last line
      try readPhysical(into: &bytes, dropFirst: false, startLine: physicalLine + 1)
      if bytes.isEmpty {
        spare = bytes
        continue
      }
      let done = pending
      pending = ContentLine(bytes: bytes, number: physicalLine)
      if let done {
        // (Not the storage of a very long line: every line the caller keeps would then get a
        // new buffer as big.)
        if done.bytes.capacity <= 1 << 14 { spare = done.bytes }
        return done
      }
    }
    let done = pending
    pending = nil
    return done
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
        i += 1
      }
    }
    if nul { throw ScanError.nulByte(line: physicalLine) }
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
      if n == 0 { atEnd = true }
      filled = n
      bytesRead += n
      progress?.add(n)
      return
    }
  }
}

extension ContentLine {
  /// The property or keyword name, upper-cased (ASCII): the text before the first `;` or `:`.
  var name: String {
    var end = 0
    while end < bytes.count && bytes[end] != 0x3B && bytes[end] != 0x3A { end += 1 }
    return ContentLine.asciiUppercased(bytes[0..<end])
  }

  /// Bytes as a string with ASCII letters upper-cased (names and keywords are ASCII; other
  /// bytes pass through).
  static func asciiUppercased<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let count = bytes.count
    return String(unsafeUninitializedCapacity: count) { out in
      let copied: Void? = bytes.withContiguousStorageIfAvailable { input in
        for i in 0..<count {
          let b = input[i]
          out[i] = b >= 0x61 && b <= 0x7A ? b - 0x20 : b
        }
      }
      if copied == nil {
        for (i, b) in bytes.enumerated() { out[i] = b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
      }
      return count
    }
  }

  /// The `count` ASCII digits at `at` as a number, or -1 when a byte is not a digit.
  @inline(__always)
  static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int {
    var n = 0
    for i in at..<(at + count) {
      let d = bytes[i] &- 48
      if d > 9 { return -1 }
      n = n * 10 + Int(d)
    }
    return n
  }

  /// The fields of `YYYYMMDDTHHMMSS` at `at` (15 bytes, which the caller has), or nil when a
  /// digit or the `T` is not there. Ranges are the caller's to check.
  @inline(__always)
  static func dateTime(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> (
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  )? {
    let year = number(bytes, at, 4)
    let month = number(bytes, at + 4, 2)
    let day = number(bytes, at + 6, 2)
    let hour = number(bytes, at + 9, 2)
    let minute = number(bytes, at + 11, 2)
    let second = number(bytes, at + 13, 2)
    guard bytes[at + 8] == UInt8(ascii: "T"), year | month | day | hour | minute | second >= 0
    else { return nil }
    return (year, month, day, hour, minute, second)
  }

  /// Where the value starts: just after the first `:` outside a quoted parameter value.
  var valueStart: Int? {
    var inQuotes = false
    for i in bytes.indices {
      let byte = bytes[i]
      if byte == 0x22 { inQuotes.toggle() }
      if byte == 0x3A && !inQuotes { return i + 1 }
    }
    return nil
  }

  /// The raw value of parameter `name` (upper case; quotes kept), or nil.
  func parameter(_ name: StaticString) -> ArraySlice<UInt8>? {
    let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    var inQuotes = false
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x22 { inQuotes.toggle() }
      if !inQuotes {
        if b == 0x3A { return nil }
        if b == 0x3B, i + wanted.count + 1 < bytes.count, bytes[i + 1 + wanted.count] == 0x3D,
          (0..<wanted.count).allSatisfy({ bytes[i + 1 + $0] & 0xDF == wanted[$0] & 0xDF })
        {
          var end = i + wanted.count + 2
          var quoted = false
          while end < bytes.count {
            let c = bytes[end]
            if c == 0x22 { quoted.toggle() }
            if !quoted && (c == 0x3B || c == 0x3A) { break }
            end += 1
          }
          return bytes[(i + wanted.count + 2)..<end]
        }
      }
      i += 1
    }
    return nil
  }

  /// Whether the line has a VALUE=DATE parameter (the value's type in any case).
  var hasDateValueType: Bool {
    parameter("VALUE")?.equals(caseless: "DATE") ?? false
  }

  /// Whether the line has more than `limit` parameters (`;` outside quotes before the value).
  func hasMoreParameters(than limit: Int) -> Bool {
    var inQuotes = false
    var count = 0
    for byte in bytes {
      if byte == 0x22 {
        inQuotes.toggle()
      } else if !inQuotes {
        if byte == 0x3A { break }
        if byte == 0x3B {
          count += 1
          if count > limit { return true }
        }
      }
    }
    return false
  }

  /// The value after the first `:` that is outside a quoted parameter value.
  var value: String {
    guard let start = valueStart else { return "" }
    return String(decoding: bytes[start...], as: UTF8.self)
  }

  /// The value without surrounding white space, upper-cased (ASCII): BEGIN's and END's
  /// component name.
  var keyword: String { ContentLine.asciiUppercased(strippedValue) }

  /// The value without the white space (C `isspace`) libical's parser strips from both ends.
  var strippedValue: ArraySlice<UInt8> {
    guard var start = valueStart else { return [] }
    var end = bytes.count
    func space(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
    while start < end && space(bytes[start]) { start += 1 }
    while end > start && space(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
  }

  /// A UTC date-time value `YYYYMMDDTHHMMSSZ` as civil seconds (DTSTAMP), or nil when the value
  /// is anything else (as libical's `icaltime_from_string` needs exactly that form for UTC).
  var utcTimestamp: Int64? {
    let value = strippedValue
    guard value.count == 16 else { return nil }
    let start = value.startIndex
    return bytes.withUnsafeBufferPointer { all -> Int64? in
      guard all[start + 15] == UInt8(ascii: "Z"), let f = ContentLine.dateTime(all, at: start)
      else { return nil }
      return CivilTime.seconds(f.year, f.month, f.day, f.hour, f.minute, f.second)
    }
  }

  /// The name's kind, read from the bytes without making a string of the name (most lines of a
  /// real event are DESCRIPTION, ATTENDEE and the like, dropped on this alone).
  var kind: PropertyName {
    bytes.withUnsafeBufferPointer { b -> PropertyName in
      var n = 0
      while n < b.count && b[n] != 0x3B && b[n] != 0x3A { n += 1 }
      return PropertyName(b, count: n)
    }
  }

  /// Whether the pre-pass can drop this line of a VEVENT unread: it has a name and a value, and
  /// the name is none of those the reader keeps (BEGIN, END, the time properties, UID, STATUS,
  /// TRANSP, SEQUENCE, DTSTAMP, and SUMMARY when `keepSummary`); inside a component the event
  /// drops (`inDropped`, a VALARM), any name but BEGIN and END.
  func isUnneededInEvent(_ kind: PropertyName, keepSummary: Bool, inDropped: Bool) -> Bool {
    switch kind {
    case .none, .begin, .end: return false
    case .other, .freebusy, .xwrTimezone: break
    case .summary: if !inDropped && keepSummary { return false }
    default: if !inDropped { return false }
    }
    return hasValue
  }

  /// Whether the line has a `:` separating name and value.
  var hasValue: Bool { valueStart != nil }

  /// The first date or time in the value that names no real moment (Feb 30, 24:60), if any.
  /// Values are lists of `YYYYMMDD[THHMMSS[Z]]`, periods `start/end` or `start/duration`;
  /// text that does not look like a date at all is left to libical.
  var impossibleDate: String? {
    guard let start = valueStart else { return nil }
    return bytes.withUnsafeBufferPointer { all -> String? in
      var tokenStart = start
      func check(_ from: Int, _ to: Int) -> String? {
        guard to - from >= 8 else { return nil }
        let year = ContentLine.number(all, from, 4)
        let month = ContentLine.number(all, from + 4, 2)
        let day = ContentLine.number(all, from + 6, 2)
        guard year | month | day >= 0 else { return nil }
        var bad: String { String(decoding: all[from..<to], as: UTF8.self) }
        if !CivilTime.isValid(year: year, month: month, day: day) { return bad }
        if to - from >= 15, all[from + 8] == UInt8(ascii: "T") {
          let hour = ContentLine.number(all, from + 9, 2)
          let minute = ContentLine.number(all, from + 11, 2)
          let second = ContentLine.number(all, from + 13, 2)
          if hour | minute | second >= 0, hour > 23 || minute > 59 || second > 60 { return bad }
        }
        return nil
      }
      for i in start..<all.count where all[i] == 0x2C || all[i] == 0x2F {
        if let bad = check(tokenStart, i) { return bad }
        tokenStart = i + 1
      }
      return check(tokenStart, all.count)
    }
  }
}

/// The property and component names the reader tells apart (`ContentLine.kind`); `.none` for a
/// line without a name (it starts with `;` or `:`), `.other` for every other name.
enum PropertyName: UInt8 {
  case none, other
  case begin, end
  case dtstart, dtend, duration, recurrenceID, rrule, rdate, exdate
  case uid, status, transp, sequence, dtstamp, summary
  case freebusy, xwrTimezone

  /// The kind of the name `bytes[0..<count]`, letters in any case: the one candidate its length
  /// and first letter leave, compared byte by byte.
  init(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) {
    func upper(_ i: Int) -> UInt8 {
      let b = bytes[i]
      return b >= 0x61 && b <= 0x7A ? b - 0x20 : b
    }
    guard count > 0 else {
      self = .none
      return
    }
    let candidate: PropertyName
    switch (count, upper(0)) {
    case (3, UInt8(ascii: "E")): candidate = .end
    case (3, UInt8(ascii: "U")): candidate = .uid
    case (5, UInt8(ascii: "B")): candidate = .begin
    case (5, UInt8(ascii: "D")): candidate = .dtend
    case (5, UInt8(ascii: "R")): candidate = upper(1) == UInt8(ascii: "R") ? .rrule : .rdate
    case (6, UInt8(ascii: "E")): candidate = .exdate
    case (6, UInt8(ascii: "S")): candidate = .status
    case (6, UInt8(ascii: "T")): candidate = .transp
    case (7, UInt8(ascii: "D")): candidate = upper(5) == UInt8(ascii: "R") ? .dtstart : .dtstamp
    case (7, UInt8(ascii: "S")): candidate = .summary
    case (8, UInt8(ascii: "D")): candidate = .duration
    case (8, UInt8(ascii: "F")): candidate = .freebusy
    case (8, UInt8(ascii: "S")): candidate = .sequence
    case (13, UInt8(ascii: "R")): candidate = .recurrenceID
    case (13, UInt8(ascii: "X")): candidate = .xwrTimezone
    default:
      self = .other
      return
    }
    let spelling = candidate.spelling.utf8Start
    for i in 1..<count where upper(i) != spelling[i] {
      self = .other
      return
    }
    self = candidate
  }

  /// The name as iCalendar writes it (upper case); empty for `.none` and `.other`.
  var spelling: StaticString {
    switch self {
    case .none, .other: ""
    case .begin: "BEGIN"
    case .end: "END"
    case .dtstart: "DTSTART"
    case .dtend: "DTEND"
    case .duration: "DURATION"
    case .recurrenceID: "RECURRENCE-ID"
    case .rrule: "RRULE"
    case .rdate: "RDATE"
    case .exdate: "EXDATE"
    case .uid: "UID"
    case .status: "STATUS"
    case .transp: "TRANSP"
    case .sequence: "SEQUENCE"
    case .dtstamp: "DTSTAMP"
    case .summary: "SUMMARY"
    case .freebusy: "FREEBUSY"
    case .xwrTimezone: "X-WR-TIMEZONE"
    }
  }

  /// DTSTART, DTEND, DURATION and RECURRENCE-ID: RFC 5545 allows one of each in an event.
  var singletonBit: UInt8 {
    switch self {
    case .dtstart: 1
    case .dtend: 2
    case .duration: 4
    case .recurrenceID: 8
    default: 0
    }
  }

  /// Properties libical gets from a VEVENT (UID, STATUS, TRANSP, SEQUENCE and DTSTAMP are read
  /// by the pre-pass, `PreRead`; everything else is skipped unparsed).
  var isForLibicalInEvent: Bool {
    switch self {
    case .begin, .end, .dtstart, .dtend, .duration, .rrule, .rdate, .exdate, .recurrenceID: true
    default: false
    }
  }

  /// Properties whose date and time values are checked before libical sees them.
  var isTime: Bool {
    switch self {
    case .dtstart, .dtend, .recurrenceID, .exdate, .rdate: true
    default: false
    }
  }

  /// Properties a VFREEBUSY keeps.
  var isForFreeBusy: Bool {
    switch self {
    case .begin, .end, .uid, .dtstart, .dtend, .freebusy: true
    default: false
    }
  }
}
