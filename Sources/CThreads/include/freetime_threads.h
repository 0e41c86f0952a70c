#ifndef FREETIME_THREADS_H
#define FREETIME_THREADS_H
#include <pthread.h>
#include <stdint.h>

/* Starts a joinable thread running body(context), allowed at first only on the CPUs of the
   calling thread's affinity other than the one the caller runs on (the kernel picks among them,
   the idlest first), and then given back the caller's affinity, as a thread created the usual
   way has. Linux puts a new thread on its creator's CPU at times, where it waits for the
   scheduler to move it while another CPU is idle (docs/PERFORMANCE.md, threads started on
   another core). Without another CPU, or when the affinity cannot be read (more than
   CPU_SETSIZE CPUs), the thread is started the usual way. Returns pthread_create's result. */
int freetime_thread_start(pthread_t *thread, void *(*body)(void *), void *context);

/* The CPUs (0 to 63, a bit each) a thread starts on for a caller on CPU `here` whose affinity
   is `mask`; 0 for none (no other CPU: started the usual way). */
uint64_t freetime_thread_first_cpus(uint64_t mask, int here);

#endif
