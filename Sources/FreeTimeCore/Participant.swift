/// How a calendar takes part in a meeting (docs/ARCHITECTURE.md, Free time).
public enum Role: String, Sendable, CaseIterable {
  /// Must be free for the whole slot (or, with a quorum, counts towards it).
  case required
  /// Never shapes slots; listed in a slot when free throughout it.
  case optional
  /// A room: at least one room must be free throughout a slot.
  case room
}

/// One calendar's free time, ready to merge.
public struct Participant: Sendable, Hashable {
  public var name: String
  public var role: Role
  /// Sorted, disjoint free slots inside the window (as `FreeSlots.free` returns them).
  public var free: [Interval]

  public init(name: String, role: Role = .required, free: [Interval]) {
    self.name = name
    self.role = role
    self.free = free
  }
}
