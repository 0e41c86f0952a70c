import HeapModule

/// One person's free time: the open-event counter (docs/ARCHITECTURE.md, Free time).
///
/// Every busy interval becomes a +1 marker at its start and a −1 marker at its end. One
/// artificial event covers everything before the window and everything after it, so the counter
/// starts at 1 and drops to 0 exactly at the window's start. Walking the markers in time order,
/// the counter falling to 0 opens a free slot and rising from 0 closes it. Markers at the same
/// instant are applied together, so back-to-back events leave no gap and no zero-length slot is
/// produced.
public enum FreeSlots {
  /// The free slots of one person inside `window`.
  ///
  /// The busy intervals are sorted by start in place and walked once; the ends of the events
  /// open at each moment wait in a min-heap, so the counter is 1 (the artificial event) plus the
  /// heap's size, and the slots are written over the intervals already walked. Beyond the
  /// intervals themselves this needs only the heap (the most events open at once; the sort,
  /// `StartSort`, works in place): a million busy intervals are never copied.
  ///
  /// - Parameters:
  ///   - busy: busy intervals in any order; they may overlap and may lie partly or wholly
  ///     outside the window. Empty (zero-length or backwards) intervals block nothing. Pass it
  ///     with `consume` (no other reference) and its storage becomes the result's.
  ///   - window: the span to look at.
  /// - Returns: sorted, disjoint, non-empty intervals inside `window`.
  /// - Complexity: O(n log n) for n busy intervals.
  public static func free(busy: consuming [Interval], in window: Interval) -> [Interval] {
    guard !window.isEmpty else { return [] }
    var slots = consume busy
    // Only intervals that block part of the window matter.
    var n = 0
    for i in slots.indices where !slots[i].isEmpty && slots[i].overlaps(window) {
      slots[n] = slots[i]
      n += 1
    }
    slots.removeLast(slots.count - n)
    StartSort.sort(&slots)

    var open = Heap<Instant>()
    var count = 1  // the artificial event: [-inf, window.start) and [window.end, +inf)
    var openedAt = Instant.min
    var written = 0
    var i = 0
    // Events already open when the window starts.
    while i < n && slots[i].start < window.start {
      open.insert(slots[i].end)
      count += 1
      i += 1
    }
    var t = window.start
    while true {
      let before = count
      if t == window.start { count -= 1 }
      while let end = open.min, end == t {
        open.removeMin()
        count -= 1
      }
      if t == window.end { count += 1 }
      while i < n && slots[i].start == t {
        open.insert(slots[i].end)
        count += 1
        i += 1
      }
      if before > 0 && count == 0 {
        openedAt = t
      } else if before == 0 && count > 0 {
        // Every slot closes at a start already walked (or at the window's end), so the slot
        // goes where that interval was.
        if written < i {
          slots[written] = Interval(openedAt, t)
        } else {
          slots.append(Interval(openedAt, t))
        }
        written += 1
      }
      if t >= window.end { break }
      // The next marker: a start, an end, or the window's end.
      var next = window.end
      if i < n { next = min(next, slots[i].start) }
      if let end = open.min { next = min(next, end) }
      t = next
    }
    slots.removeLast(slots.count - written)
    #if DEBUG
      checkInvariants(slots, window: window, minimum: 1)
    #endif
    return slots
  }
}

#if DEBUG
  /// Debug-build invariants of every slot list: sorted, disjoint, inside the window, none shorter
  /// than the minimum (and never zero-length).
  func checkInvariants(_ slots: [Interval], window: Interval, minimum: Int64) {
    assert(slots.isSortedAndDisjoint, "slots must be sorted, disjoint and non-empty: \(slots)")
    for slot in slots {
      assert(window.contains(slot), "slot \(slot) lies outside the window \(window)")
      assert(slot.duration >= max(minimum, 1), "slot \(slot) is shorter than \(minimum)s")
    }
  }
#endif
