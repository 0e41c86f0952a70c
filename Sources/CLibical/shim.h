#ifndef FREETIME_CLIBICAL_SHIM_H
#define FREETIME_CLIBICAL_SHIM_H
#include <libical/ical.h>
/* mallopt, for Libical.setUp (big calendars' memory). */
#include <malloc.h>
/* The ICU libical links for RSCALE (libicu-dev, a dependency of libical-dev): its copy of
   CLDR's zone data answers for Windows zone names and ICU's own zone IDs (Zone.swift). ICU
   renames its functions by version (ucal_open_72); these wrappers keep the plain names. */
#include <unicode/ucal.h>

static inline int32_t freetime_icu_windows_zone(const UChar *winid, int32_t len, UChar *id,
                                                int32_t capacity, UErrorCode *status) {
  return ucal_getTimeZoneIDForWindowsID(winid, len, NULL, id, capacity, status);
}

static inline int32_t freetime_icu_canonical_zone(const UChar *id, int32_t len, UChar *result,
                                                  int32_t capacity, UBool *isSystemID,
                                                  UErrorCode *status) {
  return ucal_getCanonicalTimeZoneID(id, len, result, capacity, isSystemID, status);
}

/* A zone's offsets from ICU's copy of the tz database, where the system has none (Zone.swift):
   a Gregorian calendar in the zone, its offset at an instant, the next transition. */
static inline UCalendar *freetime_icu_zone_calendar(const UChar *id, int32_t len,
                                                    UErrorCode *status) {
  return ucal_open(id, len, "", UCAL_GREGORIAN, status);
}

static inline void freetime_icu_close(UCalendar *calendar) { ucal_close(calendar); }

/* The UTC offset (zone and daylight, milliseconds) at `millis`. */
static inline int32_t freetime_icu_offset(UCalendar *calendar, UDate millis,
                                          UErrorCode *status) {
  ucal_setMillis(calendar, millis, status);
  int32_t zone = ucal_get(calendar, UCAL_ZONE_OFFSET, status);
  return zone + ucal_get(calendar, UCAL_DST_OFFSET, status);
}

/* The next transition after `millis` into *next, or 0 when there is none. */
static inline UBool freetime_icu_next_transition(UCalendar *calendar, UDate millis, UDate *next,
                                                 UErrorCode *status) {
  ucal_setMillis(calendar, millis, status);
  return ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, next, status);
}
#endif
