import Synchronization

/// A counter of the bytes read by all readers, safe to read from another thread.
public final class ReadProgress: Sendable {
  private let count = Atomic<Int>(0)

  public init() {}

  public var bytes: Int { count.load(ordering: .relaxed) }

  func add(_ n: Int) {
    count.add(n, ordering: .relaxed)
  }
}
