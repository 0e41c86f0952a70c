/// Sorts intervals by start in place, with no buffer: an introsort (quicksort with a median of
/// three, insertion sort for short runs, heapsort past a depth limit, so never worse than
/// O(n log n)). Equal starts come in any order: the sweep of `FreeSlots.free` needs nothing
/// else. The standard library's sort is a stable merge sort, which needs a buffer of half the
/// intervals (8 bytes each here) and moved each interval more often on a calendar's random order.
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
      introsort(base, 0, buffer.count, depthLimit ?? depth)
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
