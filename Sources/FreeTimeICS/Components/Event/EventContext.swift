import FreeTimeCore

/// What the calendar around an event says about reading it: the file, its zones, the home zone
/// of floating times and the options. A class: a file's events share one (`ComponentReader.eventContext`),
/// where a struct holding `ReadOptions` was copied, with a retain of each of its parts, for every
/// event.
final class EventContext {
  let file: String
  let zones: ZoneTable
  let home: Zone
  /// Whether `home` is the calendar's own X-WR-TIMEZONE.
  let homeFromCalendar: Bool
  let options: ReadOptions
  /// Throw `TimeValue.UnknownZone` for a TZID not defined yet (the event then waits for the end
  /// of its VCALENDAR) instead of reading it in the home zone.
  let deferUnknownZones: Bool

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
