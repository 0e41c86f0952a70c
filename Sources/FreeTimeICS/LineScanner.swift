#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private var first = true
  /// Bytes read so far.
  private(set) var bytesRead = 0
  /// Line numbers of lines that had control characters removed.
  private(set) var controlCharacterLines: [Int] = []

  init(fd: Int32, blockSize: Int = 1 << 20) {
    self.fd = fd
    self.block = [UInt8](repeating: 0, count: blockSize)
  }

  enum ScanError: Error {
    case nulByte(line: Int)
    case readFailed(errno: Int32)
  }

  /// The next unfolded content line, or nil at the end of the input.
  mutating func next() throws -> ContentLine? {
    while let physical = try nextPhysical() {
      if let firstByte = physical.first, firstByte == 0x20 || firstByte == 0x09 {
        // A continuation: append without its leading white space.
        if pending != nil {
          pending!.bytes.append(contentsOf: physical.dropFirst())
          continue
        }
        // A continuation with nothing to continue: treat as its own line.
        pending = ContentLine(bytes: Array(physical.dropFirst()), number: physicalLine)
        continue
      }
      if physical.isEmpty {
        continue
      }
      let done = pending
      pending = ContentLine(bytes: physical, number: physicalLine)
      if let done { return done }
    }
    let done = pending
    pending = nil
    return done
  }

  /// The next physical line without its terminator (CR LF or LF; a lone CR is dropped).
  private mutating func nextPhysical() throws -> [UInt8]? {
    var line: [UInt8] = []
    var sawAny = false
    while true {
      if position == filled {
        if atEnd { break }
        try refill()
        if position == filled { break }
      }
      sawAny = true
      // Scan for the next LF in the block.
      var end = position
      while end < filled && block[end] != 0x0A { end += 1 }
      line.append(contentsOf: block[position..<end])
      if end < filled {
        position = end + 1
        physicalLine += 1
        return try finish(line)
      }
      position = end
    }
    guard sawAny else { return nil }
    physicalLine += 1
    return try finish(line)
  }

  private mutating func finish(_ raw: [UInt8]) throws -> [UInt8] {
    var line = raw
    if line.last == 0x0D { line.removeLast() }
    if first {
      first = false
      if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
    }
    var clean = true
    for byte in line where byte < 0x20 || byte == 0x7F {
      if byte == 0 { throw ScanError.nulByte(line: physicalLine) }
      if byte != 0x09 { clean = false }
    }
    if !clean {
      controlCharacterLines.append(physicalLine)
      line.removeAll { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
    return line
  }

  private mutating func refill() throws {
    position = 0
    filled = 0
    while true {
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ScanError.readFailed(errno: errno)
      }
      if n == 0 { atEnd = true }
      filled = n
      bytesRead += n
      return
    }
  }
}

extension ContentLine {
  /// The property or keyword name, upper-cased: the text before the first `;` or `:`.
  var name: String {
    var end = 0
    while end < bytes.count && bytes[end] != 0x3B && bytes[end] != 0x3A { end += 1 }
    return String(decoding: bytes[0..<end], as: UTF8.self).uppercased()
  }

  /// The value after the first `:` that is outside a quoted parameter value.
  var value: String {
    var inQuotes = false
    for (i, byte) in bytes.enumerated() {
      if byte == 0x22 { inQuotes.toggle() }
      if byte == 0x3A && !inQuotes {
        return String(decoding: bytes[(i + 1)...], as: UTF8.self)
      }
    }
    return ""
  }

  /// Whether the line has a `:` separating name and value.
  var hasValue: Bool {
    var inQuotes = false
    for byte in bytes {
      if byte == 0x22 { inQuotes.toggle() }
      if byte == 0x3A && !inQuotes { return true }
    }
    return false
  }
}
