import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimePeople

/// The people file's TOML mapping (docs/GUIDE.md, People file): what each key becomes, and that a
/// malformed file fails naming the file, the line and the key.
@Suite struct PeopleFileTests {
  static let example = """
    # The design team.
    [people.alice]
    calendars = ["~/.calendars/alice/work", "~/.calendars/alice/home"]
    email = "alice@example.com"
    zone = "Europe/Berlin"
    hours = ["09:00-12:00", "13:00-17:30"]
    days = "mon-fri"

    [people.bob]
    calendars = "bob.ics"
    hours = "22:00-06:00"
    days = ["mon", "wed-thu"]

    [people]
    carol = { calendars = ["/srv/carol"], email = "carol@example.com" }

    [rooms.atlas]
    calendar = "~/rooms/atlas.ics"
    email = "atlas@rooms.example.com"
    location = "3rd floor, Atlas"

    [groups]
    design = ["alice", "bob", "carol"]
    everyone = ["alice", "bob", "carol", "atlas"]
    """

  func load(_ text: String) throws(PeopleFile.Failure) -> PeopleFile {
    try PeopleFile(text: text, path: "/etc/team/config.toml", home: "/home/u")
  }

  @Test func mapsEveryKey() throws {
    let file = try load(PeopleFileTests.example)
    let alice = try #require(file.people["alice"])
    #expect(alice.calendars == ["/home/u/.calendars/alice/work", "/home/u/.calendars/alice/home"])
    #expect(alice.email == "alice@example.com")
    #expect(alice.zone == "Europe/Berlin")
    #expect(
      alice.hours == [
        WorkingHours.Span(start: 9 * 3600, end: 12 * 3600),
        WorkingHours.Span(start: 13 * 3600, end: 17 * 3600 + 1800),
      ])
    #expect(alice.days == [1, 2, 3, 4, 5])
    #expect(alice.lines["email"] == 4)
    let bob = try #require(file.people["bob"])
    #expect(bob.calendars == ["/etc/team/bob.ics"])
    #expect(bob.hours == [WorkingHours.Span(start: 22 * 3600, end: 6 * 3600)])
    #expect(bob.days == [1, 3, 4])
    #expect(file.people["carol"]?.calendars == ["/srv/carol"])
    #expect(file.people["carol"]?.email == "carol@example.com")
    #expect(
      file.rooms["atlas"]
        == PeopleFile.Room(
          name: "atlas", calendar: "/home/u/rooms/atlas.ics", email: "atlas@rooms.example.com",
          location: "3rd floor, Atlas", lines: ["calendar": 18, "email": 19, "location": 20]))
    #expect(file.groups["design"] == ["alice", "bob", "carol"])
    #expect(file.names == ["@design", "@everyone", "alice", "atlas", "bob", "carol"])
  }

  @Test(arguments: [
    ("[people.alice]\ncalendars = [\"a.ics\"]\nhours = \"9-17\"\n", 3, "people.alice.hours"),
    ("[people.alice]\ncalendars = [\"a.ics\"]\ndays = \"funday\"\n", 3, "people.alice.days"),
    ("[people.alice]\ncalendars = [\"a.ics\"]\nemail = 7\n", 3, "people.alice.email"),
    ("[people.alice]\ncalendars = [\"a.ics\"]\ncolour = \"red\"\n", 3, "people.alice.colour"),
    ("[people.alice]\nemail = \"a@b.c\"\n", 1, "people.alice"),
    (
      "[people.alice]\ncalendars = [\"a.ics\"]\n[groups]\nx = [\"alice\", \"zed\"]\n", 4, "groups.x"
    ),
    ("[rooms.r]\nlocation = \"x\"\n", 1, "rooms.r"),
    ("[teams]\nx = 1\n", 1, "teams"),
    ("[person.b]\ncalendars = [\"a.ics\"]\n", 1, "person"),
    ("[people.a]\ncalendars = [\"a.ics\"]\nhours = []\n", 3, "people.a.hours"),
    (
      "[rooms.r]\ncalendar = \"r.ics\"\nlocation = \"\"\"\n[people.b]\nzone = 1\n\"\"\"\nseats = 3\n",
      7,
      "rooms.r.seats"
    ),
  ])
  func malformedFilesNameFileLineAndKey(text: String, line: Int, key: String) {
    #expect {
      _ = try load(text)
    } throws: { error in
      guard let failure = error as? PeopleFile.Failure else { return false }
      return failure.path == "/etc/team/config.toml" && failure.line == line && failure.key == key
        && failure.description.hasPrefix("/etc/team/config.toml:\(line): \(key): ")
    }
  }

  @Test func syntaxErrorsNameTheLine() {
    #expect {
      _ = try load("[people.alice]\ncalendars = [\"a.ics\"\nemail = \"x\"\n")
    } throws: { error in
      guard let failure = error as? PeopleFile.Failure else { return false }
      return failure.line != nil && failure.key == nil
    }
  }

  @Test func defaultPathFollowsXDG() {
    #expect(
      PeopleFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        == "/x/freetime/config.toml")
    #expect(
      PeopleFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/freetime/config.toml")
    #expect(PeopleFile.defaultPath(environment: [:]) == nil)
  }

  /// A relative calendar is joined to the file's directory tidily: no `..` left to read past.
  @Test func relativePathsAreTidy() {
    #expect(PathText.tidy("/c/freetime/../../x/a.ics", from: nil) == "/x/a.ics")
    #expect(PathText.tidy("/c/./freetime/./a.ics", from: nil) == "/c/freetime/a.ics")
    #expect(PathText.tidy("conf/../../a.ics", from: nil) == "../a.ics")
    #expect(PathText.tidy("/../a.ics", from: nil) == "/a.ics")
    #expect(PathText.tidy("a/..", from: nil) == ".")
    #expect(PathText.tidy("a//b", from: nil) == "a/b")
    #expect(PathText.tidy("https://example.com/z.ics", from: "/w") == "https://example.com/z.ics")
    // From the current directory: a `..` back into it, a path below it, one beside it.
    #expect(PathText.tidy("../fresh/sub/check", from: "/w/fresh") == "sub/check")
    #expect(PathText.tidy("/w/fresh/a/../b.ics", from: "/w/fresh") == "b.ics")
    #expect(PathText.tidy("../other/b.ics", from: "/w/fresh") == "../other/b.ics")
  }

  /// A `..` after a symbolic link stays: `link/..` is the parent of the link's target, which
  /// the text does not say, and the tidy path must name the same file.
  @Test func aParentAfterASymbolicLinkStays() throws {
    let root = FileManager.default.temporaryDirectory.path + "/tidy-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: root + "/real/sub", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/plain", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createSymbolicLink(
      atPath: root + "/link", withDestinationPath: root + "/real/sub")
    #expect(PathText.tidy(root + "/link/../x.ics", from: nil) == root + "/link/../x.ics")
    #expect(PathText.tidy(root + "/plain/../x.ics", from: nil) == root + "/x.ics")
  }
}
