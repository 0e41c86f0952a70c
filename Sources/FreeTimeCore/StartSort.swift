/// Sorts intervals by start in place, with no buffer. Many intervals are first spread into
/// 2,048 buckets by the high bits of their start (one pass of American flag sort: count, then
/// swap each interval into its bucket's next place), so the rest of the work happens on runs
/// that fit in the cache; each bucket, and any short list, is sorted by an introsort (quicksort
/// with a median of three, insertion sort for short runs, heapsort past a depth limit, so never
/// worse than O(n log n)). Equal starts come in any order: the sweep of `FreeSlots.free` needs
/// nothing else. The standard library's sort is a stable merge sort, which needs a buffer of half
/// the intervals (8 bytes each here) and moved each interval more often on a calendar's random
/// order.
enum StartSort {
  /// - Parameter depthLimit: partitions before heapsort takes over (tests set 0); twice the
  ///   bits of the count when nil.
  static func sort(_ intervals: inout [Interval], depthLimit: Int? = nil) {
    intervals.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > 1 else { return }
      var depth = 0
      var n = buffer.count
      while n > 0 {
        depth += 2
        n >>= 1
      }
      if buffer.count < 4096 || depthLimit != nil {
        introsort(base, 0, buffer.count, depthLimit ?? depth)
      } else {
        spreadAndSort(base, buffer.count)
      }
    }
  }

  /// The bucket pass, then an introsort of each bucket.
  private static func spreadAndSort(_ a: UnsafeMutablePointer<Interval>, _ n: Int) {
    var low = a[0].start
    var high = low
    for i in 0..<n {
      let s = a[i].start
      if s < low { low = s }
      if s > high { high = s }
    }
    let range = UInt64(bitPattern: high &- low)
    let bits = 64 - range.leadingZeroBitCount
    let shift = UInt64(max(0, bits - 11))
    @inline(__always) func bucket(_ i: Int) -> Int {
      Int(truncatingIfNeeded: UInt64(bitPattern: a[i].start &- low) >> shift)
    }
    let buckets = 2048
    var next = [Int](repeating: 0, count: buckets + 1)
    for i in 0..<n { next[bucket(i) + 1] += 1 }
    for b in 0..<buckets { next[b + 1] += next[b] }
    var end = Array(next.dropFirst())
    end.append(n)
    // Each bucket's next free place in `next`; swap intervals home until every bucket is full.
    for b in 0..<buckets {
      while next[b] < end[b] {
        let d = bucket(next[b])
        if d == b {
          next[b] += 1
        } else {
          swap(a, next[b], next[d])
          next[d] += 1
        }
      }
    }
    var depth = 0
    var count = n
    while count > 0 {
      depth += 2
      count >>= 1
    }
    var start = 0
    for b in 0..<buckets {
      if end[b] - start > 1 { introsort(a, start, end[b], depth) }
      start = end[b]
    }
  }

  private static func introsort(
    _ a: UnsafeMutablePointer<Interval>, _ low: Int, _ high: Int, _ depth: Int
  ) {
    var low = low
    var high = high
    var depth = depth
    while high - low > 16 {
      if depth == 0 {
        heapsort(a + low, high - low)
        return
      }
      depth -= 1
      // Median of three to a[low], then a Hoare partition around its start.
      let mid = low + (high - low) / 2
      if a[mid].start < a[low].start { swap(a, mid, low) }
      if a[high - 1].start < a[low].start { swap(a, high - 1, low) }
      if a[high - 1].start < a[mid].start { swap(a, high - 1, mid) }
      swap(a, low, mid)
      let pivot = a[low].start
      var i = low
      var j = high
      while true {
        repeat { i += 1 } while i < high && a[i].start < pivot
        repeat { j -= 1 } while a[j].start > pivot
        if i >= j { break }
        swap(a, i, j)
      }
      swap(a, low, j)
      // The smaller side recursively, the larger in this loop: the stack stays O(log n).
      if j - low < high - j - 1 {
        introsort(a, low, j, depth)
        low = j + 1
      } else {
        introsort(a, j + 1, high, depth)
        high = j
      }
    }
    // Insertion sort of the short rest.
    if high - low < 2 { return }
    for i in (low + 1)..<high {
      let x = a[i]
      var j = i
      while j > low && a[j - 1].start > x.start {
        a[j] = a[j - 1]
        j -= 1
      }
      a[j] = x
    }
  }

  @inline(__always)
  private static func swap(_ a: UnsafeMutablePointer<Interval>, _ i: Int, _ j: Int) {
    let t = a[i]
    a[i] = a[j]
    a[j] = t
  }

  private static func heapsort(_ a: UnsafeMutablePointer<Interval>, _ n: Int) {
    func siftDown(_ start: Int, _ end: Int) {
      var root = start
      while 2 * root + 1 < end {
        var child = 2 * root + 1
        if child + 1 < end && a[child].start < a[child + 1].start { child += 1 }
        if a[root].start >= a[child].start { return }
        swap(a, root, child)
        root = child
      }
    }
    var start = n / 2
    while start > 0 {
      start -= 1
      siftDown(start, n)
    }
    var end = n
    while end > 1 {
      end -= 1
      swap(a, 0, end)
      siftDown(0, end)
    }
  }
}
