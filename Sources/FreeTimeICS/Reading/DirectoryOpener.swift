#if canImport(Glibc)
  import Glibc
#endif

/// Opens a directory's files by their names in it (`openat(2)` on the directory, opened once),
/// not by their whole paths: for a vdir's thousands of files the kernel then looks up one name a
/// file, not every directory of the path again (docs/PERFORMANCE.md, vdir). One per thread.
final class DirectoryOpener {
  /// The directory opened last, as the part of a path before its last `/`, and its descriptor.
  private var directory: [UInt8] = []
  private var descriptor: Int32 = -1
  /// `O_NOATIME` (Linux, open(2)) while it is allowed: reading a calendar is not an access to
  /// record. Under `relatime` the first read of a day otherwise writes each file's inode, which
  /// costs a vdir's first run a fifth more of its time. Only a file's owner may ask for it; the
  /// first file that refuses it (`EPERM`) is opened again without it, and so are the rest.
  private var noAccessTime = DirectoryOpener.noAccessTimeFlag
  #if os(Linux) && (arch(x86_64) || arch(arm64))
    private static let noAccessTimeFlag: Int32 = 0o1_000_000
  #else
    private static let noAccessTimeFlag: Int32 = 0
  #endif
  /// A listed file may have become a FIFO since, whose opening would wait for a writer: opened
  /// without waiting, and read only if it is a regular file (`CalendarReader.readFile`; on a
  /// regular file the flag changes nothing).
  private static let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

  init() {}

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// `open(path, O_RDONLY | O_NONBLOCK)`, with the same result and `errno` (and without
  /// updating the file's access time, where the kernel allows it).
  func open(_ path: String) -> Int32 {
    path.withCString { open(cString: $0) }
  }

  /// `open(_:)` for a path given as a C string.
  func open(cString base: UnsafePointer<CChar>) -> Int32 {
    // By its name in its directory; a path without a directory part (a file of `.`), a file of
    // `/`, or one whose directory cannot be opened, as it is.
    var at = AT_FDCWD
    var name = base
    if let slash = strrchr(base, 0x2F), slash != base, slash[1] != 0 {
      let parent = UnsafeRawBufferPointer(start: base, count: base.distance(to: slash))
      let same =
        parent.count == directory.count
        && directory.withUnsafeBytes { memcmp($0.baseAddress!, base, parent.count) == 0 }
      if descriptor < 0 || !same {
        if descriptor >= 0 { close(descriptor) }
        directory = Array(parent)
        descriptor = (directory + [0]).withUnsafeBytes {
          Glibc.open(
            $0.baseAddress!.assumingMemoryBound(to: CChar.self), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        if descriptor < 0 { directory = [] }
      }
      if descriptor >= 0 { (at, name) = (descriptor, UnsafePointer(slash + 1)) }
    }
    if noAccessTime != 0 {
      let fd = openat(at, name, Self.flags | noAccessTime)
      guard fd < 0 && errno == EPERM else { return fd }
      noAccessTime = 0
    }
    return openat(at, name, Self.flags)
  }
}
