import Benchmark
import FreeTimeCore

/// Deterministic busy time: `count` meetings of 15 minutes to 4 hours between 05:00 and 21:00,
/// spread over a year (SplitMix64, so every run sees the same input).
func busy(count: Int, seed: UInt64) -> [Interval] {
  var state = seed
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  let lengths: [Int64] = [900, 1800, 2700, 3600, 5400, 7200, 14400]
  return (0..<count).map { _ in
    let day = Int64(next() % 365)
    let start = 1_793_577_600 + day * 86400 + 5 * 3600 + Int64(next() % 64) * 900
    return Interval(start, start + lengths[Int(next() % UInt64(lengths.count))])
  }
}

let year = Interval(1_793_577_600, 1_793_577_600 + 365 * 86400)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, .throughput],
    maxDuration: .seconds(5), maxIterations: 50)

  // One person's free time: the open-event counter over 1M busy intervals.
  let million = busy(count: 1_000_000, seed: 1)
  Benchmark("sweep: free slots of 1M busy intervals") { benchmark in
    blackHole(FreeSlots.free(busy: million, in: year))
  }

  // 1,000 calendars of 1,000 events: each person's sweep, then the merger.
  let people = (0..<1000).map { busy(count: 1000, seed: UInt64($0) + 10) }
  Benchmark("merge: 1000 calendars x 1000 events (sweeps + merger)") { benchmark in
    let participants = people.enumerated().map { i, b in
      Participant(name: "p\(i)", free: FreeSlots.free(busy: b, in: year))
    }
    blackHole(Merger(minimum: 1800).merge(participants, window: year))
  }
  let free = people.enumerated().map { i, b in
    Participant(name: "p\(i)", free: FreeSlots.free(busy: b, in: year))
  }
  Benchmark("merge: 1000 calendars x 1000 events (merger only)") { benchmark in
    blackHole(Merger(minimum: 1800).merge(free, window: year))
  }
}
