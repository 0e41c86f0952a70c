/// The merger's marker walk (`Merger.covered`): the open-event counter over free slots.
enum Sweep {
  /// Walks +1 markers (`starts`) and −1 markers (`ends`) in time order and returns where the
  /// counter is at least `threshold` (the merger's "enough people free").
  ///
  /// - Returns: sorted, disjoint, non-empty intervals.
  /// - Complexity: O(n log n) — the sort; the walk is one pass.
  static func walk(
    starts: inout [Instant], ends: inout [Instant], threshold: Int
  ) -> [Interval] {
    starts.sort()
    ends.sort()
    var result: [Interval] = []
    var count = 0
    var i = 0
    var j = 0
    var openedAt: Instant? = nil
    while i < starts.count || j < ends.count {
      let t: Instant
      if j >= ends.count || (i < starts.count && starts[i] <= ends[j]) {
        t = starts[i]
      } else {
        t = ends[j]
      }
      let before = count
      while i < starts.count && starts[i] == t {
        count += 1
        i += 1
      }
      while j < ends.count && ends[j] == t {
        count -= 1
        j += 1
      }
      let wasIn = before >= threshold
      let isIn = count >= threshold
      if !wasIn && isIn {
        openedAt = t
      } else if wasIn && !isIn, let opened = openedAt {
        if opened < t { result.append(Interval(opened, t)) }
        openedAt = nil
      }
    }
    return result
  }
}
