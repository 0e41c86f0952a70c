import Foundation
import Testing

@testable import FreeTimeICS

/// A reading thread's watch (`Watchdog.Watch`) goes from file to file: what the thread spends
/// on a file is charged to that file alone, from when the watchdog first looks at it, and
/// nothing while the thread is between files. The watch is asked directly here, never put on
/// the watchdog's list (which would end the test process).
@Suite struct WatchdogTests {
  /// Spends about `seconds` of the calling thread's CPU time.
  static func spend(_ seconds: Double, clock: clockid_t) {
    let end = Watchdog.nanoseconds(clock) + Int(seconds * 1e9)
    var x: UInt64 = 1
    while Watchdog.nanoseconds(clock) < end {
      for _ in 0..<1000 { x = x &* 6_364_136_223_846_793_005 &+ 1 }
    }
    #expect(x != 0)
  }

  @Test func eachFileIsChargedItsOwnTime() throws {
    var clock = clockid_t()
    try #require(pthread_getcpuclockid(pthread_self(), &clock) == 0)
    let watch = Watchdog.Watch(file: "a.ics", clock: clock, budget: 0.01)
    watch.line.store(7, ordering: .relaxed)
    #expect(watch.overBudget() == nil)  // the first look starts the budget
    Self.spend(0.03, clock: clock)
    let over = try #require(watch.overBudget())
    #expect(over.file == "a.ics" && over.line == 7)

    // Between files nothing is charged, however long it takes.
    watch.idle()
    Self.spend(0.03, clock: clock)
    #expect(watch.overBudget() == nil)

    // The next file starts its own budget, with its own size, line and name.
    watch.next(file: "b.ics", size: 0)
    #expect(watch.overBudget() == nil)
    #expect(watch.overBudget() == nil)
    Self.spend(0.03, clock: clock)
    let next = try #require(watch.overBudget())
    #expect(next.file == "b.ics" && next.line == 0)

    // A big file's budget grows with its size.
    watch.next(file: "c.ics", size: Int(1 / ReadLimits.cpuSecondsPerByte))
    #expect(watch.overBudget() == nil)
    Self.spend(0.03, clock: clock)
    #expect(watch.overBudget() == nil)
  }
}
