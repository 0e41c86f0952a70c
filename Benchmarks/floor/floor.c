/* The floor: libical's own bare streaming parse, the least any libical-based reader does.
 *
 *   floor FILE.ics|DIRECTORY...
 *
 * A directory (a vdir: one file per event) is read file by file, every file in it in one
 * process, each with its own parser.
 * Lines come unfolded from icalparser_get_line; every line of a top-level component (VEVENT,
 * VTIMEZONE, ...) goes to icalparser_add_line, so each component is parsed on its own with all its
 * properties; a finished VEVENT's DTSTART and DTEND become time_t and the component is freed.
 * Prints the events read and a checksum of the times (so nothing is optimised away). No
 * recurrence expansion, no time zones beyond what libical does by itself: a lower bound on
 * reading, not a calendar reader.
 */
#include <dirent.h>
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static char *read_stream(char *s, size_t size, void *d) { return fgets(s, (int)size, (FILE *)d); }

static long long events = 0, checksum = 0;

static int read_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
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
  return 0;
}

int main(int argc, char **argv) {
  icalerror_set_errors_are_fatal(0);
  for (int i = 1; i < argc; i++) {
    struct stat info;
    if (stat(argv[i], &info) == 0 && S_ISDIR(info.st_mode)) {
      struct dirent **names;
      int n = scandir(argv[i], &names, NULL, alphasort);
      if (n < 0) {
        perror(argv[i]);
        return 2;
      }
      for (int k = 0; k < n; k++) {
        char path[4096];
        if (names[k]->d_name[0] != '.') {
          snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
          if (read_file(path)) return 2;
        }
        free(names[k]);
      }
      free(names);
    } else if (read_file(argv[i])) {
      return 2;
    }
  }
  printf("%lld events, checksum %lld\n", events, checksum);
  return 0;
}
