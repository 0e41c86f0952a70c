/// Results of work spread over threads: one value per index, each written by exactly one thread
/// (`set`), read when every thread is done (`all`). Used where calendars are read, and each
/// person's free time worked out, on several cores.
public final class OnePerIndex<T>: @unchecked Sendable {
  private let values: UnsafeMutableBufferPointer<T?>

  public init(count: Int) {
    values = .allocate(capacity: count)
    values.initialize(repeating: nil)
  }

  deinit {
    values.deinitialize()
    values.deallocate()
  }

  /// From the one thread that works on index `i`.
  public func set(_ i: Int, _ value: T) { values[i] = value }

  /// After every thread is done: the values in index order.
  public func all() -> [T] { values.map { $0! } }
}
