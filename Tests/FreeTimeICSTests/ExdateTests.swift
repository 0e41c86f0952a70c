internal import CLibical
import Testing

@testable import FreeTimeICS

/// `LibicalEvent.exdate` answers as `icalproperty_get_exdate` does (fields, DATE, UTC), without
/// its search of libical's builtin zones.
@Suite struct ExdateTests {
  @Test(arguments: [
    "EXDATE:20261123T090000Z", "EXDATE:20261123T090000", "EXDATE;VALUE=DATE:20261123",
    "EXDATE;TZID=Europe/Prague:20261123T090000", "EXDATE;TZID=UTC:20261123T090000",
    "EXDATE;TZID=GMT:20261123T090000", "EXDATE;TZID=Etc/UTC:20261123T090000",
    "EXDATE;TZID=utc:20261123T090000", "EXDATE;TZID=Nowhere/Else:20261123T090000",
    "EXDATE;TZID=UTC:20261123T090000Z", "EXDATE;TZID=Europe/Prague:20261123T090000Z",
    "EXDATE;TZID=UTC;VALUE=DATE:20261123", "EXDATE;TZID=US/Eastern:20261123T090000",
    "EXDATE;TZID=/freeassociation.sourceforge.net/UTC:20261123T090000",
    "EXDATE;TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Prague:20261123T090000",
    "EXDATE;TZID=/citadel.org/20190101_1/UTC:20261123T090000",
    "EXDATE;TZID=W. Europe Standard Time:20261123T090000",
  ])
  func sameAsLibical(_ line: String) throws {
    let lines = ["BEGIN:VEVENT", "DTSTART:20261101T090000Z", line, "END:VEVENT"].map {
      ContentLine(bytes: Array($0.utf8), number: 1)
    }
    let compared: Libical.Parsed<Bool> = Libical.parse(lines) { comp in
      guard let prop = icalcomponent_get_first_property(comp, ICAL_EXDATE_PROPERTY) else {
        return false
      }
      let ours = LibicalEvent.exdate(prop)
      let theirs = icalproperty_get_exdate(prop)
      return ours.year == theirs.year && ours.month == theirs.month && ours.day == theirs.day
        && ours.hour == theirs.hour && ours.minute == theirs.minute
        && ours.second == theirs.second && ours.is_date == theirs.is_date
        && icaltime_is_utc(ours) == icaltime_is_utc(theirs)
    }
    guard case .parsed(let same) = compared else {
      Issue.record("libical cannot parse \(line)")
      return
    }
    #expect(same)
  }
}
