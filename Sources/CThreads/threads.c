#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdlib.h>

#include "freetime_threads.h"

struct freetime_start {
  void *(*body)(void *);
  void *context;
  cpu_set_t affinity;
  int placed;
};

static void *freetime_begin(void *argument) {
  struct freetime_start start = *(struct freetime_start *)argument;
  free(argument);
  /* Placed: given back its creator's affinity. Should that fail, it keeps the CPUs it started
     on, which are its creator's but one. */
  if (start.placed) (void)sched_setaffinity(0, sizeof start.affinity, &start.affinity);
  return start.body(start.context);
}

/* `affinity` without `here`; false when nothing is left. */
static int freetime_others(const cpu_set_t *affinity, int here, cpu_set_t *others) {
  *others = *affinity;
  if (here >= 0 && here < CPU_SETSIZE) CPU_CLR(here, others);
  return CPU_COUNT(others) > 0;
}

uint64_t freetime_thread_first_cpus(uint64_t mask, int here) {
  cpu_set_t affinity, others;
  CPU_ZERO(&affinity);
  for (int cpu = 0; cpu < 64; cpu++) {
    if (mask >> cpu & 1) CPU_SET(cpu, &affinity);
  }
  if (!freetime_others(&affinity, here, &others)) return 0;
  uint64_t result = 0;
  for (int cpu = 0; cpu < 64; cpu++) {
    if (CPU_ISSET(cpu, &others)) result |= (uint64_t)1 << cpu;
  }
  return result;
}

int freetime_thread_start(pthread_t *thread, void *(*body)(void *), void *context) {
  struct freetime_start *start = malloc(sizeof *start);
  if (start == NULL) return ENOMEM;
  start->body = body;
  start->context = context;
  start->placed = 0;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) {
    free(start);
    return ENOMEM;
  }
  cpu_set_t others;
  if (pthread_getaffinity_np(pthread_self(), sizeof start->affinity, &start->affinity) == 0 &&
      freetime_others(&start->affinity, sched_getcpu(), &others)) {
    start->placed = pthread_attr_setaffinity_np(&attributes, sizeof others, &others) == 0;
  }
  int result = pthread_create(thread, &attributes, freetime_begin, start);
  pthread_attr_destroy(&attributes);
  if (result != 0 && start->placed) {
    /* CPUs the kernel refuses (gone offline since): started the usual way. */
    start->placed = 0;
    result = pthread_create(thread, NULL, freetime_begin, start);
  }
  if (result != 0) free(start);
  return result;
}
