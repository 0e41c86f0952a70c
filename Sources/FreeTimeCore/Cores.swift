import FoundationEssentials

/// The cores this process may run on: those of its CPU affinity (`taskset`, a container's
/// cpuset: `Cpus_allowed` in `/proc/self/status`, proc(5)), else the processors online. Reading
/// uses one thread a core, and a core left idle (docs/PERFORMANCE.md).
public enum Cores {
  public static let usable: Int = {
    let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let allowed = allowed(status: FileManager.default.contents(atPath: "/proc/self/status"))
    else { return online }
    return max(1, min(online, allowed))
  }()

  /// The number of cores in the `Cpus_allowed:` mask of a `/proc/self/status` text (hex digits
  /// in groups of eight, separated by commas), or nil.
  static func allowed(status: Data?) -> Int? {
    guard let status, let text = String(data: status, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
      var count = 0
      for c in line.dropFirst("Cpus_allowed:".count) where c != "," && c != " " && c != "\t" {
        guard let digit = c.hexDigitValue else { return nil }
        count += digit.nonzeroBitCount
      }
      return count > 0 ? count : nil
    }
    return nil
  }
}
