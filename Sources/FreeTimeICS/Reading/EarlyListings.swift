import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// Directories named on the command line, listed on another core while the command's options
/// are parsed (docs/PERFORMANCE.md, Vdirs): a vdir of thousands of files takes milliseconds to
/// list, and its first file cannot be read before the listing ends. `CalendarReader.read` takes
/// a listing made here (waiting for it if it is under way), once, and lists any other directory
/// itself; either way the files and the errors are the same.
public enum EarlyListings {
  private enum Entry {
    /// Not begun: the reading thread that asks first lists it itself.
    case waiting
    case listing
    case listed(Result<PathList, any Error>)
  }

  private static let state = Locked<[String: Entry]>([:])
  private static let listed = Locked<[String: Entry]>.Condition()

  /// Lists, on a thread of its own, each of `paths` that names a directory (at most `limit`);
  /// does nothing on one core. `CalendarArgument.listAhead` gives the paths a command line's
  /// sources will hold.
  public static func start(_ paths: [String], limit: Int = 8) {
    // One CPU only: nothing to list on meanwhile.
    guard Cores.several else { return }
    var directories: [String] = []
    for path in paths where directories.count < limit && !directories.contains(path) {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
      directories.append(path)
    }
    guard !directories.isEmpty else { return }
    let paths = directories
    state.withLock { entries in
      for path in paths { entries[path] = .waiting }
    }
    let started = Threads.startDetached {
      for path in paths {
        let begun = state.withLock { entries -> Bool in
          guard case .waiting? = entries[path] else { return false }
          entries[path] = .listing
          return true
        }
        guard begun else { continue }
        let result = Result { try CalendarReader.listFiles(in: path) }
        state.withLock { $0[path] = .listed(result) }
        listed.broadcast()
      }
    }
    if !started { state.withLock { $0 = [:] } }
  }

  /// Whether the listing of `path` is made (tests).
  static func isListed(_ path: String) -> Bool {
    state.withLock { entries in
      if case .listed? = entries[path] { return true }
      return false
    }
  }

  /// The listing of `path` made here, once (waiting for it if it is under way), or nil: none
  /// was asked for, or it has not begun (the thread lists the directories in turn, and a person
  /// read on another core need not wait for the one before).
  static func take(_ path: String) -> Result<PathList, any Error>? {
    state.withLock(
      until: { entries in
        if case .listing? = entries[path] { return false }
        return true
      }, on: listed
    ) { entries -> Result<PathList, any Error>? in
      guard case .listed(let result)? = entries.removeValue(forKey: path) else { return nil }
      return result
    }
  }
}
