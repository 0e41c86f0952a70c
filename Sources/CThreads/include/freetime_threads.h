#ifndef FREETIME_THREADS_H
#define FREETIME_THREADS_H
#include <pthread.h>
#include <stdint.h>

/* Starts a joinable thread running body(context), placed first on a CPU of the calling thread's
   affinity other than the one the caller runs on (the `turn`-th such CPU, counted round), and
   then free to run on any CPU of that affinity again. Linux puts a new thread on its creator's
   CPU at times, where it waits for the scheduler to move it while another CPU is idle
   (docs/PERFORMANCE.md, Threads). Returns pthread_create's result. */
int freetime_thread_start(pthread_t *thread, void *(*body)(void *), void *context, int turn);

/* The CPU freetime_thread_start places a thread on, for an affinity of the CPUs 0 to 63 whose
   bits are set in `mask`, a caller on CPU `here` and `turn`; -1 for none (no other CPU). */
int freetime_thread_cpu(uint64_t mask, int here, int turn);

#endif
