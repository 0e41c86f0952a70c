import Testing

@testable import FreeTimeCore

/// `--buffer` padding and `--align` rounding, with the de-duplication of aligned slots.
@Suite struct SlotAdjustTests {
  @Test func padAndAlign() {
    #expect(
      SlotAdjust.pad([Interval(100, 200), Interval(300, 300)], by: 10) == [Interval(90, 210)])
    let utc = FixedOffset(seconds: 0)
    #expect(SlotAdjust.align(Interval(610, 3590), grid: 900, zone: utc) == Interval(900, 2700))
    #expect(SlotAdjust.align(Interval(901, 1700), grid: 900, zone: utc) == nil)
    // The grid is the wall clock of the zone: +05:30 puts quarter hours at :00, :15, …
    let india = FixedOffset(seconds: 19800)
    #expect(SlotAdjust.align(Interval(60, 3000), grid: 900, zone: india) == Interval(900, 2700))
  }

  @Test func padOneIntervalAndNoBuffer() {
    #expect(SlotAdjust.pad(Interval(100, 200), by: 30) == Interval(70, 230))
    let busy = [Interval(300, 300), Interval(100, 200)]
    #expect(SlotAdjust.pad(busy, by: 0) == busy)
  }

  @Test func alignedSlotsThatBecomeEqualAreOneWithTheirRoomsMerged() {
    let utc = FixedOffset(seconds: 0)
    let slots = [
      Slot(interval: Interval(610, 3590), free: ["a", "b"], rooms: ["r1"]),
      Slot(interval: Interval(700, 3000), free: ["a"], rooms: ["r2"]),
      Slot(interval: Interval(890, 2800), free: ["a", "b"], rooms: ["r2", "r1", "r3"]),
      Slot(interval: Interval(901, 1700), free: ["a", "b"], rooms: ["r4"]),
      Slot(interval: Interval(800, 2710), free: ["a"], rooms: ["r1"]),
    ]
    #expect(
      SlotAdjust.align(slots, grid: 900, zone: utc, minimum: 0) == [
        Slot(interval: Interval(900, 2700), free: ["a", "b"], rooms: ["r1", "r2", "r3"]),
        Slot(interval: Interval(900, 2700), free: ["a"], rooms: ["r2", "r1"]),
      ])
    #expect(SlotAdjust.align(slots, grid: 900, zone: utc, minimum: 1801).isEmpty)
  }

  /// The pairwise rule: each aligned slot long enough is either equal (interval and people) to
  /// one kept before it, which gains its missing rooms, or kept after them.
  static func model(_ slots: [Slot], grid: Int64, minimum: Int64) -> [Slot] {
    let utc = FixedOffset(seconds: 0)
    var unique: [Slot] = []
    for slot in slots {
      guard let aligned = SlotAdjust.align(slot.interval, grid: grid, zone: utc),
        aligned.duration >= max(minimum, 1)
      else { continue }
      var moved = slot
      moved.interval = aligned
      if let i = unique.firstIndex(where: { $0.interval == aligned && $0.free == moved.free }) {
        for r in moved.rooms where !unique[i].rooms.contains(r) { unique[i].rooms.append(r) }
      } else {
        unique.append(moved)
      }
    }
    return unique
  }

  @Test(arguments: 0..<200)
  func alignAnswersAsThePairwiseRule(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let names = ["a", "b", "c"]
    let slots = (0..<rng.int(0...30)).map { _ -> Slot in
      let start = Int64(rng.int(0...20)) * 300
      let free = names.filter { _ in rng.oneIn(2) }
      let rooms = rng.shuffled(names.map { "room-" + $0 }).filter { _ in rng.oneIn(2) }
      return Slot(
        interval: Interval(start, start + Int64(rng.int(1...12)) * 300), free: free, rooms: rooms)
    }
    let grid = Int64(rng.element(of: [300, 600, 900, 1800]))
    let minimum = Int64(rng.int(0...4)) * 300
    #expect(
      SlotAdjust.align(slots, grid: grid, zone: FixedOffset(seconds: 0), minimum: minimum)
        == Self.model(slots, grid: grid, minimum: minimum), "seed \(seed)")
  }
}
