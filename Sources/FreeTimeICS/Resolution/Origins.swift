import FreeTimeCore

/// With `--explain`: where each piece of busy time comes from. The origins are kept once, in
/// `table`; masters, periods and what the resolution keeps refer to them by number (-1: none,
/// as every number is without `--explain`).
struct Origins {
  /// Where the next contribution comes from.
  var current: Origin?
  /// Every origin so far.
  var table: [Origin] = []
  /// Each master's origin (by its number in `MasterStore.entries`; none at all without
  /// `--explain`).
  var masters: [Int32] = []
  /// Each free/busy period's origin (by its index in `PersonAccumulator.periods`).
  var periods: [Int32] = []
  /// Parallel to what `PersonAccumulator.finish` returns.
  var busy: [Origin] = []

  /// The number of `current` in `table`, -1 without one.
  mutating func index() -> Int32 {
    guard let origin = current else { return -1 }
    table.append(origin)
    return Int32(table.count - 1)
  }

  /// The origin of number `n` (an empty one for -1).
  func origin(_ n: Int32) -> Origin {
    n >= 0 ? table[Int(n)] : Origin(file: "", line: nil, uid: nil, summary: nil)
  }
}
