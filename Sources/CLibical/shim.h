#ifndef FREETIME_CLIBICAL_SHIM_H
#define FREETIME_CLIBICAL_SHIM_H
#include <libical/ical.h>
/* mallopt, for Libical.setUp (big calendars' memory). */
#include <malloc.h>
#endif
