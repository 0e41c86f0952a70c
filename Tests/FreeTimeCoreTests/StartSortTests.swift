import TestSupport
import Testing

@testable import FreeTimeCore

/// `StartSort` (the in-place sort of `FreeSlots.free`) against the standard library's sort:
/// the same intervals, in order of start, on the shapes that trouble a quicksort.
@Suite struct StartSortTests {
  @Test(arguments: 0..<100)
  func sortsLikeTheStandardLibrary(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let count = [0, 1, 2, 3, 16, 17, 100, 1000, 5000, 20_000][seed % 10]
    let spread = [1, 3, 50, 1_000_000, Int.max / 2][seed % 5]
    var intervals = (0..<count).map { i -> Interval in
      let start: Instant =
        switch seed % 5 {
        case 0: Instant(i)  // sorted
        case 1: Instant(count - i)  // reversed
        case 2: Instant(i % 7 == 0 ? rng.int(0...spread) : i)  // mostly sorted
        case 3 where seed % 3 == 0:  // from far before 1970 to far after, both signs
          Instant(rng.int(0...spread)) - Instant(spread / 2)
        default: Instant(rng.int(0...spread))  // random, many equal when spread is small
        }
      return Interval(start, start + Instant(rng.int(0...100)))
    }
    let expected = intervals.sorted()
    StartSort.sort(&intervals)
    #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0.start <= $1.start })
    #expect(intervals.sorted() == expected)  // the same intervals, none lost or doubled
  }

  /// A large organ-pipe input, and the heapsort that takes over past the depth limit (forced
  /// from the first partition).
  @Test(arguments: [nil, 0, 3])
  func largeAndPastTheDepthLimit(depthLimit: Int?) {
    var rng = SplitMix64(seed: 99)
    var intervals = (0..<200_000).map { i in
      Interval(Instant(i % 2 == 0 ? i : 200_000 - i), Instant(rng.int(0...10)))
    }
    let expected = intervals.sorted()
    StartSort.sort(&intervals, depthLimit: depthLimit)
    #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0.start <= $1.start })
    #expect(intervals.sorted() == expected)
  }
}
