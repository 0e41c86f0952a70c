import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// UID, STATUS, TRANSP, SEQUENCE and DTSTAMP are read by the pre-pass, not by libical: on tricky
/// values, the pre-pass must read what libical reads.
@Suite struct PreReadTests {
  static let cases:
    [(uid: String, status: String, transp: String, sequence: String, stamp: String)] = [
      ("plain@example.com", "CONFIRMED", "OPAQUE", "3", "20261101T120000Z"),
      ("a\\,b\\;c", "CANCELLED", "TRANSPARENT", "  7", "20261101T120000"),
      ("back\\\\slash", "cancelled", "transparent", "-2", "20261101"),
      ("new\\nline\\Nand\\ttab", " Cancelled", " TRANSPARENT", "12abc", "2026110T120000Z"),
      ("odd\\qescape", "CANCELLED ", "TRANSPARENT ", "", "20261101T120000Z "),
      ("trailing\\", "TENTATIVE", "TRANSPARENT-NOCONFLICT", "x", "20261101t120000z"),
      ("  spaced  ", "tentative", "opaque", "+4", "20261301T120000Z"),
      ("\ttabs\t", "\tCANCELLED\t", "\tTRANSPARENT\t", "\t5", "\t20261101T120000Z\t"),
      ("ünïcödé-ŭid", "X-FOO", "X-BAR", "2147483647", "20261101T250000Z"),
      ("quote\\\"d\\b\\f\\r", "", "", "0", ""),
    ]

  @Test(arguments: 0..<cases.count)
  func preReadAgreesWithLibical(index: Int) throws {
    let c = Self.cases[index]
    let texts = [
      "BEGIN:VEVENT", "UID:\(c.uid)", "DTSTART:20261123T090000Z", "DURATION:PT1H",
      "STATUS:\(c.status)", "TRANSP:\(c.transp)", "SEQUENCE:\(c.sequence)",
      "DTSTAMP:\(c.stamp)", "END:VEVENT",
    ]
    let lines = texts.enumerated().map { ContentLine(bytes: Array($1.utf8), number: $0 + 1) }
    var state = ComponentState()
    let kept = lines.filter { !state.take($0, kind: $0.kind) }
    #expect(kept.count == 4)
    let options = ReadOptions(
      window: Read.span("2026-11-01", "2026-12-01"), defaultZone: Read.utc)
    func contribution(_ lines: [ContentLine], _ preRead: PreRead?) throws -> EventContribution? {
      let parsed = Libical.parse(lines) {
        LibicalEvent.describe($0, lines: lines, preRead: preRead, summary: false)
      }
      guard case .parsed(let event) = parsed else { return nil }
      var interpreter = EventInterpreter(
        event,
        context: EventContext(
          file: "t", zones: ZoneTable(), home: Read.utc, homeFromCalendar: false,
          options: options, deferUnknownZones: false))
      return try? interpreter.contribution()
    }
    let byLibical = try #require(try contribution(lines, nil))
    let byPrePass = try #require(try contribution(kept, state.preRead))
    guard case .master(let uidA, let revA, let blocksA, let instA, _, let tentA, _) = byLibical,
      case .master(let uidB, let revB, let blocksB, let instB, _, let tentB, _) = byPrePass
    else {
      Issue.record("not a master")
      return
    }
    #expect(uidA == uidB)
    #expect(revA == revB)
    #expect(blocksA == blocksB)
    #expect(tentA == tentB)
    #expect(instA.map(\.interval) == instB.map(\.interval))
  }
}
