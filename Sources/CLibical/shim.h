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
#endif
