import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// Rules that name no date or time that exists keep only DTSTART (libical would search for
/// seconds or hours); rules that do match are expanded as before.
@Suite struct NeverMatchesTests {
  func read(_ rule: String) throws -> (busy: Int, warned: Bool) {
    let text = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:r@test\r
      DTSTART:20260101T090000Z\r
      DURATION:PT1H\r
      RRULE:\(rule)\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let options = ReadOptions(window: Interval(1_767_225_600, 1_798_761_600), defaultZone: .utc)
    let person = try CalendarReader.read(bytes: Array(text.utf8), name: "r.ics", options: options)
    let warned = person.diagnostics.contains { $0.message.contains("names no date or time") }
    return (person.busy.count, warned)
  }

  @Test(arguments: [
    "FREQ=MONTHLY;BYDAY=3WE;BYMONTHDAY=4",
    "FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=21",
    "FREQ=MONTHLY;BYDAY=1MO,2TU;BYMONTHDAY=20,30",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYMONTHDAY=1",
    "FREQ=SECONDLY;BYSECOND=60",
    "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30,31",
    // BYSETPOS past the most a period holds (libical: about 1 s each, up to the year 20000).
    "FREQ=MONTHLY;BYSETPOS=5;BYMONTHDAY=1,2,3,4",
    "FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=13;BYSETPOS=2",
    "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-11",
    "FREQ=YEARLY;BYMONTH=2;BYDAY=1SU;BYHOUR=9,10;BYSETPOS=3,-3",
    "FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=3",
    // Day 100 is in April (day 101 of a leap year too), never in January (a fuzz finding).
    "FREQ=HOURLY;BYYEARDAY=100;BYMONTH=1",
    "FREQ=YEARLY;BYYEARDAY=-1;BYMONTH=6",
  ])
  func neverMatches(rule: String) throws {
    let result = try read(rule)
    #expect(result.warned)
    #expect(result.busy == 1)  // DTSTART
  }

  @Test(arguments: [
    ("FREQ=MONTHLY;BYDAY=3WE;BYMONTHDAY=15,16,17,18,19,20,21", 12),
    ("FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=22,23,24,25,26,27,28,29,30,31", 12),
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYMONTHDAY=8,9,10,11,12,13,14", 2),
    ("FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=13", 2),
    // The last BYSETPOS a period can hold is still there.
    ("FREQ=MONTHLY;BYSETPOS=4;BYMONTHDAY=1,2,3,4", 12),
    ("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-10,99", 1),
    ("FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=2", 50),
    // Day 60 is March 1, or February 29 in a leap year.
    ("FREQ=YEARLY;BYYEARDAY=60;BYMONTH=2,3", 1),
    ("FREQ=YEARLY;BYYEARDAY=-1;BYMONTH=12", 1),
  ])
  func stillMatches(rule: String, atLeast: Int) throws {
    let result = try read(rule)
    #expect(!result.warned)
    #expect(result.busy >= atLeast, "\(rule): \(result.busy)")
  }
}
