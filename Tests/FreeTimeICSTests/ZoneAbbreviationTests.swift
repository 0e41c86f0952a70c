import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// Zones as people write them (docs/GUIDE.md, Usage: zones): a bare offset reads as `UTC+…`
/// does; an abbreviation is read with a note naming the zones more likely meant.
@Suite struct ZoneAbbreviationTests {
  @Test(arguments: [("+02:00", 7200), ("-0500", -18_000), ("+2", 7200), ("-03:30", -12_600)])
  func aBareOffsetIsAFixedZone(name: String, offset: Int) throws {
    let zone = try #require(Zone.lookUpGiven(name))
    #expect(zone.utcOffset(at: 0) == offset)
    #expect(zone.utcOffset(at: 1_782_864_000) == offset)
    #expect(Zone.lookUp(name) == nil)
  }

  /// An offset from UTC or GMT in any case or with a blank is that offset, never Etc/GMT+1
  /// (UTC−1).
  @Test(arguments: [("utc+2", 7200), ("GMT +1", 3600), ("gmt-05:30", -19_800), ("UTC + 3", 10_800)])
  func anOffsetInAnyCase(name: String, offset: Int) throws {
    let zone = try #require(Zone.lookUpGiven(name))
    #expect(zone.utcOffset(at: 0) == offset)
  }

  @Test func etcGMTIsToldItsSign() throws {
    let note = try #require(Zone.abbreviationNote("Etc/GMT+1"))
    #expect(note.contains("is UTC\u{2212}1"), "\(note)")
    #expect(note.contains("write UTC+1"), "\(note)")
    #expect(Zone.abbreviationNote("Etc/GMT") == nil)
  }

  @Test(arguments: ["+25:00", "+", "-ab", "02:00"])
  func notAnOffset(name: String) {
    #expect(Zone.lookUpGiven(name) == nil)
  }

  @Test func estIsAFixedOffsetNotNewYork() throws {
    let note = try #require(Zone.abbreviationNote("EST"))
    #expect(note.contains("UTC\u{2212}5 all year"), "\(note)")
    #expect(note.contains("America/New_York"), "\(note)")
  }

  /// IST is said in India, Israel and Ireland: the note names the other two.
  @Test func istListsItsPlaces() throws {
    let note = try #require(Zone.abbreviationNote("IST"))
    #expect(note.contains("Asia/Kolkata"), "\(note)")
    #expect(note.contains("Asia/Jerusalem"), "\(note)")
    #expect(note.contains("Europe/Dublin"), "\(note)")
  }

  @Test func cetSaysItsOffsetsAndPlaces() throws {
    let note = try #require(Zone.abbreviationNote("CET"))
    #expect(note.contains("UTC+1, UTC+2 in summer"), "\(note)")
    #expect(note.contains("Europe/Berlin"), "\(note)")
  }

  /// No note for a place's zone, nor for UTC.
  @Test(arguments: ["Europe/Berlin", "UTC", "America/New_York", "UTC+2"])
  func noNoteForAPlace(name: String) {
    #expect(Zone.abbreviationNote(name) == nil)
  }

  /// PDT and CEST are no zone of the tz database: their places' zones are the suggestion.
  @Test func summerAbbreviationsSuggestTheirZones() {
    #expect(Zone.lookUp("PDT") == nil)
    #expect(Zone.abbreviationZones("PDT") == ["America/Los_Angeles"])
    #expect(Zone.abbreviationZones("cest").contains("Europe/Berlin"))
    #expect(Zone.abbreviationZones("Berlin").isEmpty)
  }

  /// Names people say that no zone has get the zone meant, not one whose name looks alike.
  @Test(arguments: [
    ("Eastern", "America/New_York"), ("Pacific Time", "America/Los_Angeles"),
    ("India", "Asia/Kolkata"), ("germany", "Europe/Berlin"), ("us_central", "America/Chicago"),
  ])
  func spokenNamesMeanTheirZones(name: String, zone: String) {
    #expect(Zone.lookUp(name) == nil)
    #expect(Zone.meantZones(name).first == zone)
    #expect(!Zone.meantZones(name).contains("Pacific/Easter"))
  }
}
