import Testing

@testable import FreeTimeCore

@Suite struct QuorumTests {
  /// Against a brute-force model: every group of at least k people, every maximal run of
  /// minutes where the whole group is free, kept when nobody outside the group is free
  /// throughout it.
  @Test(arguments: 0..<200)
  func matchesTheGroupModel(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 4242)
    let window = Interval(0, Int64(rng.int(30...240)) * 60)
    let n = rng.int(1...5)
    let k = rng.int(1...n)
    let minimum = Int64(rng.int(0...2) == 0 ? 0 : rng.int(1...30)) * 60
    let people = (0..<n).map { i in
      Participant(
        name: "p\(i)", free: FreeSlots.free(busy: randomBusy(&rng, window: window), in: window))
    }
    let slots = Merger(minimum: minimum).quorum(people, atLeast: k, window: window)

    let bits = people.map { Bitmap.bits(of: $0.free, window: window) }
    var expected = Set<Slot>()
    for mask in 1..<(1 << n) where mask.nonzeroBitCount >= k {
      let group = (0..<n).filter { mask & (1 << $0) != 0 }
      let all = (0..<bits[0].count).map { m in group.allSatisfy { bits[$0][m] } }
      for run in Bitmap.runs(all, window: window) where run.duration >= max(minimum, 1) {
        let range = Int(run.start / 60)..<Int(run.end / 60)
        let outsiderFree = (0..<n).contains { p in
          !group.contains(p) && bits[p][range].allSatisfy { $0 }
        }
        if !outsiderFree {
          expected.insert(Slot(interval: run, free: group.map { "p\($0)" }))
        }
      }
    }
    #expect(Set(slots) == expected, "seed \(seed)")
    #expect(slots.count == Set(slots).count)
    // Sorted by start, then larger groups first.
    for (a, b) in zip(slots, slots.dropFirst()) {
      #expect(
        a.interval.start < b.interval.start
          || (a.interval.start == b.interval.start && a.free.count >= b.free.count))
    }
  }

  @Test func allRequiredEqualsTheIntersection() {
    let a = Participant(name: "a", free: [Interval(0, 100), Interval(200, 300)])
    let b = Participant(name: "b", free: [Interval(50, 250)])
    let window = Interval(0, 300)
    #expect(
      Merger().quorum([a, b], atLeast: 2, window: window).map(\.interval)
        == Merger().merge([a, b], window: window).map(\.interval))
  }
}
