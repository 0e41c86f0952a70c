#ifndef FREETIME_FUZZ_SHIM_H
#define FREETIME_FUZZ_SHIM_H
#include <stddef.h>
#include <stdint.h>
/* libFuzzer's driver, for a target whose main() is its own (docs/FUZZING.md). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
