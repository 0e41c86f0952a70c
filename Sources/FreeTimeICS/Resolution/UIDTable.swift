#if canImport(Glibc)
  import Glibc
#endif

/// Numbers the UIDs of one person's calendar 0, 1, 2, … in the order they are first seen, in
/// about 40 bytes per UID (a `[String: Int32]` with its strings costs over 100, which matters at
/// a million events).
///
/// The texts are kept back to back in one byte array, and an open-addressing table (linear
/// probing, at most half full) holds their numbers; a probe compares the text itself, so two
/// UIDs are one only when their bytes are equal. The hash is keyed with a random number for the
/// process, so a calendar cannot be built to make the probes long.
struct UIDTable {
  private var bytes: [UInt8] = []
  /// Where each text ends in `bytes`; it begins where the previous one ends.
  private var ends: [Int] = []
  /// UID numbers, -1 for an empty bucket; the count is a power of two.
  private var buckets = [Int32](repeating: -1, count: 64)

  var count: Int { ends.count }

  /// The number of `uid`, without adding it.
  func number(of uid: String) -> Int32? {
    var uid = uid
    return uid.withUTF8 { text in
      let bucket = find(UnsafeRawBufferPointer(text))
      return buckets[bucket] >= 0 ? buckets[bucket] : nil
    }
  }

  /// The number of `uid`, added when it is new.
  mutating func intern(_ uid: String) -> Int32 {
    var uid = uid
    return uid.withUTF8 { text in
      let bucket = find(UnsafeRawBufferPointer(text))
      if buckets[bucket] >= 0 { return buckets[bucket] }
      let n = Int32(ends.count)
      bytes.append(contentsOf: text)
      ends.append(bytes.count)
      buckets[bucket] = n
      if ends.count * 2 > buckets.count { grow() }
      return n
    }
  }

  /// Room for the UIDs of about `count` more events with `more` bytes of UID text, so that a
  /// big calendar's texts are not copied each time the arrays grow (the pages reserved and
  /// never used are never touched, so they cost no memory).
  mutating func reserve(more count: Int, bytes more: Int) {
    // At least doubling, as growing would.
    if ends.count + count > ends.capacity {
      ends.reserveCapacity(max(ends.count + count, 2 * ends.capacity))
    }
    if bytes.count + more > bytes.capacity {
      bytes.reserveCapacity(max(bytes.count + more, 2 * bytes.capacity))
    }
  }

  /// The text of UID number `n`.
  subscript(n: Int32) -> String {
    String(decoding: bytes[range(n)], as: UTF8.self)
  }

  private func range(_ n: Int32) -> Range<Int> {
    let i = Int(n)
    return (i == 0 ? 0 : ends[i - 1])..<ends[i]
  }

  /// A random key for this process, so a calendar cannot be built to make the probes long.
  private static let seed: UInt64 = .random(in: .min ... .max)

  /// A keyed multiply-and-mix hash over eight bytes at a time (in the manner of wyhash): a
  /// UID is some 20 to 60 bytes, where Swift's SipHash `Hasher` cost a third of the table's
  /// time.
  private static func hash(_ text: UnsafeRawBufferPointer) -> Int {
    @inline(__always) func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let product = a.multipliedFullWidth(by: b)
      return product.high ^ product.low
    }
    let k0: UInt64 = 0xa076_1d64_78bd_642f
    let k1: UInt64 = 0xe703_7ed1_a0b4_28db
    var h = seed ^ UInt64(text.count) &* k0
    var i = 0
    while i + 8 <= text.count {
      h = mix(h ^ text.loadUnaligned(fromByteOffset: i, as: UInt64.self), k1)
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < text.count {
      tail |= UInt64(text[i]) << shift
      shift += 8
      i += 1
    }
    h = mix(h ^ tail ^ k0, k1)
    return Int(truncatingIfNeeded: mix(h, seed ^ k0))
  }

  /// The bucket holding `text`, or the empty bucket where it would go.
  private func find(_ text: UnsafeRawBufferPointer) -> Int {
    let mask = buckets.count - 1
    var i = Self.hash(text) & mask
    return bytes.withUnsafeBytes { all in
      while true {
        let n = buckets[i]
        if n < 0 { return i }
        let r = range(n)
        if r.count == text.count
          && (r.isEmpty || memcmp(all.baseAddress! + r.lowerBound, text.baseAddress!, r.count) == 0)
        {
          return i
        }
        i = (i + 1) & mask
      }
    }
  }

  private mutating func grow() {
    let mask = buckets.count * 2 - 1
    var bigger = [Int32](repeating: -1, count: buckets.count * 2)
    bytes.withUnsafeBytes { all in
      for n in 0..<Int32(ends.count) {
        let r = range(n)
        var i = Self.hash(UnsafeRawBufferPointer(rebasing: all[r])) & mask
        while bigger[i] >= 0 { i = (i + 1) & mask }
        bigger[i] = n
      }
    }
    buckets = bigger
  }
}
