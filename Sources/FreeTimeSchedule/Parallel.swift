import FoundationEssentials
import FreeTimeCore
import FreeTimeICS

/// Work on each person at once, one thread per core (the reading threads are idle by then).
public enum Parallel {
  /// `body(i)` for every `i` in `0..<count`, in order of `i`; on several threads when there is
  /// more than one. `body` must only read what the threads share.
  public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
    guard count > 1, Cores.usable > 1 else {
      return (0..<count).map(body)
    }
    let results = OnePerIndex<T>(count: count)
    // Not checked for Sendable: the callers' values are only read on these threads.
    nonisolated(unsafe) let body = body
    // One thread a core, each started on another core than the caller's (`Threads.forEach`).
    Threads.forEach(count, threads: Cores.usable) { i in results.set(i, body(i)) }
    return results.all()
  }

  /// Values handed out one per index, each taken by exactly one thread (so an array moved in
  /// stays uniquely referenced and can be changed in place).
  public final class Handout<T>: @unchecked Sendable {
    private let values: UnsafeMutableBufferPointer<T?>

    public init(_ values: consuming [T]) {
      self.values = .allocate(capacity: values.count)
      for i in values.indices { self.values.initializeElement(at: i, to: values[i]) }
    }

    deinit {
      values.deinitialize()
      values.deallocate()
    }

    public func take(_ i: Int) -> T { values[i].take()! }
  }
}
