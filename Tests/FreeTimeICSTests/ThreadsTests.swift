import CThreads
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
  /// A new thread is placed on a CPU of the affinity other than its creator's, the `turn`-th of
  /// them counted round; with no other CPU, nowhere in particular.
  @Test func aThreadIsPlacedOnAnotherCPU() {
    // CPUs 0 and 1, the caller on 0 or 1: the other one, whatever the turn.
    #expect(freetime_thread_cpu(0b11, 0, 0) == 1)
    #expect(freetime_thread_cpu(0b11, 0, 5) == 1)
    #expect(freetime_thread_cpu(0b11, 1, 0) == 0)
    // CPUs 0, 1 and 3, the caller on 1: 0 and 3 in turn.
    #expect((0..<4).map { freetime_thread_cpu(0b1011, 1, Int32($0)) } == [0, 3, 0, 3])
    // The caller on a CPU outside the affinity (moved since): any CPU of it, in turn.
    #expect((0..<3).map { freetime_thread_cpu(0b1010, 0, Int32($0)) } == [1, 3, 1])
    // One CPU, the caller's: none.
    #expect(freetime_thread_cpu(0b100, 2, 0) == -1)
    #expect(freetime_thread_cpu(1 << 63, 5, 7) == 63)
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
