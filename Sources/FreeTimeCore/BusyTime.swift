/// Firm and tentative busy time (docs/ARCHITECTURE.md, What is busy).
public enum BusyTime {
  /// The firm busy time: `busy` less the `tentative` intervals, as a multiset difference (an
  /// interval listed twice in `busy` and once in `tentative` stays once), in `busy`'s order.
  ///
  /// A reader lists every tentative interval in `busy` too, so `tentative` is a sub-multiset
  /// of `busy`; an interval of `tentative` not in `busy` removes nothing.
  ///
  /// - Complexity: O(n + m) hash lookups for n busy and m tentative intervals.
  public static func firm(_ busy: [Interval], less tentative: [Interval]) -> [Interval] {
    guard !tentative.isEmpty else { return busy }
    var remaining: [Interval: Int] = [:]
    for interval in tentative { remaining[interval, default: 0] += 1 }
    var firm: [Interval] = []
    firm.reserveCapacity(busy.count)
    for interval in busy {
      if let n = remaining[interval], n > 0 {
        remaining[interval] = n - 1
      } else {
        firm.append(interval)
      }
    }
    return firm
  }
}
