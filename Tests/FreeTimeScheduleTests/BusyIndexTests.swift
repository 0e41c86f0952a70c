import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeSchedule

/// `BusyIndex` (how `book --repeat` finds the busy time over each occurrence) against looking
/// at every interval, on seeded random busy time: unsorted, overlapping, some empty, a few long.
@Suite struct BusyIndexTests {
  @Test(arguments: 0..<20)
  func findsWhatAScanFinds(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) + 1)
    let busy = (0..<random.int(0...300)).map { _ -> Interval in
      let start = Int64(random.int(0...100_000))
      let length = Int64(random.oneIn(30) ? random.int(0...40_000) : random.int(0...900))
      return Interval(start, start + length)
    }
    let index = BusyIndex(busy)
    for _ in 0..<200 {
      let start = Int64(random.int(-1000...101_000))
      let meeting = Interval(start, start + Int64(random.int(1...3600)))
      let scan = busy.indices.filter { busy[$0].overlaps(meeting) }
      #expect(index.overlapping(meeting, in: busy) == scan, "seed \(seed), \(meeting)")
    }
  }
}
