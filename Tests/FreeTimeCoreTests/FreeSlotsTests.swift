import Testing

@testable import FreeTimeCore

/// One person's free time: the open-event counter against a minute-by-minute model.
@Suite struct FreeSlotsTests {
  /// Random busy time of every awkward kind against the minute bitmap, over 300 seeds.
  @Test(arguments: 0..<300)
  func matchesTheMinuteBitmap(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let window = randomWindow(&rng)
    let busy = randomBusy(&rng, window: window)

    let free = FreeSlots.free(busy: busy, in: window)

    let expected = Bitmap.runs(Bitmap.free(busy: busy, window: window), window: window)
    #expect(free == expected, "seed \(seed): window \(window), busy \(busy)")
    // The order of the busy intervals does not matter.
    #expect(FreeSlots.free(busy: rng.shuffled(busy), in: window) == free, "seed \(seed)")
    // Sorted, inside the window, never zero-length, and maximal: slots never touch.
    #expect(free.isSortedAndDisjoint)
    #expect(free.allSatisfy { window.contains($0) && $0.duration > 0 })
    #expect(zip(free, free.dropFirst()).allSatisfy { $0.end < $1.start })
  }

  let window = Interval(1000, 2000)

  @Test func emptyBusyListGivesTheWholeWindow() {
    #expect(FreeSlots.free(busy: [], in: window) == [window])
    #expect(FreeSlots.free(busy: [], in: Interval(-500, -499)) == [Interval(-500, -499)])
  }

  @Test func emptyWindowGivesNothing() {
    #expect(FreeSlots.free(busy: [], in: Interval(1000, 1000)).isEmpty)
    #expect(FreeSlots.free(busy: [], in: Interval(2000, 1000)).isEmpty)
    #expect(FreeSlots.free(busy: [Interval(0, 500)], in: Interval(1000, 1000)).isEmpty)
    #expect(FreeSlots.free(busy: [Interval(1500, 1600)], in: Interval(2000, 1000)).isEmpty)
  }

  @Test func backToBackEventsLeaveNoGap() {
    let busy = [Interval(1100, 1200), Interval(1200, 1300), Interval(1300, 1400)]
    let expected = [Interval(1000, 1100), Interval(1400, 2000)]
    #expect(FreeSlots.free(busy: busy, in: window) == expected)
    #expect(FreeSlots.free(busy: busy.reversed(), in: window) == expected)
    // Back-to-back events that also overlap a third.
    let tangled = [Interval(1200, 1300), Interval(1100, 1200), Interval(1150, 1250)]
    #expect(
      FreeSlots.free(busy: tangled, in: window) == [Interval(1000, 1100), Interval(1300, 2000)])
  }

  @Test func zeroLengthEventsBlockNothing() {
    #expect(FreeSlots.free(busy: [Interval(1500, 1500)], in: window) == [window])
    #expect(
      FreeSlots.free(busy: [Interval(1000, 1000), Interval(2000, 2000)], in: window) == [window])
    // Not inside a gap between two events, and they do not split a busy stretch either.
    let busy = [
      Interval(1100, 1200), Interval(1200, 1200), Interval(1300, 1300), Interval(1150, 1150),
    ]
    #expect(FreeSlots.free(busy: busy, in: window) == [Interval(1000, 1100), Interval(1200, 2000)])
  }

  @Test func backwardsEventsBlockNothing() {
    #expect(FreeSlots.free(busy: [Interval(1600, 1400)], in: window) == [window])
    #expect(FreeSlots.free(busy: [Interval(3000, 0)], in: window) == [window])
  }

  @Test func eventsStraddlingTheWindowEdges() {
    #expect(
      FreeSlots.free(busy: [Interval(900, 1100), Interval(1900, 2100)], in: window)
        == [Interval(1100, 1900)])
    // Ending exactly at the window's start, or starting exactly at its end: nothing blocked.
    #expect(
      FreeSlots.free(busy: [Interval(900, 1000), Interval(2000, 2100)], in: window) == [window])
    // Starting at the start, or ending at the end.
    #expect(
      FreeSlots.free(busy: [Interval(1000, 1001), Interval(1999, 2000)], in: window)
        == [Interval(1001, 1999)])
    // Wholly outside.
    #expect(
      FreeSlots.free(busy: [Interval(0, 999), Interval(2001, 5000)], in: window) == [window])
  }

  @Test func busyThroughoutGivesNothing() {
    #expect(FreeSlots.free(busy: [window], in: window).isEmpty)
    #expect(FreeSlots.free(busy: [Interval(0, 3000)], in: window).isEmpty)
    #expect(FreeSlots.free(busy: [Interval(900, 1500), Interval(1500, 2100)], in: window).isEmpty)
    #expect(FreeSlots.free(busy: [Interval(Instant.min, Instant.max)], in: window).isEmpty)
  }

  @Test func aZeroLengthSlotIsNeverReturned() {
    // Events that touch leave no zero-length slot between them, nor at the window's edges.
    #expect(FreeSlots.free(busy: [Interval(1000, 1500), Interval(1500, 2000)], in: window).isEmpty)
    // A one-second gap is a slot.
    #expect(
      FreeSlots.free(busy: [Interval(1000, 1500), Interval(1501, 2000)], in: window)
        == [Interval(1500, 1501)])
  }

  @Test func overlappingNestedAndDuplicatedEvents() {
    let busy = [
      Interval(1100, 1400), Interval(1200, 1300), Interval(1100, 1400), Interval(1350, 1500),
      Interval(1700, 1800), Interval(1750, 1760),
    ]
    #expect(
      FreeSlots.free(busy: busy, in: window)
        == [Interval(1000, 1100), Interval(1500, 1700), Interval(1800, 2000)])
  }

  @Test func farFromTheEpoch() {
    // A day from 0001-01-01T00:00Z, and the day up to 9999-12-31T23:59:59Z (Unix times).
    let early = Interval(-62_135_596_800, -62_135_596_800 + 86_400)
    #expect(
      FreeSlots.free(busy: [Interval(early.start + 3600, early.start + 7200)], in: early)
        == [Interval(early.start, early.start + 3600), Interval(early.start + 7200, early.end)])
    let late = Interval(253_402_300_799 - 86_400, 253_402_300_799)
    #expect(
      FreeSlots.free(busy: [Interval(late.end - 60, late.end + 3600)], in: late)
        == [Interval(late.start, late.end - 60)])
  }
}
