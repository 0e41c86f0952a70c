/// An instant: whole seconds since 1970-01-01T00:00:00Z. Every time inside freetime is one of
/// these; time zones exist only at the edges (reading calendars, parsing options, printing).
public typealias Instant = Int64

/// A half-open span of time `[start, end)` in UTC seconds.
///
/// Back-to-back intervals (`a.end == b.start`) touch but do not overlap, so a meeting ending at
/// 10:00 and one starting at 10:00 leave no gap between them.
public struct Interval: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var start: Instant
  public var end: Instant

  public init(_ start: Instant, _ end: Instant) {
    self.start = start
    self.end = end
  }

  /// Length in seconds; negative for a backwards interval.
  public var duration: Int64 { end - start }

  /// True when the interval covers no time at all (zero-length or backwards).
  public var isEmpty: Bool { end <= start }

  /// True when `other` lies entirely inside `self`.
  public func contains(_ other: Interval) -> Bool {
    start <= other.start && other.end <= end
  }

  /// True when the two intervals share some time (touching is not overlapping).
  public func overlaps(_ other: Interval) -> Bool {
    start < other.end && other.start < end
  }

  /// The common part, or nil when there is none.
  public func clamped(to other: Interval) -> Interval? {
    let s = max(start, other.start)
    let e = min(end, other.end)
    return s < e ? Interval(s, e) : nil
  }

  public static func < (a: Interval, b: Interval) -> Bool {
    a.start != b.start ? a.start < b.start : a.end < b.end
  }

  public var description: String { "[\(start), \(end))" }
}

extension Array where Element == Interval {
  /// True when the intervals are sorted, non-empty and pairwise disjoint (touching allowed).
  public var isSortedAndDisjoint: Bool {
    var previousEnd = Instant.min
    for interval in self {
      if interval.isEmpty || interval.start < previousEnd { return false }
      previousEnd = interval.end
    }
    return true
  }

  /// The non-empty intervals sorted and merged: overlapping and touching ones become one.
  ///
  /// - Complexity: O(n log n).
  public func merged() -> [Interval] {
    var out: [Interval] = []
    for i in filter({ !$0.isEmpty }).sorted() {
      if let last = out.last, i.start <= last.end {
        out[out.count - 1].end = Swift.max(last.end, i.end)
      } else {
        out.append(i)
      }
    }
    return out
  }

  /// Whether `interval` lies inside one element. Requires `isSortedAndDisjoint`.
  ///
  /// - Complexity: O(log n)
  public func covers(_ interval: Interval) -> Bool {
    // First element whose end is beyond interval.start.
    let i = partitioningIndex { $0.end > interval.start }
    return i < endIndex && self[i].contains(interval)
  }
}

extension RandomAccessCollection {
  /// The first index whose element belongs in the second part of a collection already split in
  /// two by `belongsInSecondPartition` (every element of the first part comes before every one
  /// of the second): a binary search, O(log n). The one binary search of the package (as
  /// swift-algorithms names it).
  @inlinable
  public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool)
    rethrows -> Index
  {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let mid = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[mid]) {
        count = half
      } else {
        low = index(after: mid)
        count -= half + 1
      }
    }
    return low
  }
}
