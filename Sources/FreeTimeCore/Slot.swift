/// A common free slot.
public struct Slot: Sendable, Hashable {
  public var interval: Interval
  /// Everyone (required and optional) free throughout the slot, in the order given.
  public var free: [String]
  /// The rooms free throughout the slot (empty when no room was given).
  public var rooms: [String]

  public init(interval: Interval, free: [String], rooms: [String] = []) {
    self.interval = interval
    self.free = free
    self.rooms = rooms
  }
}
