import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// A person's files read into memory on another core while the reading thread parses the files
/// before them (docs/PERFORMANCE.md: a vdir costs the kernel an open, a read and a close a file,
/// as much as parsing it).
///
/// The files go in chunks of `chunk`, each taken whole by whichever side claims it first: the
/// thread ahead (`start`) or the reading thread (`take`), which reads a chunk no one has claimed
/// itself. So the reading thread waits only for a chunk being read, and never for a thread that
/// has not started yet. The thread ahead leaves files over `largest` bytes, and any it cannot
/// read as a regular file, to the reading thread, which reads them as it always does (with its
/// messages).
///
/// The thread ahead stops to wait once the chunks read and not yet parsed hold more than
/// `budget` bytes, so memory stays within `budget + chunk × largest`, and reads on once they
/// hold half the budget or less (the reading thread wakes it then). A vdir's files are small: the thread ahead keeps
/// hundreds of them ready and is woken rarely, and the reading thread seldom waits or opens a
/// file itself (each wake is a system call on the reading thread, and a switch on the other).
/// One POSIX mutex and two conditions hold the state, as `Locked` does, so that the
/// ThreadSanitizer run of `scripts/tsan` sees every hand-over.
final class FilePrefetch: @unchecked Sendable {
  /// A file as the thread ahead left it.
  enum Loaded {
    /// Its bytes, read to the end.
    case bytes([UInt8])
    /// Read by the reading thread itself.
    case yours
  }

  static let chunk = 16
  static let largest = 1 << 18

  let paths: [String]
  let chunks: Int
  /// Bytes read and not yet parsed past which the thread ahead waits.
  let budget: Int

  /// A chunk's state; the files of a ready chunk, and its bytes.
  private enum Chunk {
    case free
    case reading
    case ready([Loaded], bytes: Int)
    case taken(bytes: Int)
  }

  // All below behind `mutex`.
  private var state: [Chunk]
  private var pending = 0
  private var stopped = false
  private var aheadWaits = false
  private var readerWaits = false
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Signalled when a chunk is ready and the reading thread waits for it.
  private let readyCondition: UnsafeMutablePointer<pthread_cond_t>
  /// Signalled when the thread ahead may read on (room, or the end).
  private let roomCondition: UnsafeMutablePointer<pthread_cond_t>

  init(_ paths: [String], budget: Int = 4 << 20) {
    self.paths = paths
    self.budget = budget
    chunks = (paths.count + Self.chunk - 1) / Self.chunk
    state = [Chunk](repeating: .free, count: chunks)
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    readyCondition = .allocate(capacity: 1)
    pthread_cond_init(readyCondition, nil)
    roomCondition = .allocate(capacity: 1)
    pthread_cond_init(roomCondition, nil)
  }

  deinit {
    pthread_cond_destroy(roomCondition)
    roomCondition.deallocate()
    pthread_cond_destroy(readyCondition)
    readyCondition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Starts the thread ahead; when none can be made, the reading thread reads every chunk.
  func start() {
    guard let thread = Threads.start({ [self] in run() }) else { return }
    pthread_detach(thread)
  }

  private func run() {
    let opener = DirectoryOpener()
    for c in 0..<chunks {
      // nil: stop; false: the reading thread took the chunk.
      let claimed = locked { () -> Bool? in
        // Over the budget: waits until half of it or less is left (or the end).
        if pending > budget {
          aheadWaits = true
          while pending > budget / 2 && !stopped { pthread_cond_wait(roomCondition, mutex) }
          aheadWaits = false
        }
        if stopped { return nil }
        guard case .free = state[c] else { return false }
        state[c] = .reading
        return true
      }
      guard let claimed else { return }
      guard claimed else { continue }
      let files = range(c).map { Self.load(paths[$0], opener: opener) }
      let bytes = files.reduce(0) {
        if case .bytes(let b) = $1 { $0 + b.count } else { $0 }
      }
      locked {
        state[c] = .ready(files, bytes: bytes)
        pending += bytes
        if readerWaits { pthread_cond_signal(readyCondition) }
      }
    }
  }

  /// The files of chunk `c`, the reading thread's to read when nil. Call `done(c)` after them.
  func take(_ c: Int) -> [Loaded]? {
    locked {
      while true {
        switch state[c] {
        case .free:
          state[c] = .taken(bytes: 0)
          return nil
        case .reading:
          readerWaits = true
          pthread_cond_wait(readyCondition, mutex)
          readerWaits = false
        case .ready(let files, let bytes):
          state[c] = .taken(bytes: bytes)
          return files
        case .taken:
          preconditionFailure("chunk \(c) taken twice")
        }
      }
    }
  }

  /// The reading thread is through chunk `c`: its bytes no longer count against the budget.
  func done(_ c: Int) {
    locked {
      guard case .taken(let bytes) = state[c], bytes > 0 else { return }
      pending -= bytes
      if aheadWaits && pending <= budget / 2 { pthread_cond_signal(roomCondition) }
    }
  }

  /// The reading thread stops (an error, or the end): the thread ahead stops at its next chunk,
  /// and is woken if it waits.
  func stop() {
    locked {
      stopped = true
      pthread_cond_signal(roomCondition)
    }
  }

  /// Whether the thread ahead waits for room, and the bytes read and not yet parsed (tests).
  var aheadState: (waits: Bool, pending: Int) { locked { (aheadWaits, pending) } }

  /// The indices of chunk `c`'s files.
  func range(_ c: Int) -> Range<Int> {
    (c * Self.chunk)..<min(paths.count, (c + 1) * Self.chunk)
  }

  /// A regular file's bytes, read to its end; `.yours` for anything else (an error, a
  /// directory, a pipe, a large file, a file that grew while read).
  static func load(_ path: String, opener: DirectoryOpener) -> Loaded {
    let fd = opener.open(path)
    guard fd >= 0 else { return .yours }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= largest
    else { return .yours }
    let size = Int(info.st_size)
    // One byte more than its size is asked for: a file read whole gives fewer, which is its
    // end; one that gives them all has grown.
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      var total = 0
      while total <= size {
        let n = read(fd, buffer.baseAddress! + total, size + 1 - total)
        if n < 0 {
          if errno == EINTR { continue }
          failed = true
          break
        }
        total += n
        if n == 0 || total >= size { break }
      }
      count = min(total, size + 1)
    }
    return failed || bytes.count > size ? .yours : .bytes(bytes)
  }
}
