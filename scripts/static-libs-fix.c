/* scripts/static-libs: libical 3.0.16's recurrence iterator opens its ICU calendars with the
   zone "Etc/Unknown" when DTSTART has none, but passes that name as a char string where ICU
   reads UTF-16 (docs/LIBICAL.md), so ICU reads on to the first two zero bytes after it,
   upper-cases all of it and finds no zone: the unknown zone either way. How far that is depends
   on how the linker lays out libical's strings (843 UTF-16 units in one build, 11,214 in the
   next: 8% of the time of a Google-shaped export). The static build renames libical's call to
   ucal_open to this function, which passes the name as UTF-16. */
#include <string.h>
#include <unicode/ucal.h>

UCalendar *freetime_ucal_open(const UChar *zoneID, int32_t len, const char *locale,
                              UCalendarType type, UErrorCode *status) {
  static const UChar unknown[] = u"Etc/Unknown";
  /* strncmp stops at the first difference: a real UTF-16 name differs at its second byte. */
  if (zoneID && len == -1 && strncmp((const char *)zoneID, "Etc/Unknown", 12) == 0)
    zoneID = unknown;
  return ucal_open(zoneID, len, locale, type, status);
}
