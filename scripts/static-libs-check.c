/* scripts/static-libs's check: what libical's RSCALE iterator and freetime's zone-name calls
   (Zone.swift, through ICU's ucal_*) answer. Linked once with the system's libical.a and whole
   ICU data, and once with what scripts/static-libs made, the two outputs must be the same. */
#include <libical/ical.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>
#include <stdio.h>
#include <stdlib.h>

static void rule(const char *text, const char *start) {
  struct icalrecurrencetype r = icalrecurrencetype_from_string(text);
  printf("%s from %s:", text, start);
  icalrecur_iterator *it =
      r.freq == ICAL_NO_RECURRENCE ? NULL : icalrecur_iterator_new(r, icaltime_from_string(start));
  if (!it) {
    printf(" none (%s)\n", icalerror_strerror(icalerrno));
    icalerror_clear_errno();
  } else {
    for (int i = 0; i < 12; i++) {
      struct icaltimetype t = icalrecur_iterator_next(it);
      if (icaltime_is_null_time(t)) break;
      printf(" %s", icaltime_as_ical_string(t));
    }
    printf("\n");
    icalrecur_iterator_free(it);
  }
  free(r.rscale);
}

static void zone(const char *name, int windows) {
  UChar in[128], out[128];
  UErrorCode status = U_ZERO_ERROR;
  UBool system = 0;
  u_uastrcpy(in, name);
  int32_t n = windows ? ucal_getTimeZoneIDForWindowsID(in, -1, NULL, out, 128, &status)
                      : ucal_getCanonicalTimeZoneID(in, -1, out, 128, &system, &status);
  char text[128] = "";
  if (U_SUCCESS(status) && n > 0 && n < 128) u_austrncpy(text, out, n), text[n] = 0;
  printf("%s %s -> %s (%s, %d)\n", windows ? "windows" : "id", name, text, u_errorName(status),
         system);
}

int main(void) {
  static const char *systems[] = {"GREGORIAN", "HEBREW", "CHINESE", "DANGI", "ISLAMIC",
                                  "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA",
                                  "ISLAMIC-RGSA", "PERSIAN", "INDIAN", "COPTIC", "ETHIOPIC",
                                  "ETHIOAA", "JAPANESE", "BUDDHIST", "ROC", "NOPE"};
  static const char *shapes[] = {
      "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD",
      "FREQ=MONTHLY;BYMONTHDAY=30;SKIP=BACKWARD", "FREQ=MONTHLY;BYMONTH=13",
      "FREQ=WEEKLY;BYDAY=MO,FR;WKST=SU", "FREQ=YEARLY;BYYEARDAY=100",
      "FREQ=YEARLY;BYWEEKNO=20;BYDAY=TU", "FREQ=DAILY;INTERVAL=45"};
  char text[256];
  for (size_t s = 0; s < sizeof systems / sizeof *systems; s++)
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
      snprintf(text, sizeof text, "RSCALE=%s;%s", systems[s], shapes[k]);
      rule(text, "20260115T100000");
      rule(text, "19990301T000000");
    }
  static const char *windows[] = {"W. Europe Standard Time", "Eastern Standard Time",
                                  "Pacific Standard Time", "China Standard Time",
                                  "India Standard Time", "UTC", "AUS Eastern Standard Time",
                                  "Romance Standard Time", "Nope"};
  for (size_t i = 0; i < sizeof windows / sizeof *windows; i++) zone(windows[i], 1);
  static const char *ids[] = {"PST", "IST", "CST", "AET", "Asia/Calcutta", "Europe/Prague",
                              "US/Eastern", "EST", "Nope/Nowhere"};
  for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) zone(ids[i], 0);
  return 0;
}
