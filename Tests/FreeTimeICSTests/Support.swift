import Foundation
import FreeTimeCore
import TestSupport
@testable import FreeTimeICS

/// Writes calendar text to a temporary file and reads it as one person.
enum Read {
  static let utc = Zone.named("UTC")!

  /// The temporary directory for this test process.
  static var directory: String { TemporaryFiles.directory }

  static func write(_ text: String, name: String = UUID().uuidString + ".ics") -> String {
    TemporaryFiles.file(text, name: name)
  }

  /// The calendar text with CRLF line ends, wrapped in a VCALENDAR unless it has one.
  static func calendar(_ body: String, header: String = "") -> String {
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let text = lines.joined(separator: "\r\n")
    if body.contains("BEGIN:VCALENDAR") { return text }
    return
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\(header)\(text)\r\nEND:VCALENDAR\r\n"
  }

  static func person(
    _ body: String, header: String = "", from: String, to: String, zone: String = "UTC",
    tentative: BusyOrFree = .busy, allDay: BusyOrFree = .busy, maxInstances: Int = 100_000
  ) throws -> PersonCalendar {
    let path = write(calendar(body, header: header))
    return try read(
      path, from: from, to: to, zone: zone, tentative: tentative, allDay: allDay,
      maxInstances: maxInstances)
  }

  static func read(
    _ path: String, kind: CalendarSource.Kind? = nil, from: String, to: String,
    zone: String = "UTC", homeZones: [String: Zone] = [:], tentative: BusyOrFree = .busy,
    allDay: BusyOrFree = .busy, maxInstances: Int = 100_000, readAhead: Bool = false
  ) throws -> PersonCalendar {
    let z = Zone.named(zone)!
    let window = Interval(instant(from, zone: z), instant(to, zone: z))
    let options = ReadOptions(
      window: window, defaultZone: z, homeZones: homeZones, tentative: tentative, allDay: allDay,
      maxInstances: maxInstances)
    let source = CalendarSource(kind: kind ?? .file(path), name: "p", argument: path)
    return try CalendarReader.read(source, options: options, readAhead: readAhead)
  }

  static func instant(_ text: String, zone: Zone = utc) -> Instant {
    WhenSyntax.parse(text, now: 0, base: 0, zone: zone)!
  }

  /// Busy intervals merged and sorted, as "[start, end)" pairs of instants.
  static func busy(_ person: PersonCalendar) -> [Interval] {
    var result: [Interval] = []
    for interval in person.busy.filter({ !$0.isEmpty }).sorted() {
      if let last = result.last, interval.start <= last.end {
        result[result.count - 1].end = max(last.end, interval.end)
      } else {
        result.append(interval)
      }
    }
    return result
  }

  static func span(_ a: String, _ b: String, zone: Zone = utc) -> Interval {
    Interval(instant(a, zone: zone), instant(b, zone: zone))
  }
}
