import Testing

@testable import FreeTimeCore

/// Half-open intervals `[start, end)`.
@Suite struct IntervalTests {
  @Test func lengthAndEmptiness() {
    #expect(Interval(10, 25).duration == 15)
    #expect(Interval(10, 5).duration == -5)
    #expect(!Interval(10, 11).isEmpty)
    #expect(Interval(10, 10).isEmpty)
    #expect(Interval(10, 5).isEmpty)
  }

  @Test func touchingIsNotOverlapping() {
    let a = Interval(0, 10)
    #expect(!a.overlaps(Interval(10, 20)))
    #expect(!Interval(10, 20).overlaps(a))
    #expect(a.overlaps(Interval(9, 20)))
    #expect(a.overlaps(Interval(2, 3)))
    #expect(!a.overlaps(Interval(0, 0)))
    #expect(!a.overlaps(Interval(10, 10)))
    #expect(a.clamped(to: Interval(10, 20)) == nil)
    #expect(a.clamped(to: Interval(5, 20)) == Interval(5, 10))
    #expect(a.clamped(to: Interval(-5, 20)) == a)
    #expect(a.contains(a))
    #expect(a.contains(Interval(0, 1)))
    #expect(!a.contains(Interval(5, 11)))
  }

  @Test func orderIsByStartThenEnd() {
    #expect(Interval(0, 10) < Interval(1, 2))
    #expect(Interval(0, 5) < Interval(0, 10))
    #expect(!(Interval(0, 10) < Interval(0, 10)))
    #expect(Interval(0, 10).description == "[0, 10)")
  }

  @Test func sortedAndDisjoint() {
    #expect([Interval]().isSortedAndDisjoint)
    #expect([Interval(0, 10), Interval(10, 20)].isSortedAndDisjoint)  // touching is allowed
    #expect([Interval(0, 10), Interval(15, 20)].isSortedAndDisjoint)
    #expect(![Interval(0, 10), Interval(9, 20)].isSortedAndDisjoint)
    #expect(![Interval(15, 20), Interval(0, 10)].isSortedAndDisjoint)
    #expect(![Interval(0, 10), Interval(12, 12)].isSortedAndDisjoint)
    #expect(![Interval(5, 0)].isSortedAndDisjoint)
  }

  /// `covers` (a binary search) against a linear scan, over 300 seeds.
  @Test(arguments: 0..<300)
  func coversMatchesALinearScan(seed: Int) {
    var rng = SplitMix64(seed: 8_000_000 + UInt64(seed))
    let window = Interval(0, Int64(rng.int(1...200)) * minute)
    let list = randomFree(&rng, window: window)
    for _ in 0..<20 {
      let s = Int64(rng.int(-10...210)) * minute
      let probe = Interval(s, s + Int64(rng.int(1...60)) * minute)
      #expect(
        list.covers(probe) == list.contains { $0.contains(probe) },
        "seed \(seed): \(probe) in \(list)")
    }
  }

  /// Overlapping and touching intervals become one; empty and backwards ones go.
  @Test func mergedSortsAndJoins() {
    let input = [
      Interval(50, 60), Interval(10, 20), Interval(20, 30), Interval(15, 25), Interval(40, 40),
      Interval(70, 65), Interval(55, 58),
    ]
    #expect(input.merged() == [Interval(10, 30), Interval(50, 60)])
    #expect([Interval]().merged().isEmpty)
  }

  /// `partitioningIndex` (the package's one binary search) against a linear search, on sorted
  /// arrays and slices of every small length, for every split point.
  @Test func partitioningIndexFindsTheSplit() {
    for count in 0..<40 {
      let sorted = (0..<count).map { $0 / 3 }  // runs of equal values
      for value in -1...(count / 3 + 1) {
        let linear = sorted.firstIndex { $0 > value } ?? sorted.endIndex
        #expect(sorted.partitioningIndex { $0 > value } == linear)
        let slice = sorted.dropFirst(count / 2)
        let inSlice = slice.firstIndex { $0 > value } ?? slice.endIndex
        #expect(slice.partitioningIndex { $0 > value } == inSlice)
      }
    }
  }
}
