// abi_threads.c: liboccamy_golden from several threads. Four threads each
// drive their own handle (stimulus, step, outputs, compare with
// themselves); four more share one handle and step it. Prints
// "own T compared=N mismatches=M" per thread and "shared cycles=N".
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include "occamy_golden.h"

enum { CYCLES = 20000, THREADS = 4 };
static void* shared;

static void* own(void* arg) {
	long id = (long)arg;
	void* h = occamy_golden_new("freelist", "CELLS=20,K=2");
	uint32_t in[64], out[64];
	int iw = occamy_golden_in_words(h), ow = occamy_golden_out_words(h);
	if (iw > 64 || ow > 64 || occamy_golden_seed(h, id + 1) != 0) { printf("own %ld setup failed: %s\n", id, occamy_golden_error(h)); return NULL; }
	for (int c = 0; c < CYCLES; c++) {
		if (occamy_golden_stimulus(h, in, iw) != 0 || occamy_golden_set_inputs(h, in, iw) != 0 ||
		    occamy_golden_step(h) != 0 || occamy_golden_get_outputs(h, out, ow) != 0 ||
		    occamy_golden_compare(h, out, ow) != 0) {
			printf("own %ld cycle %d failed: %s\n", id, c, occamy_golden_error(h));
			return NULL;
		}
	}
	printf("own %ld compared=%lld mismatches=%lld\n", id, occamy_golden_compared(h), occamy_golden_mismatches(h));
	occamy_golden_free(h);
	return NULL;
}

static void* hammer(void* arg) {
	(void)arg;
	for (int c = 0; c < CYCLES; c++) occamy_golden_step(shared);
	return NULL;
}

int main(void) {
	pthread_t t[2 * THREADS];
	shared = occamy_golden_new("arbiter", "N=64");
	for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, own, (void*)i);
	for (long i = 0; i < THREADS; i++) pthread_create(&t[THREADS + i], NULL, hammer, NULL);
	for (int i = 0; i < 2 * THREADS; i++) pthread_join(t[i], NULL);
	printf("shared cycles=%lld\n", occamy_golden_cycle(shared));
	occamy_golden_free(shared);
	return 0;
}
