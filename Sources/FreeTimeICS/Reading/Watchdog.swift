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

  /// One reading thread on one file, then on the same person's next (`next(file:size:)`).
  final class Watch: Sendable {
    private let name: Locked<String>
    let clock: clockid_t
    /// The thread's CPU time when the watchdog first looked, in nanoseconds (-1 before): read by
    /// the watchdog's thread, not when the file is opened, so a file read in less than a tick
    /// (most files of a vdir) costs no clock read (a system call) at all. A budget of seconds
    /// starts up to a tick late.
    private let startCPU = Atomic<Int>(-1)
    let baseBudget: Double
    /// Where the top-level component being read begins.
    let line = Atomic<Int>(0)
    /// Bytes of the file read so far (a pipe has no size to budget by in advance).
    let bytes = Atomic<Int>(0)

    fileprivate init(file: String, clock: clockid_t, budget: Double) {
      self.name = Locked(file)
      self.clock = clock
      self.baseBudget = budget
    }

    /// The file being read.
    var file: String { name.withLock { $0 } }

    /// The thread goes on to the person's next file, of `size` bytes: its budget starts again.
    /// (A watch a file costs an allocation and the list's lock twice, a vdir thousands.)
    func next(file: String, size: Int) {
      startCPU.store(-1, ordering: .relaxed)
      name.withLock { $0 = file }
      line.store(0, ordering: .relaxed)
      bytes.store(size, ordering: .relaxed)
    }

    var budget: Double {
      baseBudget + Double(bytes.load(ordering: .relaxed)) * ReadLimits.cpuSecondsPerByte
    }

    /// The CPU time spent since the watchdog first looked (only its thread asks).
    var spent: Double {
      let now = Watchdog.nanoseconds(clock)
      let start = startCPU.load(ordering: .relaxed)
      if start < 0 {
        // Unless the reading thread has just gone on to its next file.
        _ = startCPU.compareExchange(expected: start, desired: now, ordering: .relaxed)
        return 0
      }
      return Double(now - start) / 1e9
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
      let over = watches.withLock { watches in watches.first { $0.spent > $0.budget } }
      if let watch = over {
        let line = watch.line.load(ordering: .relaxed)
        let error = ReadError(
          file: Sanitize.text(watch.file, limit: 300), line: line > 0 ? line : nil,
          message:
            "reading this file took more than its \(watch.budget.oneDecimal) s of CPU time (most of it libical's parsing); stopped in the component that begins here; --cpu-budget raises the limit"
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
