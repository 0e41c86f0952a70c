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
  /* Placed: free to move again, to any CPU the caller could run on. */
  if (start.placed) sched_setaffinity(0, sizeof start.affinity, &start.affinity);
  return start.body(start.context);
}

/* The `turn`-th CPU of `affinity` other than `here`, counted round; -1 for none. */
static int freetime_pick(const cpu_set_t *affinity, int here, int turn) {
  int others = CPU_COUNT(affinity);
  if (here >= 0 && here < CPU_SETSIZE && CPU_ISSET(here, affinity)) others -= 1;
  if (others <= 0) return -1;
  int wanted = (int)((unsigned)turn % (unsigned)others);
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (cpu == here || !CPU_ISSET(cpu, affinity)) continue;
    if (wanted-- == 0) return cpu;
  }
  return -1;
}

int freetime_thread_cpu(uint64_t mask, int here, int turn) {
  cpu_set_t affinity;
  CPU_ZERO(&affinity);
  for (int cpu = 0; cpu < 64; cpu++) {
    if (mask >> cpu & 1) CPU_SET(cpu, &affinity);
  }
  return freetime_pick(&affinity, here, turn);
}

int freetime_thread_start(pthread_t *thread, void *(*body)(void *), void *context, int turn) {
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
  if (sched_getaffinity(0, sizeof start->affinity, &start->affinity) == 0) {
    int cpu = freetime_pick(&start->affinity, sched_getcpu(), turn);
    if (cpu >= 0) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      start->placed = pthread_attr_setaffinity_np(&attributes, sizeof one, &one) == 0;
    }
  }
  int result = pthread_create(thread, &attributes, freetime_begin, start);
  pthread_attr_destroy(&attributes);
  if (result != 0 && start->placed) {
    /* A CPU the kernel refuses (gone offline since): started where the kernel puts it. */
    start->placed = 0;
    result = pthread_create(thread, NULL, freetime_begin, start);
  }
  if (result != 0) free(start);
  return result;
}
