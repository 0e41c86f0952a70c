import Dispatch
import FreeTimeCore
import Synchronization

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
/// has not started (all of Dispatch's threads may be reading other people). The thread ahead
/// stays at most `lookahead` chunks before the reading thread, and leaves files over
/// `largest` bytes, and any it cannot read as a regular file, to the reading thread, which reads
/// them as it always does (with its messages): memory stays within
/// `chunk × lookahead × largest`.
final class FilePrefetch: @unchecked Sendable {
  /// A file as the thread ahead left it.
  enum Loaded {
    /// Its bytes, read to the end.
    case bytes([UInt8])
    /// Read by the reading thread itself.
    case yours
  }

  static let chunk = 16
  static let lookahead = 4
  static let largest = 1 << 18

  let paths: [String]
  let chunks: Int
  private let claimed: Locked<[Bool]>
  private let ready: [DispatchSemaphore]
  private let room = DispatchSemaphore(value: FilePrefetch.lookahead)
  private let stopped = Atomic<Bool>(false)
  /// Written by the thread ahead before it signals `ready`, read after the wait.
  private let loaded: UnsafeMutableBufferPointer<[Loaded]>

  init(_ paths: [String]) {
    self.paths = paths
    chunks = (paths.count + Self.chunk - 1) / Self.chunk
    claimed = Locked([Bool](repeating: false, count: chunks))
    ready = (0..<chunks).map { _ in DispatchSemaphore(value: 0) }
    loaded = .allocate(capacity: chunks)
    loaded.initialize(repeating: [])
  }

  deinit {
    loaded.deinitialize()
    loaded.deallocate()
  }

  /// Starts the thread ahead.
  func start() {
    DispatchQueue.global().async { [self] in
      let opener = DirectoryOpener()
      for c in 0..<chunks {
        room.wait()
        if stopped.load(ordering: .acquiring) { return }
        guard claim(c) else { continue }
        loaded[c] = range(c).map { Self.load(paths[$0], opener: opener) }
        ready[c].signal()
      }
    }
  }

  /// The files of chunk `c`, the reading thread's to read when nil. Call `done` after each.
  func take(_ c: Int) -> [Loaded]? {
    if claim(c) { return nil }
    ready[c].wait()
    defer { loaded[c] = [] }
    return loaded[c]
  }

  /// The reading thread is through chunk `c`: the thread ahead may read one more.
  func done() { room.signal() }

  /// The reading thread stops (an error, or the end): the thread ahead stops at its next chunk.
  /// `room` is given a signal for every wait the thread ahead may still make, so it is never
  /// left waiting, and the semaphore ends at least at its first value (libdispatch refuses to
  /// free one below it).
  func stop() {
    stopped.store(true, ordering: .releasing)
    for _ in 0..<chunks { room.signal() }
  }

  /// The indices of chunk `c`'s files.
  func range(_ c: Int) -> Range<Int> {
    (c * Self.chunk)..<min(paths.count, (c + 1) * Self.chunk)
  }

  private func claim(_ c: Int) -> Bool {
    claimed.withLock { list in
      if list[c] { return false }
      list[c] = true
      return true
    }
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
