import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The cores this process may run on: those of its CPU affinity (`taskset`, a container's
/// cpuset: `Cpus_allowed` in `/proc/self/status`, proc(5)), else the processors online. Reading
/// uses one thread a core, and a core left idle (docs/PERFORMANCE.md).
public enum Cores {
  public static let usable: Int = {
    let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let allowed else { return online }
    return max(1, min(online, allowed))
  }()

  /// Whether more than one CPU may run the process (of its affinity, and online), known with the
  /// C library alone: asked as the process starts (`EarlyListings`), before `usable` (which also
  /// reads a cgroup's quota through Foundation) is needed.
  public static var several: Bool {
    (allowed ?? 2) > 1 && sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1
  }

  /// The number of CPUs of the process's affinity, or nil when not known. Read with the C
  /// library alone, as the process starts (`EarlyListings` asks before the options are parsed,
  /// and Foundation's first file read and string cost a third of a millisecond there).
  public static let allowed: Int? = {
    let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while status.count < 1 << 20 {
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      status += block[..<n]
    }
    return allowed(status: status)
  }()

  /// The number of cores in the `Cpus_allowed:` mask of a `/proc/self/status` text (hex digits
  /// in groups of eight, separated by commas), or nil.
  static func allowed(status: [UInt8]) -> Int? {
    let key = Array("Cpus_allowed:".utf8)
    for line in status.split(separator: 0x0A) where line.starts(with: key) {
      var count = 0
      for c in line.dropFirst(key.count) where c != 0x2C && c != 0x20 && c != 0x09 {
        let digit: UInt8
        switch c {
        case 0x30...0x39: digit = c - 0x30
        case 0x61...0x66: digit = c - 0x61 + 10
        case 0x41...0x46: digit = c - 0x41 + 10
        default: return nil
        }
        count += digit.nonzeroBitCount
      }
      return count > 0 ? count : nil
    }
    return nil
  }
}
