import FreeTimeCore

/// What a VTIMEZONE observance may be, to be read (docs/LIBICAL.md, Time zones).
enum TimeZoneRules {
  /// Real zones change once a year per observance; a rule "every day of the year" from year 1
  /// costs libical seconds to expand. Thirty-one allows a BYMONTHDAY list a month long.
  static let maxOnsetsPerYear = 31
}

/// VTIMEZONE (RFC 5545 §3.6.5): a zone the file defines, looked up before the system's by its
/// TZID. Zones libical 3.0.16 would misread or spin on are ignored with a warning, so their
/// TZID is looked up by name instead (docs/LIBICAL.md).
extension ComponentReader {
  /// What a VTIMEZONE's text gives: its zone and the TZIDs events name it by.
  struct DefinedZone {
    let zone: Zone
    let tzid: String
    let rawTZID: String
  }

  /// The zones of VTIMEZONEs read without a word to say, for the whole process, by their
  /// unfolded lines and by their text as it is in the file: a vdir (one file per event, each
  /// with the VTIMEZONEs it names) repeats the same few VTIMEZONEs thousands of times, and
  /// building a zone costs libical's parse and the zone's changes (docs/PERFORMANCE.md). A zone
  /// is immutable once built, so people and threads share it. At most `cacheLimit` of each are
  /// kept (a hostile calendar of distinct zones only fills them).
  static let definedZones = Locked<
    (byLines: [RawText: DefinedZone], byText: [RawText: DefinedZone])
  >(
    ([:], [:]))
  static let cacheLimit = 512

  /// A VTIMEZONE whose text, from the line after its BEGIN through its END, was read before
  /// without a word to say (`FileReader.skipKnownTimeZone`).
  static func knownTimeZone(_ text: RawText) -> DefinedZone? {
    definedZones.withLock { $0.byText[text] }
  }

  /// Remembers the zone of a VTIMEZONE read without a word to say, by its text.
  static func remember(_ defined: DefinedZone, text: RawText) {
    guard text.isPlainASCII else { return }
    definedZones.withLock {
      if $0.byText.count < cacheLimit { $0.byText[text] = defined }
    }
  }

  /// Reads a VTIMEZONE; gives back its zone when it was read without a word to say.
  @discardableResult
  func readTimeZone(
    _ lines: [ContentLine], in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) -> DefinedZone? {
    var key: [UInt8] = []
    key.reserveCapacity(lines.reduce(0) { $0 + $1.bytes.count + 1 })
    for line in lines {
      key.append(contentsOf: line.bytes)
      key.append(0x0A)
    }
    let text = RawText(key)
    var defined = ComponentReader.definedZones.withLock { $0.byLines[text] }
    var quiet = defined != nil
    if defined == nil {
      let before = person.diagnostics.count
      defined = defineTimeZone(lines, into: &person)
      if let defined, person.diagnostics.count == before {
        quiet = true
        ComponentReader.definedZones.withLock {
          if $0.byLines.count < ComponentReader.cacheLimit { $0.byLines[text] = defined }
        }
      }
    }
    guard let defined else { return nil }
    applyTimeZone(defined, line: lines.first?.number, in: &calendar, into: &person)
    return quiet ? defined : nil
  }

  /// Defines a VTIMEZONE's zone in its VCALENDAR (and as its home zone, when X-WR-TIMEZONE
  /// named it).
  func applyTimeZone(
    _ defined: DefinedZone, line: Int?, in calendar: inout CalendarScope,
    into person: inout PersonAccumulator
  ) {
    let (zone, tzid, rawTZID) = (defined.zone, defined.tzid, defined.rawTZID)
    if options.lint, let last = zone.lastChange {
      let shownID = Sanitize.text(tzid, limit: 80)
      person.diagnostics.append(
        Diagnostic(
          file: file, line: line,
          message:
            "VTIMEZONE '\(shownID)' lists changes of offset without an RRULE, the last at \(ICSWriter.compact(last)); later times are read in the system zone of that name",
          severity: .note))
    }
    calendar.zones.define(zone, tzid: tzid)
    // Some producers write the parameter with the escapes too.
    if rawTZID != tzid { calendar.zones.define(zone, tzid: rawTZID) }
    // The X-WR-TIMEZONE no system zone has is this one (docs/GUIDE.md, What is busy: the home
    // zone).
    if let pending = calendar.pendingZone, pending.name == tzid || pending.name == rawTZID {
      calendar.pendingZone = nil
      calendar.home = zone
      calendar.homeFromCalendar = true
      if person.homeZones.calendarZone == nil { person.homeZones.calendarZone = zone }
    }
  }

  /// The zone a VTIMEZONE defines, or nil (with a warning) when it is ignored.
  private func defineTimeZone(_ lines: [ContentLine], into person: inout PersonAccumulator)
    -> DefinedZone?
  {
    var lines = lines
    // An observance's rule with a part freetime does not know (Outlook's custom zones) is read
    // without it, as an event's is: libical refuses the whole rule, and the zone would lose its
    // changes of offset.
    for (index, line) in lines.enumerated() where line.kind == .rrule && line.hasValue {
      guard let reading = RecurrenceRule.asMeant(line.strippedValue, of: "VTIMEZONE rule")
      else { continue }
      // Without its UNTIL an old observance would run on beside the one that replaced it, and
      // of a rule read several ways only one is the zone's.
      if reading.untilLeftOut || reading.texts.count > 1 {
        person.diagnostics.append(
          warning(
            line.number,
            reading.untilLeftOut
              ? "VTIMEZONE rule's UNTIL cannot be read; the zone is ignored, its TZID is looked up by name"
              : "VTIMEZONE rule has a part written with two values, or COUNT beside UNTIL; the zone is ignored, its TZID is looked up by name"
          ))
        return nil
      }
      lines[index] = ContentLine(
        bytes: Array(line.bytes[..<line.valueStart!]) + reading.texts[0], number: line.number)
      for text in reading.warnings {
        person.diagnostics.append(warning(line.number, text))
      }
    }
    // Observance rules other than FREQ=YEARLY make libical 3.0.16 spin, and it expands a
    // yearly one with many onsets a year for seconds (docs/LIBICAL.md, Time zones).
    for line in lines where line.name == "RRULE" {
      let rule = LibicalRecurrence.rule(text: line.value.utf8)
      let refusal: String? =
        if let rule {
          if rule.frequency != .yearly {
            "a non-yearly rule"
          } else if !rule.isGregorian {
            "a rule in another calendar (RSCALE)"
          } else if rule.yearlyInstancesBound > TimeZoneRules.maxOnsetsPerYear {
            "a rule of more than \(TimeZoneRules.maxOnsetsPerYear) changes a year"
          } else {
            nil
          }
        } else if !line.value.uppercased().contains("FREQ=YEARLY") {
          "a non-yearly rule"
        } else {
          nil  // libical cannot read it either, and gives the observance its DTSTART alone
        }
      if let refusal {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message: "VTIMEZONE with \(refusal) ignored; its TZID is looked up by name"))
        return nil
      }
    }
    let file = self.file
    // TZID is TEXT (RFC 5545 §3.8.3.1): Outlook's custom zones escape their commas
    // (`(UTC+07:00) Bangkok\, Hanoi\, Jakarta`), which events name unescaped in a quoted
    // parameter.
    let tzidLine = lines.first { $0.name == "TZID" }
    let rawTZID = tzidLine.map { String(decoding: $0.strippedValue, as: UTF8.self) } ?? ""
    var tzid = tzidLine.map { PreRead.dequote($0.strippedValue) } ?? ""
    // A TZID written in quotes, as a parameter's value would be (`TZID:"India Custom"`).
    if tzid.count >= 2, tzid.hasPrefix("\""), tzid.hasSuffix("\"") {
      tzid = String(tzid.dropFirst().dropLast())
    }
    guard !tzid.isEmpty else {
      person.diagnostics.append(
        Diagnostic(file: file, line: lines.first?.number, message: "VTIMEZONE without TZID ignored")
      )
      return nil
    }
    // libical accepts a VTIMEZONE without observances, or with offsets it cannot read, and
    // then reads every time in it as UTC: ignore such a zone, so its TZID is looked up by name
    // (or falls back to the home zone, with a warning).
    let shownID = Sanitize.text(tzid, limit: 80)
    let observances = lines.filter {
      $0.name == "BEGIN" && ($0.keyword == "STANDARD" || $0.keyword == "DAYLIGHT")
    }
    if observances.isEmpty {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message:
            "VTIMEZONE '\(shownID)' has no STANDARD or DAYLIGHT; ignored, its TZID is looked up by name"
        ))
      return nil
    }
    // An observance's onset is a DATE-TIME like any other (the one value reader,
    // `ValueSyntax`): one that is not RFC 5545 is refused, not read as libical reads it.
    for (index, line) in lines.enumerated() where line.kind == .dtstart {
      switch ValueSyntax.verdict(line.strippedValue, of: .dtstart) {
      case .valid:
        break
      case .repaired(let repaired, _):
        lines[index] = ContentLine(
          bytes: Array(line.bytes[..<line.valueStart!]) + repaired, number: line.number)
      case .unreadable:
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "VTIMEZONE '\(shownID)': DTSTART '\(Sanitize.text(line.value, limit: 30))' cannot be read; the zone is ignored, its TZID is looked up by name"
          ))
        return nil
      }
    }
    for line in lines where line.name == "TZOFFSETFROM" || line.name == "TZOFFSETTO" {
      if ValueSyntax.utcOffset(line.value.trimmingWhitespace().utf8) == nil {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number,
            message:
              "VTIMEZONE '\(shownID)': \(line.name) '\(Sanitize.text(line.value, limit: 30))' cannot be read; the zone is ignored, its TZID is looked up by name"
          ))
        return nil
      }
    }
    // The earliest observance onset (DTSTART in the offset it changes from; the two properties
    // come in any order within the observance).
    var coveredFrom = Instant.max
    var onset: Int64? = nil
    var from: Int? = nil
    var to: Int? = nil
    for line in lines {
      switch line.name {
      case "BEGIN":
        (onset, from, to) = (nil, nil, nil)
      case "END":
        // libical reads a missing TZOFFSETFROM as TZOFFSETTO, and ignores an observance without
        // TZOFFSETTO.
        if let onset, let to { coveredFrom = min(coveredFrom, onset - Int64(from ?? to)) }
        (onset, from, to) = (nil, nil, nil)
      case "TZOFFSETTO":
        to = ValueSyntax.utcOffset(line.value.trimmingWhitespace().utf8)
      case "DTSTART":
        onset = ValueSyntax.onset(line.value.trimmingWhitespace().utf8)
      case "TZOFFSETFROM":
        from = ValueSyntax.utcOffset(line.value.trimmingWhitespace().utf8)
      default: break
      }
    }
    // A zone of one observance without RRULE is a fixed offset, valid for good; several
    // observances (or RDATEs) without RRULE are a list of changes that ends.
    let recurs =
      lines.contains { $0.kind == .rrule }
      || (observances.count < 2 && !lines.contains { $0.kind == .rdate })
    guard let zone = Zone.defined(by: lines, tzid: tzid, coveredFrom: coveredFrom, recurs: recurs)
    else {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message: "VTIMEZONE '\(Sanitize.text(tzid, limit: 80))' cannot be read; looked up by name"
        ))
      return nil
    }
    return DefinedZone(zone: zone, tzid: tzid, rawTZID: rawTZID)
  }
}
