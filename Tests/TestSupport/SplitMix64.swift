/// SplitMix64 (Steele, Lea and Flood, 2014): a small deterministic generator, so every failure
/// names a seed that reproduces it. No system randomness in the tests that use it.
public struct SplitMix64 {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range` (the slight modulo bias does not matter here).
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// True one time in `n`.
  public mutating func oneIn(_ n: Int) -> Bool { int(1...n) == 1 }

  public mutating func element<T>(of items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// Fisher–Yates.
  public mutating func shuffled<T>(_ items: [T]) -> [T] {
    var items = items
    for i in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(i, int(0...i))
    }
    return items
  }

  /// True with probability `p`, in steps of a thousandth.
  public mutating func chance(_ p: Double) -> Bool { Double(next() % 1000) / 1000 < p }

  /// Some of `items`, in order, at most `atMost` of them: each taken with probability
  /// `atMost / items.count` until `atMost` are taken.
  public mutating func subset<T>(_ items: [T], atMost: Int) -> [T] {
    var out: [T] = []
    for item in items where out.count < atMost && chance(Double(atMost) / Double(items.count)) {
      out.append(item)
    }
    return out
  }
}
