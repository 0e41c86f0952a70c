import Testing
import TestSupport

@testable import FreeTimeCore

// Shared by the model tests: a seeded generator, the minute-bitmap model, random inputs.

/// The shared generator (Tests/TestSupport), under its name for every file of this target.
typealias SplitMix64 = TestSupport.SplitMix64

/// A minute, in seconds. Model tests put every instant on a minute grid, so one Bool a minute
/// describes any set of intervals exactly.
let minute: Int64 = 60

/// The brute-force model: one Bool for each minute `[start + 60m, start + 60(m+1))` of a window.
enum Bitmap {
  static func count(_ window: Interval) -> Int { max(0, Int(window.duration / minute)) }

  /// Minute `m` is true when its first second lies in one of `intervals`. Naive on purpose.
  static func bits(of intervals: [Interval], window: Interval) -> [Bool] {
    var bits = [Bool](repeating: false, count: count(window))
    for interval in intervals {
      for m in bits.indices {
        let t = window.start + Int64(m) * minute
        if interval.start <= t && t < interval.end { bits[m] = true }
      }
    }
    return bits
  }

  /// Minutes at which nobody in `busy` is busy.
  static func free(busy: [Interval], window: Interval) -> [Bool] {
    bits(of: busy, window: window).map { !$0 }
  }

  /// Maximal runs of true, as intervals.
  static func runs(_ bits: [Bool], window: Interval) -> [Interval] {
    var out: [Interval] = []
    var open: Int? = nil
    for (m, bit) in (bits + [false]).enumerated() {
      if bit, open == nil { open = m }
      if !bit, let o = open {
        out.append(Interval(window.start + Int64(o) * minute, window.start + Int64(m) * minute))
        open = nil
      }
    }
    return out
  }

  /// Whether every minute of `interval` (inside the window) is true.
  static func all(_ bits: [Bool], over interval: Interval, window: Interval) -> Bool {
    let lo = Int((interval.start - window.start) / minute)
    let hi = Int((interval.end - window.start) / minute)
    return bits[lo..<hi].allSatisfy { $0 }
  }

  static func and(_ a: [Bool], _ b: [Bool]) -> [Bool] { zip(a, b).map { $0 && $1 } }
}

/// A window of up to 400 minutes somewhere around 1970; now and then empty or backwards.
func randomWindow(_ rng: inout SplitMix64) -> Interval {
  let start = Int64(rng.int(-3000...3000)) * minute
  if rng.oneIn(30) { return Interval(start, start) }
  if rng.oneIn(30) { return Interval(start, start - Int64(rng.int(1...60)) * minute) }
  return Interval(start, start + Int64(rng.int(1...400)) * minute)
}

/// Random busy intervals on the minute grid, in random order: ordinary, overlapping, duplicated,
/// nested, back-to-back chains, zero-length, backwards, straddling either window edge (or ending
/// or starting exactly on it), wholly outside the window, and now and then one covering it all.
func randomBusy(_ rng: inout SplitMix64, window: Interval) -> [Interval] {
  let ws = window.start
  let we = max(window.start, window.end)
  let span = Int((we - ws) / minute)
  func at(_ m: Int) -> Instant { ws + Int64(m) * minute }
  func length(_ range: ClosedRange<Int>, _ rng: inout SplitMix64) -> Int64 {
    Int64(rng.int(range)) * minute
  }
  var busy: [Interval] = []
  let count = rng.oneIn(12) ? 0 : rng.int(1...20)
  for _ in 0..<count {
    switch rng.int(0...19) {
    case 0...6:  // ordinary, anywhere near the window
      let s = at(rng.int(-60...(span + 60)))
      busy.append(Interval(s, s + length(1...90, &rng)))
    case 7:  // zero-length, sometimes exactly on an edge
      let s = rng.oneIn(3) ? rng.element(of: [ws, we]) : at(rng.int(-10...(span + 10)))
      busy.append(Interval(s, s))
    case 8:  // backwards
      let s = at(rng.int(-10...(span + 10)))
      busy.append(Interval(s, s - length(1...60, &rng)))
    case 9, 10:  // a back-to-back chain
      var s = at(rng.int(-30...(span + 30)))
      for _ in 0..<rng.int(2...4) {
        let e = s + length(1...40, &rng)
        busy.append(Interval(s, e))
        s = e
      }
    case 11:  // straddles the window's start, or ends exactly on it
      busy.append(Interval(ws - length(1...60, &rng), ws + length(0...60, &rng)))
    case 12:  // straddles the window's end, or starts exactly on it
      busy.append(Interval(we - length(0...60, &rng), we + length(1...60, &rng)))
    case 13:  // wholly outside
      if rng.oneIn(2) {
        let e = ws - length(0...100, &rng)
        busy.append(Interval(e - length(1...100, &rng), e))
      } else {
        let s = we + length(0...100, &rng)
        busy.append(Interval(s, s + length(1...100, &rng)))
      }
    case 14:  // covers the whole window (rarely: it leaves nothing)
      if rng.oneIn(4) {
        busy.append(Interval(ws - length(0...30, &rng), we + length(0...30, &rng)))
      }
    case 15, 16:  // a duplicate of an earlier interval
      if let b = busy.last { busy.append(b) }
    default:  // nested inside, or overlapping the end of, an earlier interval
      if let b = busy.last, b.duration >= 2 * minute {
        let inner = b.start + length(0...Int(b.duration / minute - 1), &rng)
        busy.append(Interval(inner, inner + length(1...60, &rng)))
      }
    }
  }
  return rng.shuffled(busy)
}

/// A random free list in the form `FreeSlots.free` returns (sorted, disjoint, non-empty, not
/// touching, inside the window): half the time from random busy time, half built directly.
func randomFree(_ rng: inout SplitMix64, window: Interval) -> [Interval] {
  if window.isEmpty { return [] }
  if rng.oneIn(2) { return FreeSlots.free(busy: randomBusy(&rng, window: window), in: window) }
  if rng.oneIn(10) { return [] }
  if rng.oneIn(10) { return [window] }
  var free: [Interval] = []
  var t = window.start + (rng.oneIn(3) ? 0 : Int64(rng.int(1...60)) * minute)
  while t < window.end {
    let e = min(window.end, t + Int64(rng.int(1...120)) * minute)
    free.append(Interval(t, e))
    t = e + Int64(rng.int(1...90)) * minute
  }
  return free
}

/// A minimum for the merger: none, arbitrary, or exactly (or one second off) the length of a
/// run the model found, so the inclusive boundary is hit often.
func randomMinimum(_ rng: inout SplitMix64, runs: [Interval]) -> Int64 {
  switch rng.int(0...5) {
  case 0: return 0
  case 1, 2: return Int64(rng.int(1...90)) * minute
  default:
    guard !runs.isEmpty else { return Int64(rng.int(1...30)) * minute }
    return rng.element(of: runs).duration + Int64(rng.int(-1...1))
  }
}

@Suite struct TestSupportTests {
  /// The generator is the published SplitMix64, so a seed means the same everywhere.
  @Test func splitMix64MatchesTheReferenceOutput() {
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func bitmapModelItself() {
    let window = Interval(600, 600 + 5 * minute)
    let bits = Bitmap.bits(of: [Interval(660, 780), Interval(900, 900)], window: window)
    #expect(bits == [false, true, true, false, false])
    #expect(Bitmap.runs(bits, window: window) == [Interval(660, 780)])
    #expect(Bitmap.runs([true, true], window: Interval(0, 120)) == [Interval(0, 120)])
    #expect(Bitmap.runs([], window: Interval(0, 0)) == [])
  }

  /// The generators produce what the tests rely on.
  @Test(arguments: 0..<50)
  func generatorsKeepTheirPromises(seed: Int) {
    var rng = SplitMix64(seed: 9_000_000 + UInt64(seed))
    let window = randomWindow(&rng)
    let free = randomFree(&rng, window: window)
    #expect(free.isSortedAndDisjoint)
    #expect(free.allSatisfy { window.contains($0) })
    #expect(zip(free, free.dropFirst()).allSatisfy { $0.end < $1.start })
    #expect(
      randomBusy(&rng, window: window).allSatisfy { $0.start % minute == 0 && $0.end % minute == 0 }
    )
  }
}
