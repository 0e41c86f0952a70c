#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a POSIX mutex, for state the reading threads share (zone tables, the TZIDs
/// libical has seen, the watchdog's list). A pthread mutex rather than the standard library's
/// `Mutex` (a futex the ThreadSanitizer run of `scripts/tsan` cannot see, so every access
/// through it would be reported as a race).
public final class Locked<Value>: @unchecked Sendable {
  /// Accessed only under the mutex, so the runtime's exclusivity check (a call and a lookup on
  /// each access, twice a file of a vdir) has nothing to find.
  @exclusivity(unchecked) private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the mutex.
  public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Waits, the mutex let go meanwhile, until `ready` holds of the value (asked again each
  /// time `condition` is signalled), then runs `body` with it, holding the mutex.
  public func withLock<T>(
    until ready: (Value) -> Bool, on condition: Condition, _ body: (inout Value) throws -> T
  ) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) { pthread_cond_wait(condition.condition, mutex) }
    return try body(&value)
  }

  /// A POSIX condition threads wait on for a `Locked` value to change (`withLock(until:on:_:)`).
  public final class Condition: @unchecked Sendable {
    fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
      condition = .allocate(capacity: 1)
      pthread_cond_init(condition, nil)
    }

    deinit {
      pthread_cond_destroy(condition)
      condition.deallocate()
    }

    /// Wakes a thread that waits on it, if one does, after the value changed (with the mutex
    /// held or not: the waiter asks again under the mutex before it waits).
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread that waits on it (waiters that wait for different changes).
    public func broadcast() { pthread_cond_broadcast(condition) }
  }
}
