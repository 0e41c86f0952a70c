import Testing

@testable import FreeTimeSchedule

/// Hours and days as people write them get the `--hours` and `--days` value they mean
/// (docs/GUIDE.md, Usage: --hours, --days).
@Suite struct AlmostRightHoursTests {
  @Test(arguments: [
    ("9am-5pm", "09:00-17:00"), ("9-5pm", "09:00-17:00"), ("1-3pm", "13:00-15:00"),
    ("09.00-17.00", "09:00-17:00"), ("9h-17h", "09:00-17:00"), ("9h30-17h", "09:30-17:00"),
    ("09:00\u{2013}17:00", "09:00-17:00"), ("12pm-1pm", "12:00-13:00"), ("9 - 17", "09:00-17:00"),
    ("8:30am-12:30pm,1:30pm-5pm", "08:30-12:30,13:30-17:00"), ("9-17", "09:00-17:00"),
  ])
  func hoursAlmostWritten(text: String, meant: String) {
    #expect(HoursChoice.written(text) == meant)
  }

  @Test(arguments: ["9-x", "13pm-2pm", "0am-5am", "9h-9h", "nonsense"])
  func noHoursForNonsense(text: String) {
    #expect(HoursChoice.written(text) == nil, "\(text)")
  }

  @Test(arguments: [
    ("weekdays", "mon-fri"), ("Weekends", "sat-sun"), ("mo,tu", "mon,tue"),
    ("MO,WE,FR", "mon,wed,fri"), ("mon\u{2013}fri", "mon-fri"), ("mon, wed", "mon,wed"),
    ("Monday\u{2013}Friday", "mon-fri"),
  ])
  func daysAlmostWritten(text: String, meant: String) {
    #expect(HoursChoice.writtenDays(text) == meant)
  }

  @Test func noDaysForNonsense() {
    #expect(HoursChoice.writtenDays("xyz") == nil)
    #expect(HoursChoice.writtenDays("mon-fri") == nil)
  }

  /// The command's error says the value meant, with the person's name when it had one.
  @Test func theErrorSaysIt() {
    #expect(throws: ScheduleError.self) {
      try HoursChoice.parse(hours: [], days: ["nina=weekdays"])
    }
    do {
      _ = try HoursChoice.parse(hours: [], days: ["nina=weekdays"])
    } catch {
      #expect(error.description.contains("did you mean nina=mon-fri?"))
    }
  }
}
