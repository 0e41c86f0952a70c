import FreeTimeCore

/// What the calendar around an event says about reading it: the file, its zones, the home zone
/// of floating times and the options. A class: a file's events share one (`ComponentReader.eventContext`),
/// where a struct holding `ReadOptions` was copied, with a retain of each of its parts, for every
/// event.
final class EventContext {
  private(set) var file: String
  private(set) var zones: ZoneTable
  private(set) var home: Zone
  /// Whether `home` is the calendar's own X-WR-TIMEZONE.
  private(set) var homeFromCalendar: Bool
  let options: ReadOptions
  /// Throw `TimeValue.UnknownZone` for a TZID not defined yet (the event then waits for the end
  /// of its VCALENDAR) instead of reading it in the home zone.
  private(set) var deferUnknownZones: Bool

  /// The context of another calendar of the same reader, once no event holds this one
  /// (`ComponentReader.eventContext`).
  func change(
    file: String, zones: ZoneTable, home: Zone, homeFromCalendar: Bool, deferUnknownZones: Bool
  ) {
    self.file = file
    self.zones = zones
    self.home = home
    self.homeFromCalendar = homeFromCalendar
    self.deferUnknownZones = deferUnknownZones
  }

  init(
    file: String, zones: ZoneTable, home: Zone, homeFromCalendar: Bool, options: ReadOptions,
    deferUnknownZones: Bool
  ) {
    self.file = file
    self.zones = zones
    self.home = home
    self.homeFromCalendar = homeFromCalendar
    self.options = options
    self.deferUnknownZones = deferUnknownZones
  }
}
