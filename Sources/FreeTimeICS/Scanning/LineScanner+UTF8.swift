/// Whether bytes are UTF-8: a check the scanner makes of a line (`freetime check`) and the
/// listing of a directory of each name.
extension LineScanner {
  /// Whether bytes are valid UTF-8 (RFC 3629 §4): ASCII is passed eight bytes at a time, and a
  /// sequence is checked by its lead byte's ranges (no overlong forms, no surrogates, nothing
  /// above U+10FFFF). Most lines with a byte of 0x80 or more are text in another script, all
  /// valid; the standard library's decoder took a tenth of a run on such calendars.
  static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { isUTF8($0) }
  }

  /// `isUTF8` for bytes in memory.
  static func isUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = buffer.count
    var i = 0
    func tail(_ k: Int) -> Bool { k < n && buffer[k] & 0xC0 == 0x80 }
    while i < n {
      if i + 8 <= n,
        UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self)
          & 0x8080_8080_8080_8080 == 0
      {
        i += 8
        continue
      }
      let b = buffer[i]
      if b < 0x80 {
        i += 1
        continue
      }
      switch b {
      case 0xC2...0xDF:
        guard tail(i + 1) else { return false }
        i += 2
      case 0xE0...0xF4:
        // The second byte's range excludes overlong forms (E0, F0), surrogates (ED) and
        // what lies above U+10FFFF (F4).
        let length = b < 0xF0 ? 3 : 4
        let low: UInt8 = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF
        guard i + 1 < n, buffer[i + 1] >= low, buffer[i + 1] <= high, tail(i + 2),
          length == 3 || tail(i + 3)
        else { return false }
        i += length
      default:
        return false
      }
    }
    return true
  }
}
