/*
 * occamy_golden.h: the C ABI of liboccamy_golden, the Occamy golden models
 * for DPI-C (SystemVerilog) and C/C++ testbenches. docs/dpi.md is the
 * reference: layouts, return codes, error strings, threads, ownership.
 *
 * Types are the DPI-C ones: chandle = void*, string = const char*,
 * int = int, longint = long long, a packed bit vector = svBitVecVal*
 * (uint32_t words, least significant first; each port of a cycle's word
 * array starts on a new word, in the order of occamy_golden_describe).
 *
 * Return codes of the int calls: 0 OK, 1 MISMATCH (check/compare), -1 error
 * (occamy_golden_error(h) says what), -2 not a live handle. Calls that
 * return a count return it (>= 0) or one of the negative codes.
 * Returned strings belong to the library: valid until the next call of
 * the same function on the same handle, or occamy_golden_free.
 */
#ifndef OCCAMY_GOLDEN_H
#define OCCAMY_GOLDEN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef INCLUDED_SVDPI
typedef uint32_t svBitVecVal;
typedef void* svOpenArrayHandle;
#endif

#define OCCAMY_GOLDEN_OK 0
#define OCCAMY_GOLDEN_MISMATCH 1
#define OCCAMY_GOLDEN_ERROR (-1)
#define OCCAMY_GOLDEN_BAD_HANDLE (-2)

/* "liboccamy_golden 1": the ABI version. */
const char* occamy_golden_abi(void);

/* A golden model of a registry block (name, alias or module, e.g.
 * "arbiter" or "rr_arbiter") at parameters "N=16,QW=8" ("" or NULL: the
 * defaults). Never NULL except when out of memory: on a bad block or
 * parameter the handle is dead and occamy_golden_error names the problem. */
void* occamy_golden_new(const char* block, const char* params);
/* The last call's error on h, "" when it succeeded. */
const char* occamy_golden_error(void* h);
/* Frees h (a dead, NULL or unknown handle is ignored). */
void occamy_golden_free(void* h);

/* "block=..;module=..;params=..;clock=..;reset=..;in_words=..;out_words=..;in=name:width@word,..;out=..". */
const char* occamy_golden_describe(void* h);
int occamy_golden_in_words(void* h);
int occamy_golden_out_words(void* h);
/* Port index by name: inputs 0..n_in-1 (the clock is not one), outputs after. */
int occamy_golden_port(void* h, const char* name);
/* "in NAME" or "out NAME". */
const char* occamy_golden_port_name(void* h, int port);
int occamy_golden_port_width(void* h, int port);
/* The port's first word in its direction's word array. */
int occamy_golden_port_offset(void* h, int port);

/* Holds the reset asserted, every other input 0, for cycles (>= 1) cycles. */
int occamy_golden_reset(void* h, int cycles);
/* One cycle's inputs, in_words words. */
int occamy_golden_set_inputs(void* h, const svBitVecVal* in, int words);
/* One input port; bits must be its width. */
int occamy_golden_set_input(void* h, int port, const svBitVecVal* v, int bits);
/* Eval computes the cycle's outputs, commit is the rising edge, step is
 * both. The inputs may not change between eval and commit. */
int occamy_golden_eval(void* h);
int occamy_golden_commit(void* h);
int occamy_golden_step(void* h);
/* The last cycle's outputs, out_words words; one output port (bits = width). */
int occamy_golden_get_outputs(void* h, svBitVecVal* out, int words);
int occamy_golden_get_output(void* h, int port, svBitVecVal* v, int bits);

/* Scoreboard: step on in, compare the DUT's outputs of that cycle with
 * the model's. 0 equal (or not compared: cycles before the one after the
 * first reset cycle), 1 mismatch (occamy_golden_mismatch), -1 error. */
int occamy_golden_check(void* h, const svBitVecVal* in, int in_words, const svBitVecVal* dut, int out_words);
/* Scoreboard after step (or eval and commit): compare only. */
int occamy_golden_compare(void* h, const svBitVecVal* dut, int out_words);
/* The last mismatch as the co-simulator prints it:
 * "cycle C: SIGNAL go=G rtl=R (DETAIL)" then trace lines; "" when none. */
const char* occamy_golden_mismatch(void* h);
long long occamy_golden_cycle(void* h);
long long occamy_golden_compared(void* h);
long long occamy_golden_mismatches(void* h);
/* "MATCH BLOCK (TOP, dpi scoreboard): N cycles compared (M run) on K outputs, ..."
 * or "MISMATCH ...", then the first mismatch's trace and the coverage
 * table; "" with the error set when no cycle was compared. top: the DUT's
 * module name for the line (NULL or "": the block's module). */
const char* occamy_golden_verdict(void* h, const char* top, long long seed);

/* The registry's own stimulus for the block (the co-simulator's: directed
 * sequence, then seeded random, closed loop through this model): seed
 * before the first cycle (default 1); stimulus writes the inputs of the
 * next cycle to step, once per cycle. */
int occamy_golden_seed(void* h, long long seed);
int occamy_golden_stimulus(void* h, svBitVecVal* in, int words);

/* The same on SystemVerilog open arrays of 32-bit words (bit [31:0] w[]),
 * for occamy_golden_pkg.sv: they need the simulator's svdpi functions. */
int occamy_golden_set_inputs_oa(void* h, const svOpenArrayHandle in);
int occamy_golden_get_outputs_oa(void* h, const svOpenArrayHandle out);
int occamy_golden_check_oa(void* h, const svOpenArrayHandle in, const svOpenArrayHandle dut);
int occamy_golden_compare_oa(void* h, const svOpenArrayHandle dut);
int occamy_golden_stimulus_oa(void* h, const svOpenArrayHandle in);

#ifdef __cplusplus
}
#endif
#endif
