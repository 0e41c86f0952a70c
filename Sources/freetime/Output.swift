import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the result: to standard output, or atomically to a file (`-o`): a temporary file in
/// the same directory, synced, then renamed over the target, so a reader never sees a
/// half-written file and a failure leaves the old file in place.
enum Output {
  static func write(_ text: String, to path: String?, quiet: Bool) throws {
    guard let path else {
      if !quiet { writeAll(1, text) }
      return
    }
    let directory: String
    if let slash = path.lastIndex(of: "/") {
      directory = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      directory = "."
    }
    let base = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array("\(directory)/.\(base).freetime-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw CommandError(
        "\(path): cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))"
      )
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let ok = writeAll(fd, text) && fsync(fd) == 0
    let mode: mode_t = 0o644 & ~currentUmask()
    fchmod(fd, mode)
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CommandError("\(path): cannot write: \(reason)")
    }
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

  private static func currentUmask() -> mode_t {
    let old = umask(0)
    umask(old)
    return old
  }
}
