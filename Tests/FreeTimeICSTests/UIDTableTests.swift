import Testing

@testable import FreeTimeICS

/// The UID numbering of big calendars, against a plain dictionary.
@Suite struct UIDTableTests {
  @Test func numbersMatchADictionary() {
    var table = UIDTable()
    var model: [String: Int32] = [:]
    var state: UInt64 = 7
    for i in 0..<50_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Repeats, the empty UID, prefixes of each other, non-ASCII.
      let k = Int(state >> 33) % 20_000
      let uid =
        i % 1000 == 0
        ? "" : k % 3 == 0 ? "ü-\(k)@x" : "\(k)-\(String(repeating: "a", count: k % 40))"
      let expected = model[uid] ?? Int32(model.count)
      model[uid] = expected
      #expect(table.intern(uid) == expected)
    }
    #expect(table.count == model.count)
    for (uid, n) in model {
      #expect(table.number(of: uid) == n)
      #expect(table[n] == uid)
    }
    #expect(table.number(of: "never seen") == nil)
  }
}

/// Which components make the reader take libical's lock exclusively: the first to name a TZID.
@Suite struct ZoneIDTests {
  @Test func tzidParameterValues() {
    func id(_ line: String) -> String? {
      Libical.zoneID(ContentLine(bytes: Array(line.utf8), number: 1)).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    #expect(id("DTSTART;TZID=Europe/Prague:20261123T090000") == "Europe/Prague")
    #expect(id("EXDATE;VALUE=DATE-TIME;tzid=US/Eastern:20261123T090000") == "US/Eastern")
    #expect(id("DTSTART;TZID=\"A;B:C\";X=1:20261123T090000") == "\"A;B:C\"")
    #expect(id("DTSTART:20261123T090000Z") == nil)
    #expect(id("DESCRIPTION:see ;TZID=x") == nil)
    #expect(id("X-A;P=\"q;TZID=no\":v") == nil)
  }
}
