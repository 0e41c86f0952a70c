import FreeTimeCore
import Foundation
import TestSupport
import Testing

@testable import FreeTimeICS

/// The fast path (`EventDescription.plain(_:preRead:)`) describes plain events without libical's parser;
/// it must describe each exactly as `LibicalEvent.describe` does, and whole calendars must read
/// the same with it and without it (busy and tentative time, warnings with their lines, errors).
@Suite struct SimpleEventTests {
  typealias Random = OwnExpansionTests.Random

  /// What a reading gives, in a comparable form.
  struct Outcome: Equatable, CustomStringConvertible {
    var busy: [Interval] = []
    var tentative: [Interval] = []
    var diagnostics: [Diagnostic] = []
    var error: String? = nil
    var description: String {
      error ?? "busy \(busy.count), tentative \(tentative.count), \(diagnostics)"
    }
  }

  static func read(_ path: String, _ options: ReadOptions, simple: Bool) -> Outcome {
    var options = options
    options.simpleEvents = simple
    let source = CalendarSource(kind: .file(path), name: "p", argument: path)
    do {
      let person = try CalendarReader.read(source, options: options)
      return Outcome(
        busy: person.busy.sorted(), tentative: person.tentative.sorted(),
        diagnostics: person.diagnostics)
    } catch {
      return Outcome(error: "\(error)")
    }
  }

  /// The fast path's description of an event's lines (UID, STATUS and TRANSP taken by the
  /// pre-pass first), checked equal to the one libical's parse gives; nil when the event is not
  /// plain.
  static func describedAlike(_ lines: [ContentLine]) -> EventDescription? {
    var state = ComponentState()
    let kept = lines.filter { !state.take($0, kind: $0.kind) }
    guard let plain = EventDescription.plain(kept, preRead: state.preRead) else { return nil }
    let parsed = Libical.parse(kept) {
      LibicalEvent.describe($0, lines: kept, preRead: state.preRead, summary: false)
    }
    guard case .parsed(let described) = parsed else {
      Issue.record(
        "libical cannot parse a plain event: \(kept.map { String(decoding: $0.bytes, as: UTF8.self) })"
      )
      return nil
    }
    #expect(plain == described, "\(kept.map { String(decoding: $0.bytes, as: UTF8.self) })")
    return plain
  }

  /// Option mixes: the window, the zone of floating times, tentative and all-day time free.
  static func options(_ choice: Int) -> ReadOptions {
    let windows = [
      Interval(1_767_225_600, 1_798_761_600),  // 2026
      Interval(631_152_000, 2_208_988_800),  // 1990–2040
      Interval(1_795_392_000, 1_795_996_800),  // the week of 2026-11-23
    ]
    return ReadOptions(
      window: windows[choice % 3],
      defaultZone: choice & 4 != 0 ? Zone.named("America/New_York")! : Zone.utc,
      tentative: choice & 8 != 0 ? .free : .busy, allDay: choice & 16 != 0 ? .free : .busy,
      maxInstances: 100_000)
  }

  static let fixtures: String = Paths.fixtures.path

  /// Every calendar in Fixtures/ (the bad-input ones too) under a few option mixes.
  @Test func fixturesReadTheSameWithAndWithoutIt() throws {
    let paths = FileManager.default.enumerator(atPath: Self.fixtures)!
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.sorted()
    #expect(paths.count > 300)
    var simpleEvents = 0
    for (n, relative) in paths.enumerated() {
      let path = Self.fixtures + "/" + relative
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      guard size < 2_000_000 else { continue }
      for choice in [n % 32, (n + 13) % 32] {
        let options = Self.options(choice)
        let simple = Self.read(path, options, simple: true)
        let libical = Self.read(path, options, simple: false)
        #expect(simple == libical, "\(relative), options \(choice)")
      }
      if let text = try? String(contentsOfFile: path, encoding: .utf8),
        text.contains("DTSTART")
      {
        simpleEvents += 1
      }
    }
    #expect(simpleEvents > 200)
  }

  /// Random events made of plain and nearly plain lines (odd parameters, signs, leap seconds,
  /// dates without VALUE=DATE, unknown and file-defined zones, DTEND before DTSTART, DTEND with
  /// DURATION...), so both paths and the line between them are exercised.
  @Test(arguments: 0..<40)
  func randomEventsReadTheSame(seed: Int) throws {
    var rng = Random(seed: UInt64(9_000 + seed))
    var body = ""
    var plain = 0
    var overrides = 0
    var plainOverrides = 0
    var plainSeries = 0
    // Ten daily series for the overrides below to replace instances of.
    var masters: [(start: String, line: String)] = []
    for k in 0..<10 {
      let start = Self.time(&rng)
      masters.append((start, Self.line("DTSTART", start, &rng)))
      body += """
        BEGIN:VEVENT
        UID:m\(k)
        \(masters[k].line)
        DURATION:PT1H
        RRULE:FREQ=DAILY;COUNT=5
        END:VEVENT

        """
      let lines = ["BEGIN:VEVENT", masters[k].line, "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=5"]
      if Self.describedAlike(
        (lines + ["END:VEVENT"]).map { ContentLine(bytes: Array($0.utf8), number: 0) }) != nil
      {
        plainSeries += 1
      }
    }
    for i in 0..<150 {
      var lines = ["BEGIN:VEVENT", "UID:e\(i)"]
      let start = Self.time(&rng)
      lines.append(Self.line("DTSTART", start, &rng))
      if rng.int(0...1) == 0 {
        // An override: of an instance (a day of the series at its time), of no instance, or
        // with RANGE (libical's path).
        let k = rng.int(0...9)
        lines[1] = "UID:m\(k)"
        let master = masters[k].start
        if rng.int(0...2) != 0 {
          lines[2] = masters[k].line.replacing(master, with: start)  // the series' form
        }
        var rid = Self.time(&rng, near: master)
        if rng.int(0...1) == 0, master.count >= 8 {
          let day = Int(master.prefix(8))! + rng.int(0...4)  // stays a real date mostly
          rid = String(day) + master.dropFirst(8)
          if master.count == 8 && rng.int(0...1) == 0 {
            // An all-day override named by midnight as a date-time: the instance of that date.
            lines[2] = masters[k].line.replacing(master, with: String(day))
            rid += ["T000000", "T000000Z", "T090000"][rng.int(0...2)]
            lines.append("DURATION:P1D")
          }
        }
        // Mostly in the form of the series' DTSTART (so often plain), else any form.
        let line =
          rng.int(0...2) != 0
          ? masters[k].line.replacing("DTSTART", with: "RECURRENCE-ID").replacing(
            master, with: rid)
          : Self.line("RECURRENCE-ID", rid, &rng)
        lines.append(
          rng.int(0...7) == 0
            ? line.replacing("RECURRENCE-ID", with: "RECURRENCE-ID;RANGE=THISANDFUTURE") : line)
        overrides += 1
      }
      switch rng.int(0...5) {
      case 0: break
      case 1, 2: lines.append(Self.line("DTEND", Self.time(&rng, near: start), &rng))
      case 3, 4: lines.append("DURATION:" + Self.duration(&rng))
      default:
        lines.append(Self.line("DTEND", Self.time(&rng, near: start), &rng))
        lines.append("DURATION:" + Self.duration(&rng))
      }
      if rng.int(0...5) == 0 {
        lines.append(
          ["STATUS:TENTATIVE", "STATUS:CANCELLED", "TRANSP:TRANSPARENT"][rng.int(0...2)])
      }
      if rng.int(0...2) == 0 {
        // A series (described from its bytes when its parts are plain): rules libical reads, rules it does
        // not, rules with white space or odd case; EXDATEs of the start's form, of others, lists.
        for _ in 0..<(rng.int(0...5) == 0 ? 2 : 1) {
          lines.append("RRULE:" + Self.rules[rng.int(0...(Self.rules.count - 1))])
        }
        for _ in 0..<rng.int(0...3) {
          let day = start.count >= 8 ? Int(start.prefix(8))! + rng.int(0...3) : 20_261_123
          let exdate = String(day) + start.dropFirst(8)
          switch rng.int(0...5) {
          case 0: lines.append(Self.line("EXDATE", Self.time(&rng, near: start), &rng))
          case 1: lines.append(Self.line("EXDATE", exdate, &rng) + "," + exdate)
          default:
            lines.append(
              lines[2].replacing("DTSTART", with: "EXDATE").replacing(start, with: exdate))
          }
        }
      }
      lines.append("END:VEVENT")
      let lineBytes = lines.map { ContentLine(bytes: Array($0.utf8), number: 0) }
      if let described = Self.describedAlike(lineBytes) {
        if described.rules.isEmpty && described.exdates.isEmpty {
          plain += 1
          if described.recurrenceID != .absent { plainOverrides += 1 }
        } else {
          plainSeries += 1
        }
      }
      body += lines.joined(separator: "\n") + "\n"
    }
    let zone = """
      BEGIN:VTIMEZONE
      TZID:Office
      BEGIN:STANDARD
      DTSTART:19701025T030000
      RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:19700329T020000
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      END:DAYLIGHT
      END:VTIMEZONE
      BEGIN:VTIMEZONE
      TZID:Office^Main
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0530
      TZOFFSETTO:+0530
      END:STANDARD
      END:VTIMEZONE
      """
    // The zone defined before the events, or after them (the events wait for it).
    let text =
      seed % 2 == 0
      ? Read.calendar(zone + "\n" + body.dropLast()) : Read.calendar(body + zone)
    let path = Read.write(text)
    for choice in [seed % 32, (seed * 7 + 3) % 32] {
      let options = Self.options(choice)
      let simple = Self.read(path, options, simple: true)
      let libical = Self.read(path, options, simple: false)
      #expect(simple == libical, "seed \(seed), options \(choice)")
    }
    #expect(plain > 5, "too few plain events to say much")
    #expect(overrides > 20 && plainOverrides > 0, "too few overrides to say much \(plainOverrides)")
    #expect(plainSeries > 3, "too few plain series to say much")
  }

  /// Overrides of the edge cases a review listed, under every option mix: a lower-case name, a
  /// DATE RECURRENCE-ID on a timed series and the reverse, a zone defined after the event, an
  /// unknown zone, no master, cancelled and tentative overrides, DTEND before DTSTART.
  @Test func overrideEdgeCasesReadTheSame() throws {
    let events = [
      "UID:a\nDTSTART:20261123T090000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=5",
      "UID:a\nrecurrence-id:20261124T090000Z\nDTSTART:20261124T120000Z\nDURATION:PT1H",
      "UID:a\nRECURRENCE-ID;VALUE=DATE:20261125\nDTSTART:20261125T130000Z\nDURATION:PT1H",
      "UID:a\nRECURRENCE-ID;TZID=Later/Zone:20261126T100000\nDTSTART:20261126T140000Z",
      "UID:a\nRECURRENCE-ID;TZID=Nowhere/Else:20261127T090000\nDTSTART:20261127T150000Z",
      "UID:b\nDTSTART;VALUE=DATE:20261123\nRRULE:FREQ=DAILY;COUNT=3",
      "UID:b\nRECURRENCE-ID:20261124T000000Z\nDTSTART;VALUE=DATE:20261124\nDURATION:P2D",
      "UID:b\nRECURRENCE-ID:20261125T000000\nDTSTART;VALUE=DATE:20261126",
      "UID:c\nRECURRENCE-ID:20261124T090000Z\nDTSTART:20261124T100000Z\nDTEND:20261124T090000Z",
      "UID:a\nRECURRENCE-ID:20261124T090000Z\nDTSTART:20261124T160000Z\nSTATUS:CANCELLED",
      "UID:a\nSEQUENCE:2\nRECURRENCE-ID:20261125T090000Z\nDTSTART:20261125T170000Z\nSTATUS:TENTATIVE",
      "UID:a\nRECURRENCE-ID;TZID=Europe/Prague:20261127T100000\nDTSTART;VALUE=DATE:20261127",
    ]
    let zone = """
      BEGIN:VTIMEZONE
      TZID:Later/Zone
      BEGIN:STANDARD
      DTSTART:19700101T000000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0100
      END:STANDARD
      END:VTIMEZONE
      """
    let body = events.map { "BEGIN:VEVENT\n\($0)\nEND:VEVENT" }.joined(separator: "\n")
    let path = Read.write(Read.calendar(body + "\n" + zone))
    for choice in 0..<32 {
      let options = Self.options(choice)
      #expect(
        Self.read(path, options, simple: true) == Self.read(path, options, simple: false),
        "options \(choice)")
    }
  }

  @Test func plainFormsAndTheirValues() throws {
    func event(_ lines: String...) -> EventDescription? { event(lines) }
    func event(_ lines: [String]) -> EventDescription? {
      EventDescription.plain(
        (["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).map {
          ContentLine(bytes: Array($0.utf8), number: 1)
        }, preRead: PreRead(revision: Revision(sequence: 0, stamp: 0)))
    }
    let zoned = try #require(
      event("DTSTART;TZID=Europe/Prague:20261123T090000", "DURATION:PT1H30M"))
    #expect(
      zoned.start
        == .value(
          WrittenTime(
            civil: CivilTime.seconds(2026, 11, 23, 9, 0, 0), isDate: false, isUTC: false,
            tzid: "Europe/Prague")))
    #expect(zoned.duration == .value(WrittenDuration(days: 0, seconds: 5400)))
    let day = try #require(event("dtstart;value=date:20261123", "DTEND;VALUE=DATE:20261124"))
    #expect(day.start.value?.isDate == true && day.end.value?.isDate == true)
    #expect(event("DTSTART:20261123T090000Z")?.start.value?.isUTC == true)
    #expect(
      event("DTSTART:20261123T090000Z", "RECURRENCE-ID;TZID=Europe/Prague:20261123T100000")?
        .recurrenceID.value?.tzid == "Europe/Prague")
    #expect(event("DTSTART:20261123T090000Z", "DURATION:P1DT12H")?.duration.value?.days == 1)
    #expect(event("DTSTART:20261123T090000Z", "DURATION:P2W")?.duration.value?.days == 14)
    #expect(
      event("DTSTART;TZID=W. Europe Standard Time:20261123T090000")?.start.value?.tzid
        == "W. Europe Standard Time")
    // A series of plain parts: its rule read by libical's rule reader.
    #expect(
      event("DTSTART:20261123T090000Z", "RRULE:FREQ=DAILY")?.rules.first?.frequency == .daily)
    // Not plain: libical reads these.
    for lines in [
      ["DTSTART:20261123"],  // a date without VALUE=DATE
      ["DTSTART;VALUE=DATE:20261123T090000"],
      ["DTSTART;TZID=\"Europe/Prague\":20261123T090000"],
      ["DTSTART;TZID=Europe/Prague;VALUE=DATE-TIME:20261123T090000"],
      ["DTSTART;TZID=Europe/Prague:20261123T090000Z"],
      ["DTSTART;TZID=Office^^Main:20261123T090000"],  // RFC 6868 escapes: libical decodes them
      ["DTSTART;TZID=Foo\\:20261123T090000"],
      ["DTSTART:20261123T235960Z"],  // a leap second
      ["DTSTART:20261123T090000 "],
      ["DTSTART:30001123T090000Z"],
      ["DTSTART:20261123T090000Z", "DURATION:-PT1H"],
      ["DTSTART:20261123T090000Z", "DURATION:PT"],
      ["DTSTART:20261123T090000Z", "DURATION:P1DT"],
      ["DTSTART:20261123T090000Z", "DURATION:P1W2D"],
      ["DTSTART:20261123T090000Z", "DURATION:PT1M1H"],
      ["DTSTART:20261123T090000Z", "DURATION;X=1:PT1H"],
      ["DTSTART:20261123T090000Z", "DTEND:20261123T100000Z", "DURATION:PT1H"],
      ["DTSTART:20261123T090000Z", "RRULE:FREQ=SOMETIMES"],
      ["DTSTART:20261123T090000Z", "RRULE;X=1:FREQ=DAILY"],
      ["DTSTART:20261123T090000Z", "EXDATE:20261124T090000Z,20261125T090000Z"],
      ["DTSTART:20261123T090000Z", "EXDATE;TZID=/mozilla.org/Europe/Prague:20261124T090000"],
      ["DTEND:20261123T090000Z"],
      ["DTSTART:20261123T090000Z", "RECURRENCE-ID;RANGE=THISANDFUTURE:20261123T090000Z"],
      ["DTSTART:20261123T090000Z", "RECURRENCE-ID:20261123", "RECURRENCE-ID:20261124"],
    ] {
      #expect(event(lines) == nil, "\(lines)")
    }
  }

  // MARK: generators

  static func time(_ rng: inout Random, near: String? = nil) -> String {
    if let near, rng.int(0...3) != 0, near.count >= 8 {
      // Mostly an hour or a day after the start, sometimes before it.
      let date = String(near.prefix(8))
      if near.count == 8 { return date }
      return date + String(format: "T%02d%02d00", rng.int(0...23), [0, 30][rng.int(0...1)])
        + (near.hasSuffix("Z") ? "Z" : "")
    }
    let date = String(
      format: "%04d%02d%02d", [1985, 2026, 2026, 2026, 2039][rng.int(0...4)], rng.int(1...12),
      rng.int(1...28))
    switch rng.int(0...9) {
    case 0: return date
    case 1: return date + "T235960Z"
    case 2, 3, 4: return date + String(format: "T%02d%02d00Z", rng.int(0...23), rng.int(0...59))
    default:
      return date
        + String(format: "T%02d%02d%02d", rng.int(0...23), rng.int(0...59), rng.int(0...59))
    }
  }

  static func line(_ name: String, _ time: String, _ rng: inout Random) -> String {
    let isDate = time.count == 8
    switch rng.int(0...11) {
    case 0: return "\(name):\(time)"  // a date needs VALUE=DATE to be plain
    case 1: return "\(name);VALUE=\(isDate ? "DATE" : "DATE-TIME"):\(time)"
    case 2: return "\(name);TZID=Office:\(time)"
    case 3: return "\(name);TZID=Nowhere/Else:\(time)"
    case 4: return "\(name);TZID=\"Europe/Prague\":\(time)"
    case 5: return "\(name);TZID=W. Europe Standard Time:\(time)"
    case 6: return "\(name);X-FOO=1:\(time)"
    case 7: return "\(name);TZID=Office^^Main:\(time)"  // RFC 6868: the zone Office^Main
    case 8: return "\(name);TZID=Foo\\:\(time)"  // libical reads no ':' after a backslash
    default:
      return isDate ? "\(name);VALUE=DATE:\(time)" : "\(name);TZID=Europe/Prague:\(time)"
    }
  }

  /// RRULE values: plain ones of several shapes, and ones libical refuses or reads oddly.
  static let rules = [
    "FREQ=DAILY;COUNT=3", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4",
    "FREQ=YEARLY;UNTIL=20300101T000000Z", "FREQ=DAILY;UNTIL=20270101",
    "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T235959", "FREQ=HOURLY;COUNT=5;BYHOUR=9,10",
    "FREQ=DAILY;BYSETPOS=1;COUNT=2", "FREQ=MONTHLY;BYDAY=2TU;COUNT=3;WKST=SU", "freq=daily;count=2",
    "FREQ=DAILY;FOO=1;COUNT=2", "FREQ=SOMETIMES", " FREQ=DAILY;COUNT=2", "FREQ=DAILY;COUNT=2 ",
    "FREQ=DAILY;COUNT=0", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;UNTIL=2027", "",
    "RSCALE=GREGORIAN;FREQ=MONTHLY;COUNT=3", "RSCALE=HEBREW;FREQ=YEARLY;COUNT=2",
    "RSCALE=NOPE;FREQ=DAILY;COUNT=2",
  ]

  static func duration(_ rng: inout Random) -> String {
    [
      "PT1H", "PT30M", "P1D", "P1W", "PT1H30M", "P1DT2H", "-PT1H", "PT0S", "P2DT", "PT90M",
      "P1W1D", "PT1H1S", "+PT1H", "pt1h",
    ][rng.int(0...13)]
  }
}
