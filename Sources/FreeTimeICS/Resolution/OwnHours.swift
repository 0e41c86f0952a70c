import FreeTimeCore

/// The person's own working hours as their calendars give them (README, Working hours):
/// Outlook's (X-MS-OLK-WKHR*) and their VAVAILABILITYs' (RFC 7953), whose unavailable time
/// replaces `--hours` for them.
struct OwnHours {
  /// Outlook's working hours, as read from the calendars.
  var outlook = OutlookHours()
  /// The zone of the first VAVAILABILITY whose times name one.
  var availabilityZone: Zone?
  /// Whether the calendar has a VAVAILABILITY (its hours replace `--hours`), and the time it
  /// leaves unavailable.
  var hasAvailability = false
  var unavailable: [Interval] = []

  /// The zone of the person's own working hours: Outlook's, when they can be read and their
  /// TZID names a zone, else the first VAVAILABILITY's.
  var zone: Zone? {
    if outlook.isRead, let zone = outlook.zone { return zone }
    return availabilityZone
  }
}
