import FreeTimeCore

/// VFREEBUSY (RFC 5545 §3.6.4): published busy time.
extension ComponentReader {
  /// VFREEBUSY periods, read here without libical: each period of a FREEBUSY line on its own,
  /// so one unreadable period costs only itself (libical drops the rest of its line, and keeps
  /// at most 500 periods of one line). FBTYPE as RFC 5545 §3.2.9 says: FREE blocks nothing,
  /// BUSY-TENTATIVE follows --tentative, BUSY-UNAVAILABLE is out of office, freetime's own
  /// X-FREETIME-UNKNOWN (`freetime busy`) is time nobody knows about, anything else is BUSY.
  /// A period that is not RFC 5545 is refused (`ValueSyntax.verdict`: an error in `freetime
  /// check`, its time lost) or read as its producer plainly meant it; one that ends before it
  /// starts is skipped with a warning.
  /// A FREEBUSY line's periods (split at commas, RFC 5545 §3.8.2.6), each as written and
  /// trimmed of blanks (`trimmingWhitespace`). An ASCII value (every `freetime busy` export) is
  /// split and trimmed on its bytes, where a comma or blank is one character; any other is
  /// split by characters, as a comma with a combining mark after it is no comma. (Split by
  /// characters, one person's export of a week, about 15 periods, took some 240k instructions:
  /// a third of merging people's exports; docs/PERFORMANCE.md.)
  static func periods(of line: ContentLine) -> [(text: ArraySlice<UInt8>, trimmed: [UInt8])] {
    guard let start = line.valueStart else { return [([], [])] }
    let raw = line.bytes[start...]
    guard raw.allSatisfy({ $0 < 0x80 }) else {
      return line.value.split(separator: ",", omittingEmptySubsequences: false).map {
        (ArraySlice(String($0).utf8), Array(String($0).trimmingWhitespace().utf8))
      }
    }
    func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    return raw.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
      text in
      var trimmed = text
      while let first = trimmed.first, blank(first) { trimmed.removeFirst() }
      while let last = trimmed.last, blank(last) { trimmed.removeLast() }
      return (text, Array(trimmed))
    }
  }

  func readFreeBusy(
    _ lines: [ContentLine], in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) {
    let before = person.diagnostics.count
    var periods: [(Interval, BusyKind, Int?, String)] = []
    /// Every readable period, whatever its FBTYPE: what a VFREEBUSY without a readable range
    /// speaks for.
    var listed: [Interval] = []
    var warnings: [Diagnostic] = []
    var unknownPeriods: [(Interval, Int)] = []
    /// The periods typed FREE, and whether every period read is (`--format freebusy` writes
    /// the common free time so).
    var freeListed: [Interval] = []
    var onlyFree = true
    let tentativeBlocks = options.tentative == .busy
    let unknownType = ICSWriter.unknownFBType
    for line in lines where line.name == "FREEBUSY" {
      let type = ContentLine.asciiUppercased(
        line.parameter("FBTYPE").map { $0.filter { $0 != 0x22 } } ?? Array("BUSY".utf8))
      let kind: BusyKind =
        type == "BUSY-TENTATIVE" ? .tentative : type == "BUSY-UNAVAILABLE" ? .outOfOffice : .firm
      let blocks = type != "FREE" && (kind != .tentative || tentativeBlocks)
      let shownType = kind == .firm ? "BUSY" : type
      for (text, trimmed) in ComponentReader.periods(of: line) {
        var shown: String { Sanitize.text(String(decoding: text, as: UTF8.self), limit: 60) }
        var value = trimmed
        var readable = true
        switch ValueSyntax.verdict(value, of: .freebusy) {
        case .valid:
          break
        case .repaired(let repaired, let reading):
          value = repaired
          if options.lint {
            warnings.append(
              Diagnostic(file: file, line: line.number, message: reading, severity: .note))
          }
        case .unreadable:
          readable = false
        }
        let zone = calendar.zone(of: line, file: file, diagnostics: &person.diagnostics)
        guard readable, let period = ValueSyntax.period(value, home: zone) else {
          // A start that can be read before an end that cannot: the time from it to the end
          // of its day is unknown, as an event's whose end cannot be read (time listed FREE is
          // free or unlisted either way).
          if type != "FREE", let slash = value.firstIndex(of: UInt8(ascii: "/")),
            let start = ValueSyntax.instant(value[..<slash], home: zone)
          {
            let local = LocalTimeResolver.civil(start, in: zone)
            let end = max(
              (CivilTime.floorDiv(start, 86400) + 1) * 86400,
              zone.instant(civil: (CivilTime.floorDiv(local, 86400) + 1) * 86400))
            warnings.append(
              Diagnostic(
                file: file, line: line.number,
                message:
                  "FREEBUSY period '\(shown)' cannot be read; the time from its start to the end of that day is unknown (busy unless --unknown free)",
                severity: .error))
            listed.append(Interval(start, end))
            unknownPeriods.append((Interval(start, end), line.number))
            continue
          }
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' cannot be read; that period is ignored",
              severity: .error))
          continue
        }
        guard period.end > period.start else {
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' ends before it starts; that period is ignored"))
          continue
        }
        listed.append(period)
        if type == "FREE" { freeListed.append(period) } else { onlyFree = false }
        if type == unknownType {
          unknownPeriods.append((period, line.number))
        } else if blocks {
          periods.append((period, kind, line.number, shownType))
        }
      }
    }
    person.diagnostics += warnings
    // The time it speaks for (`CalendarCoverage.addFreeBusy`).
    let bounds = [PropertyName.dtstart, .dtend].map { kind in lines.first { $0.kind == kind } }
    let range = bounds.map { line in
      line.flatMap {
        ValueSyntax.instant(
          $0.strippedValue,
          home: calendar.zone(of: $0, file: file, diagnostics: &person.diagnostics))
      }
    }
    var readable: Interval? = nil
    if let start = range[0], let end = range[1], start < end { readable = Interval(start, end) }
    let written = bounds[0] != nil || bounds[1] != nil
    let rangeUnreadable = readable == nil && written
    calendar.coverage.addFreeBusy(range: readable, written: written, listed: listed)
    if rangeUnreadable {
      let at = (bounds[0] ?? bounds[1])!
      person.diagnostics.append(
        Diagnostic(
          file: file, line: at.number,
          message:
            "VFREEBUSY's DTSTART–DTEND cannot be read; it speaks only for the periods it lists, and the rest of its time is unknown (busy unless --unknown free)",
          severity: .error))
    }
    let periodLines = lines.filter { $0.name == "FREEBUSY" }.count
    let read = !listed.isEmpty || (periodLines == 0 && !rangeUnreadable)
    tally(
      read: read, why: read ? nil : person.diagnostics[before...].first { $0.severity != .note },
      coverage: &calendar.coverage, into: &person)
    let uid = lines.first { $0.name == "UID" }?.value
    for (period, kind, line, type) in periods {
      if options.explain {
        person.origins.current = Origin(
          file: file, line: line, uid: uid, summary: "free/busy \(type)")
      }
      person.addPeriod(period, kind: kind)
    }
    // One that lists only FREE periods says the rest of its range is not free: busy.
    if let readable, !freeListed.isEmpty, onlyFree, unknownPeriods.isEmpty {
      if options.explain {
        person.origins.current = Origin(
          file: file, line: lines.first?.number, uid: uid,
          summary: "free/busy: not listed as FREE")
      }
      for gap in FreeSlots.free(busy: freeListed, in: readable) {
        person.addPeriod(gap, kind: .firm)
      }
      if options.lint {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: lines.first?.number,
            message:
              "this VFREEBUSY lists only FREE periods: the rest of its DTSTART–DTEND is busy",
            severity: .note))
      }
    }
    for (period, line) in unknownPeriods {
      if options.explain {
        person.origins.current = Origin(
          file: file, line: line, uid: uid, summary: "free/busy period whose end cannot be read")
      }
      person.addPeriod(period, kind: .unknown)
    }
  }
}
