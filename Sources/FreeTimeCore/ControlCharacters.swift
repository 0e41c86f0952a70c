/// The control characters freetime never prints from a calendar: text from a calendar must not
/// reach a terminal as an escape sequence, nor reorder what is shown around it.
///
/// The set, and the only one:
/// - C0: U+0000–U+001F (tab, line feed and carriage return among them);
/// - DEL: U+007F;
/// - C1: U+0080–U+009F (some terminals obey them as ESC sequences);
/// - the bidirectional controls U+200E, U+200F (marks), U+202A–U+202E (embeddings and
///   overrides) and U+2066–U+2069 (isolates), which reorder the text after them.
///
/// Callers differ only in the layout characters they keep or escape: `Sanitize.text` keeps
/// none; the command's output keeps tab, line feed and the CR of a CR LF; JSON escapes tab and
/// line feed.
public enum ControlCharacters {
  /// Whether `scalar` is in the set.
  @inlinable
  public static func contains(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
    return v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v)
  }

  /// Whether a UTF-8 byte can begin a member of the set: a byte below 0x20, DEL, 0xC2 (C1
  /// controls are C2 80 – C2 9F) or 0xE2 (the bidirectional controls are E2 80 8E, E2 80 8F,
  /// E2 80 AA – E2 80 AE and E2 81 A6 – E2 81 A9). A scan may skip every other byte.
  @inlinable
  public static func mayStart(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }

  /// Whether the UTF-8 at `i` in `bytes` begins a member of the set.
  @inlinable
  public static func starts(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let b = bytes[i]
    if b < 0x20 || b == 0x7F { return true }
    func at(_ k: Int) -> UInt8 { i + k < bytes.count ? bytes[i + k] : 0 }
    if b == 0xC2 { return (0x80...0x9F).contains(at(1)) }
    guard b == 0xE2 else { return false }
    switch (at(1), at(2)) {
    case (0x80, 0x8E), (0x80, 0x8F), (0x80, 0xAA...0xAE), (0x81, 0xA6...0xA9): return true
    default: return false
    }
  }
}

/// Calendar text made fit to print.
public enum Sanitize {
  /// `s` without the characters of `ControlCharacters` (layout characters too), cut after
  /// `limit` characters with an ellipsis.
  public static func text(_ s: String, limit: Int = 200) -> String {
    // Printable ASCII as far as the limit (the names of most calendars, a list of them cut
    // with an ellipsis): no control character to drop, and a character is a byte, so the text
    // is its first `limit` bytes, as below (which looks no further than the limit).
    if limit >= 1 {
      var count = 0
      var ascii = true
      for byte in s.utf8 {
        if count == limit { break }
        guard byte >= 0x20 && byte < 0x7F else {
          ascii = false
          break
        }
        count += 1
      }
      if ascii {
        return count < limit ? s : String(decoding: s.utf8.prefix(limit), as: UTF8.self) + "…"
      }
    }
    return scalarByScalar(s, limit: limit)
  }

  /// `text(parts.joined(separator: separator), limit: limit)`, joining only as many parts as
  /// the limit shows while they are printable ASCII: a table row names the hundreds of people
  /// missing from a quorum slot, and shows the first 200 characters of them.
  public static func joined<Parts: Sequence<String>>(
    _ parts: Parts, separator: String, limit: Int = 200
  ) -> String {
    var iterator = parts.makeIterator()
    var out = ""
    var first = true
    if limit >= 1, isPrintableASCII(separator) {
      while let part = iterator.next() {
        if !first { out += separator }
        first = false
        out += part
        guard isPrintableASCII(part) else { break }
        if out.utf8.count >= limit { return text(out, limit: limit) }
      }
    }
    while let part = iterator.next() {
      if !first { out += separator }
      first = false
      out += part
    }
    return text(out, limit: limit)
  }

  static func isPrintableASCII(_ s: String) -> Bool {
    s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// `text` on any text, a scalar at a time.
  static func scalarByScalar(_ s: String, limit: Int) -> String {
    var out = ""
    // Counting the characters costs the whole string: only once there are as many scalars
    // (a character is one scalar or more) is the count looked at.
    var scalars = 0
    for scalar in s.unicodeScalars {
      if ControlCharacters.contains(scalar) { continue }
      out.unicodeScalars.append(scalar)
      scalars += 1
      if scalars >= limit && out.count >= limit {
        out += "…"
        break
      }
    }
    return out
  }
}
