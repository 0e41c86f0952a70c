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
/// `budget` bytes, so memory stays within `budget + 2 × chunk × largest` (the last chunk, and
/// the thread's buffer it is read into: `load`), and reads on once they hold half the budget or
/// less (the reading thread wakes it then). A vdir's files are small:
/// the thread ahead keeps hundreds of them ready and is woken rarely, and the reading thread
/// seldom waits or opens a file itself (each wake is a system call on the reading thread, and a
/// switch on the other).
/// The state is `Locked`, with two of its conditions, so that the ThreadSanitizer run of
/// `scripts/tsan` sees every hand-over.
final class FilePrefetch: @unchecked Sendable {
  /// A file as the thread ahead left it.
  enum Loaded {
    /// Its bytes, read to the end: `range` of `storage`, which holds its chunk's files.
    case bytes(storage: [UInt8], range: Range<Int>)
    /// Read by the reading thread itself.
    case yours
  }

  /// A chunk's files as the thread ahead left them, and their paths as strings.
  struct Ready {
    var files: [Loaded]
    var paths: [String]
    /// The bytes of the files read.
    var bytes: Int
  }

  static let chunk = 16
  static let largest = 1 << 18

  let paths: PathList
  let chunks: Int
  /// Bytes read and not yet parsed past which the thread ahead waits.
  let budget: Int

  /// A chunk's state; the files of a ready chunk, and the bytes of one taken.
  private enum Chunk {
    case free
    case reading
    case ready(Ready)
    case taken(bytes: Int)
  }

  private struct State {
    var chunks: [Chunk]
    /// Bytes read and not yet parsed.
    var pending = 0
    var stopped = false
    /// The thread ahead went over the budget and waits until half of it is left.
    var aheadWaits = false
  }

  private let state: Locked<State>
  /// Signalled when a chunk is ready.
  private let ready = Locked<State>.Condition()
  /// Signalled when the thread ahead may read on (room, or the end).
  private let room = Locked<State>.Condition()

  init(_ paths: PathList, budget: Int = 1 << 19) {
    self.paths = paths
    self.budget = budget
    chunks = (paths.count + Self.chunk - 1) / Self.chunk
    state = Locked(State(chunks: [Chunk](repeating: .free, count: chunks)))
  }

  /// Starts the thread ahead; when none can be made, the reading thread reads every chunk.
  func start() {
    _ = Threads.startDetached { [self] in run() }
  }

  private func run() {
    let opener = DirectoryOpener()
    var scratch: [UInt8] = []
    let budget = self.budget
    for c in 0..<chunks {
      // Over the budget: waits until half of it or less is left (or the end).
      let over = state.withLock { s in
        s.aheadWaits = s.pending > budget
        return s.aheadWaits
      }
      // nil: stop; false: the reading thread took the chunk.
      let claimed = state.withLock(
        until: { !over || $0.pending <= budget / 2 || $0.stopped }, on: room
      ) { s -> Bool? in
        s.aheadWaits = false
        if s.stopped { return nil }
        guard case .free = s.chunks[c] else { return false }
        s.chunks[c] = .reading
        return true
      }
      guard let claimed else { return }
      guard claimed else { continue }
      let files = Self.load(paths, range(c), opener: opener, scratch: &scratch)
      state.withLock { s in
        s.chunks[c] = .ready(files)
        s.pending += files.bytes
      }
      ready.signal()
    }
  }

  /// The files of chunk `c`, the reading thread's to read when nil. Call `done(c)` after them.
  func take(_ c: Int) -> Ready? {
    state.withLock(
      until: { s in
        if case .reading = s.chunks[c] { return false }
        return true
      }, on: ready
    ) { s in
      switch s.chunks[c] {
      case .free:
        s.chunks[c] = .taken(bytes: 0)
        return nil
      case .ready(let files):
        s.chunks[c] = .taken(bytes: files.bytes)
        return files
      case .reading, .taken:
        preconditionFailure("chunk \(c) taken twice")
      }
    }
  }

  /// The reading thread is through chunk `c`: its bytes no longer count against the budget.
  func done(_ c: Int) {
    let wake = state.withLock { s -> Bool in
      guard case .taken(let bytes) = s.chunks[c], bytes > 0 else { return false }
      s.pending -= bytes
      return s.aheadWaits && s.pending <= budget / 2
    }
    if wake { room.signal() }
  }

  /// The reading thread stops (an error, or the end): the thread ahead stops at its next chunk,
  /// and is woken if it waits.
  func stop() {
    state.withLock { $0.stopped = true }
    room.signal()
  }

  /// Whether the thread ahead waits for room, and the bytes read and not yet parsed (tests).
  var aheadState: (waits: Bool, pending: Int) { state.withLock { ($0.aheadWaits, $0.pending) } }

  /// The indices of chunk `c`'s files.
  func range(_ c: Int) -> Range<Int> {
    (c * Self.chunk)..<min(paths.count, (c + 1) * Self.chunk)
  }

  /// The files `indices` of `paths`, and their paths as strings (made by the thread ahead for
  /// the chunks it reads, not by the listing before the first file is read; the reading thread
  /// makes those of a chunk it reads itself). The files' bytes, each regular file's read to its
  /// end, end to end in one array for them all (an array made for each file cost the runtime a
  /// look-up of its type, under a lock, a vdir's files each); `.yours` for anything else (an
  /// error, a directory, a pipe, a large file, a file that grew while read). One file is open at a time: the thread ahead holds no
  /// more descriptors than the reading thread does, so a low limit of open files stops neither.
  /// The files are read into `scratch`, the thread's, which keeps its size from chunk to chunk,
  /// and copied from it once.
  static func load(
    _ paths: PathList, _ indices: Range<Int>, opener: DirectoryOpener, scratch: inout [UInt8]
  ) -> Ready {
    var ranges: [Range<Int>?] = []
    ranges.reserveCapacity(indices.count)
    var at = 0
    for i in indices {
      let fd = paths.withCString(i) { opener.open(cString: $0) }
      guard fd >= 0 else {
        ranges.append(nil)
        continue
      }
      defer { close(fd) }
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= largest
      else {
        ranges.append(nil)
        continue
      }
      let size = Int(info.st_size)
      // One byte more than its size is asked for: a file read whole gives fewer, which is its
      // end; one that gives them all has grown.
      if scratch.count < at + size + 1 {
        scratch += repeatElement(0, count: max(at + size + 1, 2 * scratch.count) - scratch.count)
      }
      var read = 0
      var failed = false
      scratch.withUnsafeMutableBytes { buffer in
        while read <= size {
          let n = Glibc.read(fd, buffer.baseAddress! + at + read, size + 1 - read)
          if n < 0 {
            if errno == EINTR { continue }
            failed = true
            break
          }
          read += n
          if n == 0 || read >= size { break }
        }
      }
      if failed || read > size {
        ranges.append(nil)
      } else {
        ranges.append(at..<(at + read))
        at += read
      }
    }
    let storage = Array(scratch[..<at])
    return Ready(
      files: ranges.map { range in range.map { .bytes(storage: storage, range: $0) } ?? .yours },
      paths: indices.map { paths[$0] }, bytes: at)
  }
}
