/// The `--buffer` padding of busy time and the `--align` rounding of slots.
public enum SlotAdjust {
  /// A busy interval padded by `buffer` on both sides (`--buffer`).
  public static func pad(_ interval: Interval, by buffer: Int64) -> Interval {
    Interval(interval.start - buffer, interval.end + buffer)
  }

  /// Every non-empty busy interval padded by `buffer` on both sides (`--buffer`); with no
  /// buffer, `busy` as it is (empty intervals included: they block nothing).
  public static func pad(_ busy: [Interval], by buffer: Int64) -> [Interval] {
    guard buffer > 0 else { return busy }
    return busy.compactMap { $0.isEmpty ? nil : pad($0, by: buffer) }
  }

  /// Rounds a slot's start up and its end down to multiples of `grid` on the zone's wall clock
  /// (`--align`); nil when nothing is left.
  public static func align(_ interval: Interval, grid: Int64, zone: some UTCOffsetSource)
    -> Interval?
  {
    guard grid > 0 else { return interval }
    let s = LocalTimeResolver.civil(interval.start, in: zone)
    let e = LocalTimeResolver.civil(interval.end, in: zone)
    let up = CivilTime.floorDiv(s + grid - 1, grid) * grid
    let down = CivilTime.floorDiv(e, grid) * grid
    // Move by the civil difference from the slot's own instants, so a DST change elsewhere in
    // the day does not shift the edges.
    let start = interval.start + (up - s)
    let end = interval.end - (e - down)
    return start < end ? Interval(start, end) : nil
  }

  /// Merged slots aligned to `grid` (`--align`), then those still at least `minimum` long (and
  /// never empty), with equal slots made one.
  ///
  /// Aligning can make two slots equal (the same interval and the same people free): they
  /// become the first of them, whose room list gains the rooms of the later ones it lacks, in
  /// their order. Otherwise the slots keep their order.
  ///
  /// - Complexity: O(n) hash lookups for n slots, plus the room lists of equal slots.
  public static func align(
    _ slots: [Slot], grid: Int64, zone: some UTCOffsetSource, minimum: Int64
  ) -> [Slot] {
    var unique: [Slot] = []
    var index: [SameSlot: Int] = [:]
    for slot in slots {
      guard let aligned = align(slot.interval, grid: grid, zone: zone),
        aligned.duration >= max(minimum, 1)
      else { continue }
      var moved = slot
      moved.interval = aligned
      let key = SameSlot(interval: aligned, free: moved.free)
      if let i = index[key] {
        for room in moved.rooms where !unique[i].rooms.contains(room) {
          unique[i].rooms.append(room)
        }
      } else {
        index[key] = unique.count
        unique.append(moved)
      }
    }
    return unique
  }

  /// What makes two aligned slots one: the same interval and the same people free.
  private struct SameSlot: Hashable {
    var interval: Interval
    var free: [String]
  }
}
