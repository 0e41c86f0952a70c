import FoundationEssentials
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Stops the run when reading one file has cost more CPU time than `ReadLimits.cpuSeconds`
/// (plus one second per 5 MB of the file).
///
/// Nearly all of that time is libical's, and one libical call can run for seconds or never
/// return on a hostile calendar (docs/LIBICAL.md), so no check between calls would do: a
/// watchdog thread reads each reading thread's CPU clock ten times a second. When a file is
/// over its budget it reports the file and the line where the component being read begins, and
/// ends the process with status 2 (nothing has been written yet: output comes after reading).
final class Watchdog: Sendable {
  static let shared = Watchdog()

  /// One reading thread on one file, then on the same person's next (`next(file:size:)`), idle
  /// between them (`idle()`).
  final class Watch: Sendable {
    /// The file being read, when its budget began and whether the thread is between files:
    /// changed by the reading thread and looked at by the watchdog's under one lock, so the
    /// watchdog never pairs one file's time with another's name or size.
    private struct Reading {
      var file: String
      /// The thread's CPU time when the watchdog first looked, in nanoseconds (-1 before): read
      /// by the watchdog's thread, not when the file is opened, so a file read in less than a
      /// tick (most files of a vdir) costs no clock read (a system call) at all. A budget of
      /// seconds starts up to a tick late.
      var startCPU = -1
      /// Between two files (listing a directory, reading the next argument): nothing is charged
      /// to the file before.
      var idle = false
    }
    private let reading: Locked<Reading>
    let clock: clockid_t
    let baseBudget: Double
    /// Where the top-level component being read begins.
    let line = Atomic<Int>(0)
    /// Bytes of the file read so far (a pipe has no size to budget by in advance).
    let bytes = Atomic<Int>(0)

    init(file: String, clock: clockid_t, budget: Double) {
      self.reading = Locked(Reading(file: file))
      self.clock = clock
      self.baseBudget = budget
    }

    /// The thread goes on to the person's next file, of `size` bytes: its budget starts again.
    /// (A watch a file cost an allocation and the list's lock twice, a vdir thousands.)
    func next(file: String, size: Int) {
      reading.withLock {
        $0 = Reading(file: file)
        line.store(0, ordering: .relaxed)
        bytes.store(size, ordering: .relaxed)
      }
    }

    /// The thread is done with its file: what it does until the next is no file's.
    func idle() {
      reading.withLock { $0.idle = true }
    }

    /// The file, its line and its budget when the thread has spent more CPU time on the file
    /// than the budget since the watchdog first looked (only the watchdog's thread asks).
    func overBudget() -> (file: String, line: Int, budget: Double)? {
      reading.withLock { reading in
        guard !reading.idle else { return nil }
        let now = Watchdog.nanoseconds(clock)
        guard reading.startCPU >= 0 else {
          reading.startCPU = now
          return nil
        }
        let budget =
          baseBudget + Double(bytes.load(ordering: .relaxed)) * ReadLimits.cpuSecondsPerByte
        guard Double(now - reading.startCPU) / 1e9 > budget else { return nil }
        return (reading.file, line.load(ordering: .relaxed), budget)
      }
    }
  }

  /// The files being read, one a reading thread: a few, so a list (no hashing per file).
  private let watches = Locked<[Watch]>([])
  private let started = Atomic<Bool>(false)

  /// Starts watching the calling thread, which is about to read `file`.
  func watch(file: String, budget: Double, size: Int) -> Watch? {
    var clock = clockid_t()
    guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
    let watch = Watch(file: file, clock: clock, budget: budget)
    watch.bytes.store(size, ordering: .relaxed)
    watches.withLock { $0.append(watch) }
    if !started.exchange(true, ordering: .acquiringAndReleasing) { startThread() }
    return watch
  }

  func finish(_ watch: Watch?) {
    guard let watch else { return }
    watches.withLock { list in
      if let i = list.lastIndex(where: { $0 === watch }) { list.swapAt(i, list.count - 1) }
      if list.last === watch { list.removeLast() }
    }
  }

  private func startThread() {
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { _ in
        Watchdog.shared.run()
        return nil
      }, nil)
    if result == 0 { pthread_detach(thread) }
  }

  private func run() {
    while true {
      usleep(100_000)
      let over = watches.withLock { watches in
        watches.lazy.compactMap { $0.overBudget() }.first
      }
      if let (file, line, budget) = over {
        let error = ReadError(
          file: Sanitize.text(file, limit: 300), line: line > 0 ? line : nil,
          message:
            "reading this file took more than its \(budget.oneDecimal) s of CPU time (most of it libical's parsing); stopped in the component that begins here; --cpu-budget raises the limit"
        )
        let text = Array("freetime: error: \(error.description)\n".utf8)
        _ = text.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        _exit(2)
      }
    }
  }

  static func nanoseconds(_ clock: clockid_t) -> Int {
    var now = timespec()
    clock_gettime(clock, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }

}
