import Foundation
import Testing

/// Every format parses with standard tools: JSON and NDJSON with Python's json, CSV with its
/// csv module, iCalendar with Python's icalendar and with libical (through freetime itself).
@Suite struct FormatTests {
  static let twoPeople: [String] = {
    let other = busyCalendar.replacingOccurrences(of: "20261124T090000Z", with: "20261124T103000Z")
      .replacingOccurrences(of: "20261124T100000Z", with: "20261124T110000Z")
      .replacingOccurrences(of: "SUMMARY:Planning", with: "SUMMARY:Review\\, with \"quotes\"")
    return [Temp.file(busyCalendar, name: "ann.ics"), "Bob Smith, Jr.=" + Temp.file(other)]
  }()

  @Test func jsonAndNDJSONParse() throws {
    let json = try Run.freetime(FormatTests.twoPeople + window + ["--format", "json"])
    #expect(json.status == 0)
    let check = try Run.python(
      """
      import json, sys
      d = json.load(sys.stdin)
      assert d["timeZone"] == "UTC", d["timeZone"]
      assert d["minimum"] == "PT0S"
      assert [c["name"] for c in d["calendars"]] == ["ann", "Bob Smith, Jr."]
      assert all(c["role"] == "required" and c["busyIntervals"] == 1 for c in d["calendars"])
      print(len(d["slots"]), d["slots"][0]["start"], d["slots"][-1]["end"], d["slots"][1]["minutes"])
      """, stdin: json.stdout)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "3 2026-11-24T08:00:00+00:00 2026-11-24T12:00:00+00:00 30\n")

    let nd = try Run.freetime(FormatTests.twoPeople + window + ["--format", "ndjson"])
    let lines = try Run.python(
      "import json, sys\nfor l in sys.stdin: print(json.loads(l)['free'])", stdin: nd.stdout)
    #expect(lines.stdout == String(repeating: "['ann', 'Bob Smith, Jr.']\n", count: 3))
  }

  @Test func csvParses() throws {
    let run = try Run.freetime(FormatTests.twoPeople + window + ["--format", "csv"])
    let check = try Run.python(
      "import csv, sys\nrows = list(csv.DictReader(sys.stdin))\nprint(len(rows), rows[0]['free'], rows[0]['minutes'])",
      stdin: run.stdout)
    #expect(check.stdout == "3 ann;Bob Smith, Jr. 60\n", "\(check.stderr)")
  }

  @Test func icsParsesWithPythonIcalendar() throws {
    let run = try Run.freetime(FormatTests.twoPeople + window + ["--format", "ics"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("\r\n"))
    let check = try Run.python(
      """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(sys.stdin.read())
      events = list(cal.walk("VEVENT"))
      uids = [str(e["UID"]) for e in events]
      assert len(set(uids)) == len(uids)
      for e in events:
          assert str(e["TRANSP"]) == "TRANSPARENT"
          print(e.decoded("DTSTART").isoformat(), e.decoded("DTEND").isoformat(), str(e["SUMMARY"]))
      """, stdin: run.stdout)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout == """
        2026-11-24T08:00:00+00:00 2026-11-24T09:00:00+00:00 Free: ann, Bob Smith, Jr.
        2026-11-24T10:00:00+00:00 2026-11-24T10:30:00+00:00 Free: ann, Bob Smith, Jr.
        2026-11-24T11:00:00+00:00 2026-11-24T12:00:00+00:00 Free: ann, Bob Smith, Jr.

        """)
    // The same run twice gives the same UIDs.
    let again = try Run.freetime(FormatTests.twoPeople + window + ["--format", "ics"])
    #expect(again.stdout == run.stdout)
  }

  @Test func freebusyParsesWithPythonAndReadsBackWithLibical() throws {
    let run = try Run.freetime(FormatTests.twoPeople + window + ["--format", "freebusy"])
    #expect(run.status == 0)
    let check = try Run.python(
      """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(sys.stdin.read())
      (fb,) = list(cal.walk("VFREEBUSY"))
      assert "UID" in fb and "DTSTAMP" in fb
      props = fb.get("FREEBUSY")
      props = props if isinstance(props, list) else [props]
      for p in props:
          assert p.params["FBTYPE"] == "FREE"
          print(p.to_ical().decode())
      """, stdin: run.stdout)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout
        == "20261124T080000Z/20261124T090000Z\n20261124T100000Z/20261124T103000Z\n20261124T110000Z/20261124T120000Z\n"
    )
    // Read back, it gives the slots that wrote it: a VFREEBUSY that lists only FREE periods
    // makes the rest of its range busy.
    let back = try Run.freetime(["-", "--format", "csv"] + window, stdin: run.stdout)
    #expect(back.status == 0, "\(back.stderr)")
    let slots = try Run.freetime(FormatTests.twoPeople + window + ["--format", "csv"])
    func times(_ csv: String) -> [String] {
      csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(3).joined() }
    }
    #expect(times(back.stdout) == times(slots.stdout), "\(back.stdout)")
  }

  @Test func icsOutputReadBackByFreetimeBlocksNothing() throws {
    // TRANSP:TRANSPARENT slots, parsed by libical, must not count as busy.
    let run = try Run.freetime(FormatTests.twoPeople + window + ["--format", "ics"])
    let back = try Run.freetime(["-", "--format", "json"] + window, stdin: run.stdout)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stderr.isEmpty)
    #expect(back.stdout.contains("\"busyIntervals\": 0"))
  }
}
