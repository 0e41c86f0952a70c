import Foundation
import Testing

/// Rooms by what they hold, from the command line (docs/GUIDE.md, Rooms by what they hold), on
/// `Fixtures/rooms/`: atlas (8 seats, video, whiteboard; busy Mon 13:00–17:00), borealis (6,
/// video, projector; busy all Monday and Wed 09:00–18:00), cedar (4, whiteboard; busy Tue
/// 10:00–12:00), dune (12, video, projector; busy Thu 08:00–19:00), all in Prague time.
@Suite struct RoomQueryTests {
  static let config = ["--config", Run.fixtures.appendingPathComponent("rooms/config.toml").path]
  static let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]

  func json(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
  }

  /// The worked example: the room chosen, how many others fit, and the book line naming it.
  @Test func suggestShowsTheChosenRoom() throws {
    let arguments =
      ["suggest"] + RoomQueryTests.config + [
        "@design", "--room", "any", "--capacity", "6", "--feature", "video", "--duration", "1h",
        "--hours", "09:00-17:00", "--count", "2",
      ] + RoomQueryTests.week
    // A wide terminal: the book line, which names a path of this checkout, on one line.
    let text = try Run.freetime(arguments, environment: ["COLUMNS": "1000"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("   room: dune\n"))
    #expect(text.stdout.contains("   room: borealis (2 others fit)\n"))
    #expect(text.stdout.contains("--room dune --capacity 6 alice bob carol"))
    let run = try Run.freetime(arguments + ["--format", "json"])
    let suggestions = try json(run.stdout)["suggestions"] as! [[String: Any]]
    #expect(
      suggestions.map { $0["rooms"] as! [String] } == [["dune"], ["borealis", "atlas", "dune"]])
    #expect(suggestions.map { $0["room"] as! String } == ["dune", "borealis"])
  }

  /// Slots list the fitting free rooms in the choice's order; cedar (4 seats) never fits three
  /// attendees with --capacity 5, and rooms without the feature are left out.
  @Test func slotsListTheFittingRoomsInOrder() throws {
    let run = try Run.freetime(
      RoomQueryTests.config + [
        "alice", "bob", "carol", "--room", "any", "--capacity", "5", "--min", "1h", "--hours",
        "09:00-17:00", "--format", "json",
      ] + RoomQueryTests.week)
    #expect(run.status == 0, "\(run.stderr)")
    let slots = try json(run.stdout)["slots"] as! [[String: Any]]
    #expect(!slots.isEmpty)
    for slot in slots {
      let rooms = slot["rooms"] as! [String]
      #expect(!rooms.contains("cedar"))
      // borealis (1 spare) before atlas (3 spare) before dune (7 spare).
      let order = ["borealis", "atlas", "dune"].filter(rooms.contains)
      #expect(rooms == order)
      #expect(slot["room"] as? String == rooms.first)
    }
    let video = try Run.freetime(
      RoomQueryTests.config + [
        "alice", "--room", "@north", "--feature", "PROJECTOR", "--format", "json",
      ] + RoomQueryTests.week)
    let rooms = Set(
      (try json(video.stdout)["slots"] as! [[String: Any]]).flatMap { $0["rooms"] as! [String] })
    #expect(rooms == ["borealis"])
  }

  /// Each reason no room will do, on the line that says there is nothing, exit 1.
  @Test func eachNoRoomReasonIsNamed() throws {
    let base = RoomQueryTests.config + ["@design", "--room", "any"]
    let bigger = try Run.freetime(
      ["suggest"] + base + ["--capacity", "20", "--duration", "1h"] + RoomQueryTests.week)
    #expect(bigger.status == 1)
    #expect(
      bigger.stderr
        == "freetime: no suggestion: no room is big enough for 20 (the largest seats 12)\n"
    )
    let sauna = try Run.freetime(
      ["suggest"] + base + ["--capacity", "6", "--feature", "sauna", "--duration", "1h"]
        + RoomQueryTests.week)
    #expect(sauna.status == 1)
    #expect(
      sauna.stderr == "freetime: no suggestion: no room big enough for 6 has sauna\n")
    let together = try Run.freetime(
      base + ["--feature", "whiteboard", "--feature", "projector", "--format", "json"]
        + RoomQueryTests.week)
    #expect(together.status == 1)
    #expect(
      try json(together.stdout)["blocked"] as? String
        == "no room has whiteboard and projector together")
    // Cedar is busy Tuesday 10:00–12:00 Prague; alice is free 10:00–11:00.
    let tuesday = [
      "--from", "2026-11-24T10:00", "--to", "2026-11-24T11:00", "--tz", "Europe/Prague",
    ]
    let busy = try Run.freetime(
      ["suggest"] + RoomQueryTests.config + [
        "alice", "--room", "cedar", "--feature", "whiteboard", "--capacity", "3", "--duration",
        "30m",
      ] + tuesday)
    #expect(busy.status == 1)
    #expect(
      busy.stderr.contains(
        "freetime: no suggestion: the one room that fits (cedar) is busy whenever everyone is free; none is free for 30m in the window"
      ), "\(busy.stderr)")
    let slots = try Run.freetime(
      RoomQueryTests.config + ["alice", "--room", "cedar", "--min", "30m"] + tuesday)
    #expect(slots.status == 1)
    #expect(
      slots.stdout.contains("the one room that fits (cedar) is busy whenever everyone is free"))
    // Book: both north rooms are busy Monday 14:00; atlas is free again at 17:00.
    let book = try Run.freetime(
      ["book"] + RoomQueryTests.config + [
        "--at", "2026-11-23T14:00", "--tz", "Europe/Prague", "--duration", "1h", "--title", "X",
        "--room", "@north", "alice",
      ])
    #expect(book.status == 1)
    #expect(
      book.stderr.contains(
        "both rooms that fit are busy then; the first free for 1h is atlas, Mon 2026-11-23 17:00"),
      "\(book.stderr)")
    #expect(book.stdout.isEmpty)
    let small = try Run.freetime(
      ["book"] + RoomQueryTests.config + [
        "--at", "2026-11-23T14:00", "--tz", "Europe/Prague", "--duration", "1h", "--title", "X",
        "--room", "any", "--capacity", "13", "alice",
      ])
    #expect(small.status == 1)
    // (The fixtures' week is past by now: the warning that says so comes first.)
    #expect(
      small.stderr.hasSuffix(
        "freetime: cannot book: no room is big enough for 13 (the largest seats 12)\n")
    )
  }

  /// `book --room any` books the first fitting room free then, and only that one.
  @Test func bookChoosesTheFittingRoomThatIsFree() throws {
    let run = try Run.freetime(
      ["book"] + RoomQueryTests.config + [
        "--at", "2026-11-23T16:00", "--tz", "Europe/Prague", "--duration", "1h", "--title",
        "Review", "--room", "any", "--capacity", "6", "--feature", "video", "@design",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let unfolded = run.stdout.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("CN=dune"))
    #expect(!unfolded.contains("CN=atlas") && !unfolded.contains("CN=borealis"))
    #expect(unfolded.contains("LOCATION:South\\, 5th floor"))
    // On Tuesday 15:30 borealis (no spare seat) is free and is booked.
    let tuesday = try Run.freetime(
      ["book"] + RoomQueryTests.config + [
        "--at", "2026-11-24T15:30", "--tz", "Europe/Prague", "--duration", "1h", "--title",
        "Review", "--room", "any", "--capacity", "6", "--feature", "video", "@design",
      ])
    #expect(tuesday.status == 0, "\(tuesday.stderr)")
    #expect(tuesday.stdout.replacingOccurrences(of: "\r\n ", with: "").contains("CN=borealis"))
  }

  /// `book --repeat` with a room query books the first fitting room free at every occurrence,
  /// or refuses when no one room is.
  @Test func aSeriesBooksARoomFreeAtEveryOccurrence() throws {
    let base =
      ["book"] + RoomQueryTests.config + [
        "--tz", "Europe/Prague", "--duration", "30m", "--title", "X", "--room", "@north",
        "--repeat", "daily", "--occurrences", "2", "alice",
      ]
    // Tue and Wed 16:00: borealis (first by spare seats) is busy on Wednesday, atlas on neither.
    let run = try Run.freetime(base + ["--at", "2026-11-24T16:00"])
    #expect(run.status == 0, "\(run.stderr)")
    let unfolded = run.stdout.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("CN=atlas") && !unfolded.contains("CN=borealis"))
    // Mon and Tue 15:00: atlas is busy on Monday, borealis all Monday.
    let refused = try Run.freetime(base + ["--at", "2026-11-23T15:00"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "both rooms that fit are busy at one occurrence or more; no one room is free at every one"),
      "\(refused.stderr)")
  }

  /// A group of rooms may hold no person; --capacity and --feature need --room.
  @Test func misuseIsRefused() throws {
    let group = try Run.freetime(
      RoomQueryTests.config + ["alice", "--room", "@design"] + RoomQueryTests.week)
    #expect(group.status == 2)
    #expect(group.stderr.contains("--room @design: 'alice' is a person, not a room"))
    let alone = try Run.freetime(
      RoomQueryTests.config + ["alice", "--capacity", "3"] + RoomQueryTests.week)
    #expect(alone.status == 2)
    #expect(alone.stderr.contains("--capacity and --feature choose among rooms: give --room too"))
    let zero = try Run.freetime(
      RoomQueryTests.config + ["alice", "--room", "any", "--capacity", "0"])
    #expect(zero.status == 2)
    #expect(zero.stderr.contains("--capacity must be at least 1"))
  }

  /// `freetime people` shows the new fields, in text and JSON.
  @Test func peopleShowsTheRoomFields() throws {
    // A wide terminal: each line whole (docs/GUIDE.md, Displays).
    let text = try Run.freetime(
      ["people"] + RoomQueryTests.config, environment: ["COLUMNS": "1000"])
    #expect(text.status == 0)
    #expect(
      text.stdout.contains(
        "  borealis  borealis@rooms.example.com  North, 2nd floor  6 seats  building north  floor 2  Video, projector\n"
      ))
    #expect(text.stdout.contains("  carol  carol@example.com  building south  floor 1\n"))
    let run = try Run.freetime(["people", "--format", "json"] + RoomQueryTests.config)
    let object = try json(run.stdout)
    let rooms = object["rooms"] as! [[String: Any]]
    #expect(rooms.map { $0["name"] as! String } == ["atlas", "borealis", "cedar", "dune"])
    #expect(rooms.map { $0["capacity"] as! Int } == [8, 6, 4, 12])
    #expect(rooms[0]["features"] as! [String] == ["video", "whiteboard"])
    #expect(rooms[2]["floor"] as! Int == 1)
    let people = object["people"] as! [[String: Any]]
    #expect(people.map { $0["building"] as! String } == ["north", "north", "south"])
    #expect(people[0]["zone"] is NSNull)
  }
}
