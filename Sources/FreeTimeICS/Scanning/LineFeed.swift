import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Scans a big file, or a pipe, on a core the other people leave idle while its lines are read on
/// this one (`LineScanner.init(feed:reusing:)`): the pre-pass (reading, unfolding, control
/// bytes; a quarter of a run) is done ahead, and the reading thread takes lines already whole.
///
/// A thread of its own runs a `LineScanner` on the file and writes its lines back to back into
/// batches of up to `batchLines` lines or `batchBytes` bytes, in a ring of `depth`. Each batch is
/// handed over whole: the scanning thread waits only when the ring is full, the reading thread
/// only when it is empty. The lines
/// are the scanner's, in its order, with its line numbers; how the scan ended (the end, with the
/// bytes read and the lines it noted, or an error) follows the last line, so the reader meets
/// an error at the line it would meet it on reading alone (docs/PERFORMANCE.md).
///
/// Memory is `depth` batches plus the scanner's block, whatever the file's size.
final class LineFeed: @unchecked Sendable {
  /// How the scan ended.
  enum End {
    case done(bytesRead: Int, controlCharacterLines: [Int], notUTF8Lines: [Int])
    case failed(LineScanner.ScanError)
  }

  /// Lines back to back, each with where it ends in `bytes`, its line number, its name's kind
  /// and whether it has a value; `end` after the last line when the scan ended there. Raw
  /// storage, kept for the whole file: the reader reads it in order (the lines of one batch are
  /// next to each other, as in the file), and counts no reference.
  struct Batch {
    var bytes: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0
    let ends: UnsafeMutablePointer<Int>
    let numbers: UnsafeMutablePointer<Int>
    let kinds: UnsafeMutablePointer<PropertyName>
    let valued: UnsafeMutablePointer<Bool>
    var lines = 0
    var end: End?
    /// The bytes the scanner had read when the batch was handed over (a pipe's budget grows
    /// with them: `Watchdog.Watch.bytes`).
    var bytesRead = 0

    init() {
      capacity = LineFeed.batchBytes * 2
      bytes = .allocate(capacity: capacity)
      ends = .allocate(capacity: LineFeed.batchLines)
      numbers = .allocate(capacity: LineFeed.batchLines)
      kinds = .allocate(capacity: LineFeed.batchLines)
      valued = .allocate(capacity: LineFeed.batchLines)
    }

    func deallocate() {
      bytes.deallocate()
      ends.deallocate()
      numbers.deallocate()
      kinds.deallocate()
      valued.deallocate()
    }

    /// Appends a line (room is made for a line of any length).
    mutating func append(_ line: ContentLine) {
      let n = line.bytes.count
      if count + n > capacity {
        let size = max(2 * capacity, count + n)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: bytes, count: count)
        bytes.deallocate()
        (bytes, capacity) = (bigger, size)
      }
      line.bytes.withUnsafeBufferPointer { (bytes + count).update(from: $0.baseAddress!, count: n) }
      count += n
      ends[lines] = count
      numbers[lines] = line.number
      kinds[lines] = line.kind
      valued[lines] = line.hasValue
      lines += 1
    }

    /// Line `i`'s bytes.
    func text(_ i: Int) -> UnsafeBufferPointer<UInt8> {
      let start = i == 0 ? 0 : ends[i - 1]
      return UnsafeBufferPointer(start: bytes + start, count: ends[i] - start)
    }
  }

  static let depth = 4
  /// A batch is handed over once it holds this many bytes or `batchLines` lines.
  static let batchBytes = 1 << 18
  static let batchLines = 4096
  /// Regular files smaller than this are scanned where they are read: a thread costs more than
  /// it saves. A pipe, whose size is not known, is scanned ahead whatever it holds.
  static let smallestFile = 1 << 20

  /// How many files were scanned on a thread of their own in this process (tests look).
  static let started = Atomic<Int>(0)

  /// The scanner, the scanning thread's alone once it starts.
  private var scanner: LineScanner?
  private let slots: UnsafeMutableBufferPointer<Batch>
  /// Batches written and not yet read; slots free to write.
  private let full = DispatchSemaphore(value: 0)
  private let free = DispatchSemaphore(value: LineFeed.depth)
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)
  private var running = false
  /// The descriptor the scanner reads, when it is the feed's own (a pipe's duplicate), closed
  /// by the scanning thread when it ends.
  private let owned: Int32?

  /// The spare core the feed took, given back by `stop`.
  private let spare: SpareCores?

  /// A feed of `scanner`'s lines; with `closing`, the descriptor it reads is the feed's, and
  /// `stop` does not wait for the scanning thread (it may wait in read(2) on a pipe whose
  /// writer neither writes nor closes).
  init(_ scanner: LineScanner, closing owned: Int32? = nil, spare: SpareCores? = nil) {
    self.scanner = scanner
    self.owned = owned
    self.spare = spare
    slots = .allocate(capacity: Self.depth)
    for k in 0..<Self.depth { (slots.baseAddress! + k).initialize(to: Batch()) }
  }

  deinit {
    for batch in slots { batch.deallocate() }
    slots.deinitialize()
    slots.deallocate()
  }

  /// The lines of `fd` scanned on a core `spare` gives, started; nil when none is left, when the
  /// file is a regular one under `smallestFile` bytes, or when no thread could be made. A pipe
  /// is read through a descriptor of the feed's own: a reader that stops on an error does not
  /// wait for a writer that keeps the pipe open (`stop`). `stop` gives the core back.
  static func start(
    reading fd: Int32, size: Int, pipe: Bool, options: ReadOptions, spare: SpareCores?
  ) -> LineFeed? {
    guard let spare, size >= smallestFile || pipe, spare.take() else { return nil }
    let scanned = pipe ? dup(fd) : fd
    var scanner = LineScanner(fd: scanned, blockSize: 1 << 17, progress: options.progress)
    scanner.regularFileSize = size
    scanner.checksUTF8 = options.lint
    scanner.maxLineBytes = options.limits.lineBytes
    let feed = LineFeed(scanner, closing: pipe ? scanned : nil, spare: spare)
    if scanned >= 0 && feed.start() { return feed }
    spare.give()
    if pipe && scanned >= 0 { close(scanned) }
    return nil
  }

  /// Starts the scanning thread; false when no thread could be made (then nothing is read).
  func start() -> Bool {
    guard Threads.startDetached({ [self] in run() }) else { return false }
    running = true
    Self.started.add(1, ordering: .relaxed)
    return true
  }

  /// The scanning thread: fills the slots in turn until the scan ends or the reader stops.
  private func run() {
    var scanner = self.scanner.take()!
    var k = 0
    while true {
      free.wait()
      if stopped.load(ordering: .acquiring) {
        // The signal taken is given back: libdispatch refuses to free a semaphore below its
        // first value (the process would end), and `stop` gave only `depth`.
        free.signal()
        break
      }
      let batch = slots.baseAddress! + k
      batch.pointee.count = 0
      batch.pointee.lines = 0
      batch.pointee.end = nil
      do {
        while batch.pointee.count < Self.batchBytes && batch.pointee.lines < Self.batchLines {
          guard let line = try scanner.next() else {
            batch.pointee.end = .done(
              bytesRead: scanner.bytesRead,
              controlCharacterLines: scanner.controlCharacterLines,
              notUTF8Lines: scanner.notUTF8Lines)
            break
          }
          batch.pointee.append(line)
          scanner.giveBack(line)
        }
      } catch let error as LineScanner.ScanError {
        batch.pointee.end = .failed(error)
      } catch {
        batch.pointee.end = .failed(.readFailed(errno: EIO))
      }
      batch.pointee.bytesRead = scanner.bytesRead
      let ended = batch.pointee.end != nil
      full.signal()
      if ended { break }
      k = (k + 1) % Self.depth
    }
    if let owned { close(owned) }
    finished.signal()
  }

  /// The next batch, once the scanning thread has written it: slot `k`.
  func take(_ k: Int) -> UnsafeMutablePointer<Batch> {
    full.wait()
    return slots.baseAddress! + k
  }

  /// The reader is done with the batch it took last: its slot may be written again.
  func done() {
    free.signal()
  }

  /// The reader stops (the end, or an error of its own): waits for the scanning thread to end,
  /// so that the file may be closed. A feed that reads its own descriptor is not waited for: its
  /// thread ends at its next batch, which a pipe's next bytes or its end bring (or with the
  /// process), and then closes the descriptor.
  func stop() {
    guard running else { return }
    running = false
    stopped.store(true, ordering: .releasing)
    for _ in 0..<Self.depth { free.signal() }
    if owned == nil { finished.wait() }
    spare?.give()
  }
}

/// The cores no person is read on, shared by the people read at once: a big file is scanned on
/// another core (`LineFeed`) only while one is left, so that more people than cores never run
/// more threads than cores.
final class SpareCores: Sendable {
  private let count: Atomic<Int>

  init(_ count: Int) {
    self.count = Atomic(max(0, count))
  }

  /// Takes a core, if one is left.
  func take() -> Bool {
    var left = count.load(ordering: .relaxed)
    while left > 0 {
      let (exchanged, now) = count.compareExchange(
        expected: left, desired: left - 1, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      left = now
    }
    return false
  }

  /// Gives a core back.
  func give() {
    count.add(1, ordering: .acquiringAndReleasing)
  }
}
