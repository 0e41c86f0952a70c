import Testing

@testable import FreeTimeCore

@Suite struct SpellingTests {
  @Test func distances() {
    #expect(Spelling.distance("alice", "alice") == 0)
    #expect(Spelling.distance("alcie", "alice") == 1)  // a swap
    #expect(Spelling.distance("Alice", "alice") == 0)
    #expect(Spelling.distance("bob", "rob") == 1)
    #expect(Spelling.distance("", "abc") == 3)
    #expect(Spelling.distance("kitten", "sitting") == 3)
  }

  @Test func closestNames() {
    let names = ["alice", "alina", "bob", "@design", "atlas"]
    #expect(Spelling.closest(to: "alcie", among: names) == ["alice"])
    #expect(Spelling.closest(to: "@desing", among: names) == ["@design"])
    #expect(Spelling.closest(to: "zed", among: names) == [])
  }
}
