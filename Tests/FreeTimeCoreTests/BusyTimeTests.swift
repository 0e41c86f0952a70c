import Testing

@testable import FreeTimeCore

/// Firm busy time: busy less tentative, as a multiset difference.
@Suite struct BusyTimeTests {
  @Test func tentativeIntervalsAreTakenOutOnceEach() {
    let a = Interval(0, 100)
    let b = Interval(50, 150)
    let c = Interval(200, 300)
    #expect(BusyTime.firm([a, b, a, c, a], less: [a, c]) == [b, a, a])
    #expect(BusyTime.firm([a, b], less: []) == [a, b])
    #expect(BusyTime.firm([a, b], less: [a, b]).isEmpty)
    // A tentative interval that is not busy removes nothing.
    #expect(BusyTime.firm([a], less: [c]) == [a])
  }

  @Test(arguments: 0..<100)
  func answersAsRemovingEachTentativeIntervalFromTheFront(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let pool = (0..<5).map { Interval(Int64($0) * 10, Int64($0) * 10 + Int64(rng.int(0...20))) }
    let busy = (0..<rng.int(0...20)).map { _ in rng.element(of: pool) }
    let tentative = busy.filter { _ in rng.oneIn(2) } + (rng.oneIn(4) ? [pool[0]] : [])
    var expected = busy
    for t in tentative {
      if let i = expected.firstIndex(of: t) { expected.remove(at: i) }
    }
    #expect(BusyTime.firm(busy, less: tentative) == expected, "seed \(seed)")
  }
}
