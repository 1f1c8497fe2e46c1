// Open-array entry points for SystemVerilog: the package
// verilog/tb/dpi/occamy_golden_pkg.sv imports these with `bit [31:0] w[]`
// formals (IEEE 1800 open arrays, svOpenArrayHandle); each finds the
// words and their count with svGetArrayPtr and svSize and calls the
// svBitVecVal entry point. The svdpi functions come from the simulator
// that loads the library; they are weak here, so that a C program without
// a simulator can still load it (these entry points then return -1).
#include <stdint.h>
#include <stdlib.h>
#include "_cgo_export.h"

typedef void* svOpenArrayHandle;
extern void* svGetArrayPtr(const svOpenArrayHandle) __attribute__((weak));
extern int svSize(const svOpenArrayHandle, int) __attribute__((weak));
extern int svLow(const svOpenArrayHandle, int) __attribute__((weak));
extern void svGetBitArrElem1VecVal(uint32_t* d, const svOpenArrayHandle s, int i) __attribute__((weak));
extern void svPutBitArrElem1VecVal(const svOpenArrayHandle d, const uint32_t* s, int i) __attribute__((weak));

// OA_UNAVAILABLE is the word count passed on when an open array cannot
// be read (no svdpi functions, or a NULL handle): readWords names it.
#define OA_UNAVAILABLE (-2147483647 - 1)

// oa_words returns the words of an open array of 32-bit elements and their
// count in *n: the array's own storage when svGetArrayPtr gives it, else a
// malloc'd copy (*copied set), else NULL with *n = -1.
static uint32_t* oa_words(const svOpenArrayHandle h, int* n, int* copied) {
	*copied = 0;
	if (!h || !svSize || !svGetArrayPtr) { *n = OA_UNAVAILABLE; return NULL; }
	*n = svSize(h, 1);
	uint32_t* p = (uint32_t*)svGetArrayPtr(h);
	if (p || *n <= 0) return p;
	if (!svGetBitArrElem1VecVal || !svLow) { *n = OA_UNAVAILABLE; return NULL; }
	p = (uint32_t*)calloc((size_t)*n, sizeof(uint32_t));
	if (!p) { *n = OA_UNAVAILABLE; return NULL; }
	for (int i = 0; i < *n; i++) svGetBitArrElem1VecVal(&p[i], h, svLow(h, 1) + i);
	*copied = 1;
	return p;
}

int occamy_golden_set_inputs_oa(void* h, const svOpenArrayHandle in) {
	int n, c;
	uint32_t* p = oa_words(in, &n, &c);
	int rc = occamy_golden_set_inputs(h, p, n);
	if (c) free(p);
	return rc;
}

int occamy_golden_check_oa(void* h, const svOpenArrayHandle in, const svOpenArrayHandle dut) {
	int ni, no, ci, co;
	uint32_t* pi = oa_words(in, &ni, &ci);
	uint32_t* po = oa_words(dut, &no, &co);
	int rc = occamy_golden_check(h, pi, ni, po, no);
	if (ci) free(pi);
	if (co) free(po);
	return rc;
}

int occamy_golden_compare_oa(void* h, const svOpenArrayHandle dut) {
	int n, c;
	uint32_t* p = oa_words(dut, &n, &c);
	int rc = occamy_golden_compare(h, p, n);
	if (c) free(p);
	return rc;
}

int occamy_golden_get_outputs_oa(void* h, const svOpenArrayHandle out) {
	int n, c;
	uint32_t* p = oa_words(out, &n, &c);
	int rc = occamy_golden_get_outputs(h, p, n);
	if (c) {
		if (rc == 0)
			for (int i = 0; i < n; i++) svPutBitArrElem1VecVal(out, &p[i], svLow(out, 1) + i);
		free(p);
	}
	return rc;
}

int occamy_golden_stimulus_oa(void* h, const svOpenArrayHandle in) {
	int n, c;
	uint32_t* p = oa_words(in, &n, &c);
	int rc = occamy_golden_stimulus(h, p, n);
	if (c) {
		if (rc == 0)
			for (int i = 0; i < n; i++) svPutBitArrElem1VecVal(in, &p[i], svLow(in, 1) + i);
		free(p);
	}
	return rc;
}
