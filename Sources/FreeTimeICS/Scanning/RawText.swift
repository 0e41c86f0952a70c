#if canImport(Glibc)
  import Glibc
#endif

/// Bytes of a calendar as they are in the file, as a dictionary key: hashed and compared in
/// bulk, not byte by byte as an array of bytes is (`KnownTimeZones`).
struct RawText: Hashable, @unchecked Sendable {
  let bytes: [UInt8]
  /// The longest text of a component looked up whole (`LineScanner.rawAheadCount`).
  static let longestComponent = 1 << 15

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = Array(bytes)
  }

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether it is printable ASCII in lines (no control byte but TAB, LF and a CR before an LF,
  /// nothing of 0x80 or more): text the scanner passes as it is, with nothing to note.
  var isPlainASCII: Bool {
    for (i, b) in bytes.enumerated() {
      if (b >= 0x20 && b < 0x7F) || b == 0x0A || b == 0x09 { continue }
      if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { continue }
      return false
    }
    return true
  }

  /// A digest of the bytes, a word at a time (a third of what the standard hasher charges per
  /// byte); the hasher mixes it in.
  func hash(into hasher: inout Hasher) {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      var at = 0
      while at + 8 <= raw.count {
        h = (h ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0x0000_0100_0000_01B3
        h ^= h >> 29
        at += 8
      }
      while at < raw.count {
        h = (h ^ UInt64(raw[at])) &* 0x0000_0100_0000_01B3
        at += 1
      }
    }
    hasher.combine(h)
  }

  static func == (a: RawText, b: RawText) -> Bool {
    guard a.bytes.count == b.bytes.count else { return false }
    guard !a.bytes.isEmpty else { return true }
    return a.bytes.withUnsafeBytes { x in
      b.bytes.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
    }
  }
}
