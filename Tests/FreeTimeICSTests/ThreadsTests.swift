import CThreads
import Foundation
import FreeTimeCore
import Synchronization
import Testing

@testable import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// The threads reading starts (`Threads`): where each is placed first, and that a fan-out runs
/// every share once and returns only when all are done.
struct ThreadsTests {
  /// A new thread starts on the CPUs of its creator's affinity but the creator's own; with no
  /// other CPU, the usual way.
  @Test func aThreadStartsOnTheOtherCPUs() {
    #expect(freetime_thread_first_cpus(0b11, 0) == 0b10)
    #expect(freetime_thread_first_cpus(0b11, 1) == 0b01)
    #expect(freetime_thread_first_cpus(0b1011, 1) == 0b1001)
    // The caller on a CPU outside the affinity (moved since): all of it.
    #expect(freetime_thread_first_cpus(0b1010, 0) == 0b1010)
    #expect(freetime_thread_first_cpus(0b1010, -1) == 0b1010)
    // One CPU, the caller's: none.
    #expect(freetime_thread_first_cpus(0b100, 2) == 0)
    #expect(freetime_thread_first_cpus(1 << 63 | 1, 0) == 1 << 63)
  }

  /// The CPUs a thread may run on (`Cpus_allowed_list` in /proc/thread-self/status).
  private static func allowedCPUs() -> String? {
    guard let file = fopen("/proc/thread-self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 4096)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.hasPrefix("Cpus_allowed_list:") {
        return text.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
    }
    return nil
  }

  /// A thread started on the other CPUs is given its creator's affinity back before its work
  /// runs: it is not kept off the creator's CPU, nor pinned.
  @Test func aThreadIsGivenItsCreatorsAffinityBack() throws {
    let creator = try #require(Self.allowedCPUs())
    let seen = Locked<String?>(nil)
    let thread = try #require(Threads.start { seen.withLock { $0 = Self.allowedCPUs() } })
    pthread_join(thread, nil)
    #expect(seen.withLock { $0 } == creator)
  }

  /// Every share runs once: the first on the calling thread, the others each on a thread of its
  /// own, all done when `fanOut` returns.
  @Test func aFanOutRunsEveryShareOnceAndWaits() {
    let caller = pthread_self()
    let ran = Locked<[Int: pthread_t]>([:])
    let done = Atomic<Int>(0)
    Threads.fanOut(4) { i in
      usleep(i == 0 ? 0 : 20_000)
      ran.withLock { $0[i] = pthread_self() }
      done.add(1, ordering: .relaxed)
    }
    let finished = done.load(ordering: .relaxed)
    #expect(finished == 4)
    let threads = ran.withLock { $0 }
    #expect(threads.keys.sorted() == [0, 1, 2, 3])
    #expect(pthread_equal(threads[0]!, caller) != 0)
    for i in 1...3 {
      #expect(pthread_equal(threads[i]!, caller) == 0)
      for j in 1...3 where j != i { #expect(pthread_equal(threads[i]!, threads[j]!) == 0) }
    }
  }

  /// A thread started alone runs its work, and can be joined.
  @Test func aThreadStartedAloneRuns() throws {
    let ran = Atomic<Bool>(false)
    let thread = try #require(Threads.start { ran.store(true, ordering: .relaxed) })
    pthread_join(thread, nil)
    let didRun = ran.load(ordering: .relaxed)
    #expect(didRun)
  }
}
