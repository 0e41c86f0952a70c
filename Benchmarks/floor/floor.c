/* The floor: libical's own bare streaming parse, the least any libical-based reader does.
 *
 *   floor FILE.ics...
 *
 * Lines come unfolded from icalparser_get_line; every line of a top-level component (VEVENT,
 * VTIMEZONE, ...) goes to icalparser_add_line, so each component is parsed on its own with all its
 * properties; a finished VEVENT's DTSTART and DTEND become time_t and the component is freed.
 * Prints the events read and a checksum of the times (so nothing is optimised away). No
 * recurrence expansion, no time zones beyond what libical does by itself: a lower bound on
 * reading, not a calendar reader.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static char *read_stream(char *s, size_t size, void *d) { return fgets(s, (int)size, (FILE *)d); }

int main(int argc, char **argv) {
  long long events = 0, checksum = 0;
  icalerror_set_errors_are_fatal(0);
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "r");
    if (!f) {
      perror(argv[i]);
      return 2;
    }
    icalparser *parser = icalparser_new();
    icalparser_set_gen_data(parser, f);
    int depth = 0;
    char *line;
    while ((line = icalparser_get_line(parser, read_stream)) != NULL) {
      int begin = strncasecmp(line, "BEGIN:", 6) == 0, end = strncasecmp(line, "END:", 4) == 0;
      if (begin) depth++;
      /* Lines of the VCALENDAR itself are skipped: each component is parsed on its own. */
      if (depth >= 2) {
        icalcomponent *c = icalparser_add_line(parser, line);
        if (c) {
          if (icalcomponent_isa(c) == ICAL_VEVENT_COMPONENT) {
            struct icaltimetype start = icalcomponent_get_dtstart(c);
            struct icaltimetype stop = icalcomponent_get_dtend(c);
            checksum += (long long)icaltime_as_timet_with_zone(start, start.zone);
            checksum += (long long)icaltime_as_timet_with_zone(stop, stop.zone);
            events++;
          }
          icalcomponent_free(c);
        }
      }
      if (end) depth--;
      icalmemory_free_buffer(line);
    }
    icalparser_free(parser);
    fclose(f);
  }
  printf("%lld events, checksum %lld\n", events, checksum);
  return 0;
}
