import FreeTimeCore

/// VFREEBUSY (RFC 5545 §3.6.4): published busy time.
extension FileReader {
  /// VFREEBUSY periods, read here without libical: each period of a FREEBUSY line on its own,
  /// so one unreadable period costs only itself (libical drops the rest of its line, and keeps
  /// at most 500 periods of one line). FBTYPE as RFC 5545 §3.2.9 says: FREE blocks nothing,
  /// BUSY-TENTATIVE follows --tentative, BUSY-UNAVAILABLE is out of office, anything else is
  /// BUSY. A period that ends before it
  /// starts is skipped with a warning, as an event with DTEND before DTSTART is.
  mutating func readFreeBusy(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    var periods: [(Interval, BusyKind, Int?, String)] = []
    var warnings: [Diagnostic] = []
    let tentativeBlocks = options.tentative == .busy
    for line in lines where line.name == "FREEBUSY" {
      let type = ContentLine.asciiUppercased(
        line.parameter("FBTYPE").map { $0.filter { $0 != 0x22 } } ?? Array("BUSY".utf8))
      let kind: BusyKind =
        type == "BUSY-TENTATIVE" ? .tentative : type == "BUSY-UNAVAILABLE" ? .outOfOffice : .firm
      if type == "FREE" || (kind == .tentative && !tentativeBlocks) { continue }
      let shownType = kind == .firm ? "BUSY" : type
      for text in line.value.split(separator: ",", omittingEmptySubsequences: false) {
        let shown = Sanitize.text(String(text), limit: 60)
        guard
          let period = ValueSyntax.period(String(text).trimmingWhitespace().utf8, home: homeZone)
        else {
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' cannot be read; that period is ignored"))
          continue
        }
        guard period.end > period.start else {
          warnings.append(
            Diagnostic(
              file: file, line: line.number,
              message: "FREEBUSY period '\(shown)' ends before it starts; that period is ignored"))
          continue
        }
        periods.append((period, kind, line.number, shownType))
      }
    }
    person.diagnostics += warnings
    // The time it speaks for: its DTSTART–DTEND (RFC 5545 §3.6.4), all time without both.
    let bounds = [PropertyName.dtstart, .dtend].map { kind in
      lines.first { $0.kind == kind }.flatMap {
        ValueSyntax.instant($0.strippedValue, home: homeZone)
      }
    }
    if let start = bounds[0], let end = bounds[1], start < end {
      coverage.freeBusyRanges.append(Interval(start, end))
    } else {
      coverage.freeBusyWithoutRange = true
    }
    let uid = lines.first { $0.name == "UID" }?.value
    for (period, kind, line, type) in periods {
      if options.explain {
        person.currentOrigin = Origin(
          file: file, line: line, uid: uid, summary: "free/busy \(type)")
      }
      person.addPeriod(period, kind: kind)
    }
  }
}
