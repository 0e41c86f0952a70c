internal import CThreads
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The threads reading starts: the people read at once (`fanOut`), a directory's read-ahead
/// (`FilePrefetch`), a big file's scan (`LineFeed`), and the work on each person after reading
/// (`Parallel.map`).
///
/// Each starts on a core other than its creator's, the kernel's choice among them, and is then
/// given its creator's affinity back (`freetime_thread_start`). Linux sometimes puts a new
/// thread, or one of libdispatch's woken for the work, on the core of the thread that made it,
/// which goes on running: the new one waits for the scheduler's next balancing, a few
/// milliseconds, while another core is idle, and two people were then read one after the other
/// in a third to a half of the runs (docs/PERFORMANCE.md).
public enum Threads {
  private final class Work: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts `body` on a new thread, to be joined or detached; nil when none could be made
  /// (`body` is not run).
  public static func start(_ body: @escaping @Sendable () -> Void) -> Glibc.pthread_t? {
    var thread = pthread_t()
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    let result = freetime_thread_start(
      &thread,
      { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, work)
    guard result == 0 else {
      Unmanaged<Work>.fromOpaque(work).release()
      return nil
    }
    return thread
  }

  /// Starts `body` on a thread no one joins; false when none could be made (`body` is not run).
  public static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = start(body) else { return false }
    pthread_detach(thread)
    return true
  }

  /// `body(i)` once for every `i` in `0..<count`, on the calling thread and `threads - 1` new
  /// ones, each taking the next `i` in turn (`fanOut`); returns once all are done.
  public static func forEach(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let next = Atomic<Int>(0)
    fanOut(min(count, threads)) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < count else { return }
        body(i)
      }
    }
  }

  /// Runs `body` on the calling thread and on `threads - 1` new ones, and returns once every
  /// one has returned. Each call is given its thread's number (0 for the caller's). Fewer run
  /// when no more threads can be made: work shared by taking turns (as
  /// `CalendarReader.readAll` takes people) is still all done.
  public static func fanOut(_ threads: Int, _ body: @Sendable (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      var started: [pthread_t] = []
      for i in 1..<max(1, threads) {
        guard let thread = start({ body(i) }) else { break }
        started.append(thread)
      }
      body(0)
      for thread in started { pthread_join(thread, nil) }
    }
  }
}
