/// Which rooms a meeting can use and which of them to book (docs/GUIDE.md, Rooms by what they
/// hold): a room fits when it seats everyone and holds every feature asked for; the fitting rooms
/// are ordered by the choice's keys, so the room booked for a meeting is the first of them free
/// throughout it. Nothing here depends on time: the order is worked out once per request.
public enum RoomChoice {
  /// A room and what the people file says of it (nil: not said).
  public struct Room: Sendable, Equatable {
    public var name: String
    public var capacity: Int?
    public var building: String?
    public var floor: Int?
    /// What it holds, compared case-insensitively.
    public var features: [String]

    public init(
      name: String, capacity: Int? = nil, building: String? = nil, floor: Int? = nil,
      features: [String] = []
    ) {
      self.name = name
      self.capacity = capacity
      self.building = building
      self.floor = floor
      self.features = features
    }

    /// Whether it holds `feature` (case-insensitively).
    public func holds(_ feature: String) -> Bool {
      let wanted = feature.lowercased()
      return features.contains { $0.lowercased() == wanted }
    }
  }

  /// Where an attendee (required or optional) sits, when the people file says.
  public struct Attendee: Sendable, Equatable {
    public var building: String?
    public var floor: Int?

    public init(building: String? = nil, floor: Int? = nil) {
      self.building = building
      self.floor = floor
    }
  }

  /// What the meeting needs of a room.
  public struct Need: Sendable, Equatable {
    /// Seats: `--capacity N`, else the number of attendees.
    public var seats: Int
    /// Whether `--capacity` was given: then a room that does not say its capacity cannot fit.
    public var seatsGiven: Bool
    /// `--feature` words, each needed.
    public var features: [String]

    public init(seats: Int, seatsGiven: Bool = false, features: [String] = []) {
      self.seats = seats
      self.seatsGiven = seatsGiven
      self.features = features
    }
  }

  /// Why no room fits.
  public enum Shortfall: Sendable, Equatable {
    /// No room seats `need.seats`; the largest capacity any room gives (nil: none gives one).
    case tooSmall(largest: Int?)
    /// No room (of those big enough, `afterSeats`) holds this feature (and the ones before it).
    case lacking(feature: String, afterSeats: Bool, before: [String])
    /// No room was asked for.
    case noRooms
  }

  /// Whether `room` fits: capacity ≥ seats (a room without one fits only when `--capacity` was
  /// not given) and every feature.
  public static func fits(_ room: Room, _ need: Need) -> Bool {
    seats(room, need) && need.features.allSatisfy(room.holds)
  }

  static func seats(_ room: Room, _ need: Need) -> Bool {
    guard let capacity = room.capacity else { return !need.seatsGiven }
    return capacity >= need.seats
  }

  /// The median of the attendees' floors (the mean of the middle two for an even count), nil
  /// when no attendee gives one.
  public static func medianFloor(_ attendees: [Attendee]) -> Double? {
    let floors = attendees.compactMap(\.floor).sorted()
    guard !floors.isEmpty else { return nil }
    let mid = floors.count / 2
    return floors.count % 2 == 1
      ? Double(floors[mid]) : (Double(floors[mid - 1]) + Double(floors[mid])) / 2
  }

  /// The fitting rooms in the choice's order, each key breaking the ties of the one before:
  /// the fewest spare seats (a room without a capacity after every room with one); the most
  /// attendees in its building; its floor nearest the median of the attendees' floors (a tie
  /// when no attendee gives a floor; a room without a floor after those with one); the name.
  ///
  /// - Complexity: O(r log r + a) for r rooms and a attendees.
  public static func order(_ rooms: [Room], attendees: [Attendee], need: Need) -> [Room] {
    let median = medianFloor(attendees)
    var inBuilding: [String: Int] = [:]
    for attendee in attendees { if let b = attendee.building { inBuilding[b, default: 0] += 1 } }
    func key(_ room: Room) -> (Int, Int, Double, String) {
      let spare = room.capacity.map { $0 - need.seats } ?? Int.max
      let neighbours = room.building.map { inBuilding[$0, default: 0] } ?? 0
      var distance = 0.0
      if let median { distance = room.floor.map { abs(Double($0) - median) } ?? .infinity }
      return (spare, -neighbours, distance, room.name)
    }
    return rooms.filter { fits($0, need) }.map { ($0, key($0)) }.sorted { $0.1 < $1.1 }.map(\.0)
  }

  /// Why none of `rooms` fits (nil when one does): first seats, then each feature in turn
  /// among the rooms still left.
  public static func shortfall(_ rooms: [Room], need: Need) -> Shortfall? {
    guard !rooms.isEmpty else { return .noRooms }
    var left = rooms.filter { seats($0, need) }
    guard !left.isEmpty else { return .tooSmall(largest: rooms.compactMap(\.capacity).max()) }
    let seatsMattered = left.count < rooms.count
    for (i, feature) in need.features.enumerated() {
      left = left.filter { $0.holds(feature) }
      if left.isEmpty {
        return .lacking(
          feature: feature, afterSeats: seatsMattered, before: Array(need.features[..<i]))
      }
    }
    return nil
  }
}

extension RoomChoice.Shortfall {
  /// One line: which condition no room meets.
  public func text(_ need: RoomChoice.Need) -> String {
    switch self {
    case .noRooms:
      return "no room was asked for"
    case .tooSmall(let largest):
      let biggest =
        largest.map { "the largest seats \($0)" } ?? "no room gives its capacity in the people file"
      return "no room is big enough for \(need.seats) (\(biggest))"
    case .lacking(let feature, let afterSeats, let before):
      var what = "no room"
      if afterSeats { what += " big enough for \(need.seats)" }
      let all = before + [feature]
      return what + " has "
        + (all.count == 1
          ? feature : all.dropLast().joined(separator: ", ") + " and " + feature + " together")
    }
  }
}
