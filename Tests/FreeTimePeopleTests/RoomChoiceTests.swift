import FoundationEssentials
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimePeople

/// Rooms by what they hold (docs/GUIDE.md, Rooms by what they hold): the room fields of the people
/// file, and `RoomChoice` against a brute force that applies the keys literally, on generated
/// people files.
@Suite struct RoomChoiceTests {
  /// A generated people file: rooms of several sizes, buildings, floors and features (some
  /// saying nothing), people in buildings and on floors (some not).
  static func generated(_ rng: inout SplitMix64) -> String {
    let buildings = ["north", "south", "east"]
    let words = ["video", "Video", "projector", "whiteboard", "phone"]
    var text = ""
    for p in 0..<rng.int(1...7) {
      text += "[people.p\(p)]\ncalendars = \"p\(p).ics\"\n"
      if !rng.oneIn(3) { text += "building = \"\(rng.element(of: buildings))\"\n" }
      if !rng.oneIn(3) { text += "floor = \(rng.int(-2...6))\n" }
      text += "\n"
    }
    for r in 0..<rng.int(1...9) {
      text += "[rooms.r\(r)]\ncalendar = \"r\(r).ics\"\n"
      if !rng.oneIn(4) { text += "capacity = \(rng.element(of: [1, 2, 4, 4, 6, 8, 12]))\n" }
      if !rng.oneIn(3) { text += "building = \"\(rng.element(of: buildings))\"\n" }
      if !rng.oneIn(3) { text += "floor = \(rng.int(-2...6))\n" }
      let features = rng.subset(words, atMost: 3)
      if !features.isEmpty || rng.oneIn(2) {
        text += "features = [" + features.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n"
      }
      text += "\n"
    }
    return text
  }

  /// Whether `room` fits, read literally from docs/GUIDE.md.
  static func fitsLiterally(_ room: PeopleFile.Room, seats: Int, given: Bool, features: [String])
    -> Bool
  {
    if let capacity = room.capacity {
      if capacity < seats { return false }
    } else if given {
      return false
    }
    for feature in features
    where !room.features.contains(where: { $0.lowercased() == feature.lowercased() }) {
      return false
    }
    return true
  }

  /// Whether `a` comes before `b`, the keys one by one as docs/GUIDE.md states them.
  static func before(
    _ a: PeopleFile.Room, _ b: PeopleFile.Room, people: [PeopleFile.Person], seats: Int
  ) -> Bool {
    // Fewest spare seats; a room without capacity after every room with one.
    switch (a.capacity, b.capacity) {
    case (let x?, let y?) where x != y: return x - seats < y - seats
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    // Most attendees in its building.
    let na = people.filter { $0.building != nil && $0.building == a.building }.count
    let nb = people.filter { $0.building != nil && $0.building == b.building }.count
    if na != nb { return na > nb }
    // The floor nearest the median of the attendees' floors.
    let floors = people.compactMap(\.floor).sorted()
    if !floors.isEmpty {
      let median =
        floors.count % 2 == 1
        ? Double(floors[floors.count / 2])
        : Double(floors[floors.count / 2 - 1] + floors[floors.count / 2]) / 2
      switch (a.floor, b.floor) {
      case (let x?, let y?):
        let dx = abs(Double(x) - median)
        let dy = abs(Double(y) - median)
        if dx != dy { return dx < dy }
      case (.some, nil): return true
      case (nil, .some): return false
      default: break
      }
    }
    return a.name < b.name
  }

  /// The chosen room among `free`: the one no other room comes before.
  static func chosen(
    _ free: [PeopleFile.Room], people: [PeopleFile.Person], seats: Int
  ) -> String? {
    free.first { room in
      !free.contains { other in
        other.name != room.name && before(other, room, people: people, seats: seats)
      }
    }?.name
  }

  @Test(arguments: 0..<300) func choiceMatchesTheBruteForce(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 29)
    let file = try PeopleFile(
      text: RoomChoiceTests.generated(&rng), path: "/p/config.toml", home: nil)
    let people = file.people.values.sorted { $0.name < $1.name }
    let attendees = rng.subset(people, atMost: people.count)
    let given = rng.oneIn(2)
    let seats = given ? rng.element(of: [1, 3, 4, 6, 7, 12, 13]) : attendees.count
    let features = rng.subset(["video", "VIDEO", "projector", "whiteboard", "sauna"], atMost: 2)
    let rooms = rng.shuffled(file.rooms.values.sorted { $0.name < $1.name })
    let need = RoomChoice.Need(seats: seats, seatsGiven: given, features: features)
    let order = RoomChoice.order(
      rooms.map {
        RoomChoice.Room(
          name: $0.name, capacity: $0.capacity, building: $0.building, floor: $0.floor,
          features: $0.features)
      }, attendees: attendees.map { RoomChoice.Attendee(building: $0.building, floor: $0.floor) },
      need: need
    ).map(\.name)
    let fitting = rooms.filter {
      RoomChoiceTests.fitsLiterally($0, seats: seats, given: given, features: features)
    }
    #expect(Set(order) == Set(fitting.map(\.name)), "seed \(seed)")
    // Any set of rooms free: the first of the order among them is the brute force's choice.
    for _ in 0..<8 {
      let free = rng.subset(fitting, atMost: fitting.count)
      let names = Set(free.map(\.name))
      #expect(
        order.first(where: names.contains)
          == RoomChoiceTests.chosen(free, people: attendees, seats: seats), "seed \(seed)")
    }
    // No room fits exactly when there is a shortfall, and it names a condition that fails.
    let shortfall = RoomChoice.shortfall(
      rooms.map {
        RoomChoice.Room(name: $0.name, capacity: $0.capacity, features: $0.features)
      }, need: need)
    #expect((shortfall == nil) == !fitting.isEmpty, "seed \(seed)")
    switch shortfall {
    case .tooSmall(let largest):
      #expect(
        !rooms.contains {
          RoomChoiceTests.fitsLiterally($0, seats: seats, given: given, features: [])
        })
      #expect(largest == rooms.compactMap(\.capacity).max())
    case .lacking(let feature, _, let others):
      let holders = rooms.filter {
        RoomChoiceTests.fitsLiterally($0, seats: seats, given: given, features: others)
      }
      #expect(
        !holders.isEmpty
          && !holders.contains {
            $0.features.map { $0.lowercased() }.contains(feature.lowercased())
          })
    case .noRooms, nil: break
    }
  }

  /// The keys in a worked case: spare seats first, then the building, then the floor, then the
  /// name.
  @Test func eachKeyDecidesInTurn() {
    let attendees = [
      RoomChoice.Attendee(building: "north", floor: 3), .init(building: "north", floor: 2),
      .init(building: "south", floor: 1), .init(building: nil, floor: nil),
    ]
    let rooms = [
      RoomChoice.Room(name: "big", capacity: 12, building: "north", floor: 2),
      .init(name: "south2", capacity: 6, building: "south", floor: 2),
      .init(name: "north5", capacity: 6, building: "north", floor: 5),
      .init(name: "north2", capacity: 6, building: "north", floor: 2),
      .init(name: "northNoFloor", capacity: 6, building: "north"),
      .init(name: "b-north2", capacity: 6, building: "north", floor: 2),
      .init(name: "unsized", building: "north", floor: 2),
      .init(name: "small", capacity: 3, building: "north", floor: 2),
    ]
    let order = RoomChoice.order(rooms, attendees: attendees, need: .init(seats: 4)).map(\.name)
    #expect(order == ["b-north2", "north2", "north5", "northNoFloor", "south2", "big", "unsized"])
    // The median of 3, 2, 1 is 2; of 3 and 2 alone it is 2.5, which 2 and 3 are equally near.
    #expect(RoomChoice.medianFloor(attendees) == 2)
    #expect(RoomChoice.medianFloor(Array(attendees.prefix(2))) == 2.5)
    #expect(RoomChoice.medianFloor([.init(building: "x")]) == nil)
    // With --capacity given, a room that does not say its capacity does not fit.
    let given = RoomChoice.order(rooms, attendees: [], need: .init(seats: 4, seatsGiven: true))
    #expect(!given.map(\.name).contains("unsized"))
  }

  /// Each shortfall in words.
  @Test func shortfallsSayWhichConditionFails() {
    let rooms = [
      RoomChoice.Room(name: "a", capacity: 4, features: ["video"]),
      .init(name: "b", capacity: 10, features: ["Projector"]),
    ]
    let big = RoomChoice.Need(seats: 12, seatsGiven: true)
    #expect(RoomChoice.shortfall(rooms, need: big) == .tooSmall(largest: 10))
    #expect(
      RoomChoice.shortfall(rooms, need: big)?.text(big)
        == "no room is big enough for 12 (the largest seats 10)")
    let video = RoomChoice.Need(seats: 6, features: ["video"])
    #expect(
      RoomChoice.shortfall(rooms, need: video)?.text(video)
        == "no room big enough for 6 has video")
    let both = RoomChoice.Need(seats: 2, features: ["projector", "video"])
    #expect(
      RoomChoice.shortfall(rooms, need: both)?.text(both)
        == "no room has projector and video together")
    let sauna = RoomChoice.Need(seats: 2, features: ["sauna"])
    #expect(RoomChoice.shortfall(rooms, need: sauna)?.text(sauna) == "no room has sauna")
    #expect(RoomChoice.shortfall(rooms, need: .init(seats: 2, features: ["PROJECTOR"])) == nil)
  }

  /// The new keys are read with their types checked; a wrong type names file, line and key.
  @Test func roomAndPersonFieldsAreReadAndChecked() throws {
    let text = """
      [people.ann]
      calendars = "ann.ics"
      building = "north"
      floor = -1

      [rooms.atlas]
      calendar = "atlas.ics"
      capacity = 8
      building = "north"
      floor = 3
      features = ["video", "Whiteboard"]
      """
    let file = try PeopleFile(text: text, path: "/p/config.toml", home: nil)
    #expect(file.people["ann"]?.building == "north")
    #expect(file.people["ann"]?.floor == -1)
    #expect(file.rooms["atlas"]?.capacity == 8)
    #expect(file.rooms["atlas"]?.floor == 3)
    #expect(file.rooms["atlas"]?.features == ["video", "Whiteboard"])
    let bad: [(String, String, String)] = [
      ("capacity = \"8\"", "/p/config.toml:8: rooms.atlas.capacity: must be an integer", ""),
      ("capacity = 0", "/p/config.toml:8: rooms.atlas.capacity: must be at least 1", ""),
      ("capacity = 2.5", "/p/config.toml:8: rooms.atlas.capacity: must be an integer", ""),
      ("floor = \"3\"", "/p/config.toml:10: rooms.atlas.floor: must be an integer", ""),
      ("building = 3", "/p/config.toml:9: rooms.atlas.building: must be a string", ""),
      (
        "features = \"video\"",
        "/p/config.toml:11: rooms.atlas.features: must be a list of words", ""
      ),
      (
        "features = [\"two words\"]",
        "/p/config.toml:11: rooms.atlas.features: must be a list of words", ""
      ),
      ("seats = 4", "/p/config.toml:11: rooms.atlas.seats: unknown key", "features"),
    ]
    for (line, message, replacing) in bad {
      let key = replacing.isEmpty ? String(line.prefix { $0 != " " }) : replacing
      // The room's line of that key (the room's keys are from line 6 on).
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
        $0.offset >= 5 && $0.element.hasPrefix(key + " =") ? Substring(line) : $0.element
      }
      #expect(throws: PeopleFile.Failure.self) {
        try PeopleFile(text: lines.joined(separator: "\n"), path: "/p/config.toml", home: nil)
      }
      do {
        _ = try PeopleFile(text: lines.joined(separator: "\n"), path: "/p/config.toml", home: nil)
      } catch {
        #expect(error.description.hasPrefix(message), "\(line): \(error.description)")
      }
    }
    let person = text.replacingOccurrences(of: "floor = -1", with: "floor = \"low\"")
    #expect(throws: PeopleFile.Failure.self) {
      try PeopleFile(text: person, path: "/p/config.toml", home: nil)
    }
    do {
      _ = try PeopleFile(text: person, path: "/p/config.toml", home: nil)
    } catch {
      #expect(error.description == "/p/config.toml:4: people.ann.floor: must be an integer")
    }
  }
}
