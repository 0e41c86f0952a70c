import Foundation

/// Waits for something another thread or process does, for a test: a hang detector, never a
/// timing (the limit is generous, and only what comes true is asserted).
public enum Waiting {
  /// Whether `condition` came true, asked every `every` seconds up to `tries` times.
  public static func until(
    tries: Int = 500, every: Double = 0.01, _ condition: () throws -> Bool
  ) rethrows -> Bool {
    for _ in 0..<tries {
      if try condition() { return true }
      usleep(UInt32(every * 1_000_000))
    }
    return try condition()
  }
}
