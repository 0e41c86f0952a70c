#ifndef FREETIME_CLIBICAL_SHIM_H
#define FREETIME_CLIBICAL_SHIM_H
#include <libical/ical.h>
#endif
