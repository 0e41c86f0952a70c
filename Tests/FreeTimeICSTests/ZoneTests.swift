import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// `OffsetTable` answers instead of ICU for system zones: it must give ICU's offset everywhere.
@Suite struct ZoneTests {
  @Test func offsetTablesAgreeWithICUForEveryZone() throws {
    var state: UInt64 = 42
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    let span = UInt64(OffsetTable.to - OffsetTable.from)
    var compared = 0
    for name in TimeZone.knownTimeZoneIdentifiers {
      let zone = try #require(TimeZone(identifier: name))
      let table = OffsetTable(zone)
      // Random instants, and both sides of every transition ICU reports in the table's span.
      var instants = (0..<200).map { _ in OffsetTable.from + Int64(next() % span) }
      var date = Date(timeIntervalSince1970: TimeInterval(OffsetTable.from))
      while let t = zone.nextDaylightSavingTimeTransition(after: date),
        t.timeIntervalSince1970 < 4e9
      {
        let s = Instant(t.timeIntervalSince1970.rounded(.down))
        instants += [s - 1, s, s + 1].filter { $0 >= OffsetTable.from }
        date = t
      }
      for instant in instants {
        let icu = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        #expect(table.offset(at: instant) == icu, "\(name) at \(instant)")
        // The span around it has that offset from end to end (ICU at both ends).
        if let (offset, from, to) = table.span(at: instant) {
          #expect(offset == icu && from <= instant && instant < to, "\(name) at \(instant)")
          for edge in [from, to - 1] {
            let atEdge = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(edge)))
            #expect(atEdge == offset, "\(name): span \(from)..<\(to) of \(instant)")
          }
        } else {
          Issue.record("\(name): no span at \(instant)")
        }
        compared += 1
      }
    }
    #expect(compared > 100_000)
    #expect(OffsetTable(TimeZone(identifier: "UTC")!).offset(at: OffsetTable.to) == nil)
    #expect(OffsetTable(TimeZone(identifier: "UTC")!).offset(at: OffsetTable.from - 1) == nil)
    // Outside the table, the zone asks ICU.
    let prague = try #require(Zone.named("Europe/Prague"))
    let icu = try #require(TimeZone(identifier: "Europe/Prague"))
    for instant: Instant in [-2_208_988_800, -1_000_000_000, -800_000_000, -1, 4_200_000_000] {
      #expect(
        prague.utcOffset(at: instant)
          == icu.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }
  }
}
