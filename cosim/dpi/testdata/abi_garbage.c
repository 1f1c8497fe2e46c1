// abi_garbage.c: a C caller of liboccamy_golden passing garbage. Every call
// must return an error code and an error string, never crash. Prints one
// line per case: "NAME rc=RC err=ERROR".
#include <stdio.h>
#include <stdint.h>
#include "occamy_golden.h"

#define SHOW(name, rc, h) do { int rc_ = (int)(rc); printf("%s rc=%d err=%s\n", name, rc_, occamy_golden_error(h)); } while (0)

int main(void) {
	uint32_t w[8] = {0};
	printf("abi %s\n", occamy_golden_abi());
	void* u = occamy_golden_new("nosuch", "");
	SHOW("unknown_block", occamy_golden_step(u), u);
	void* p = occamy_golden_new("arbiter", "N=0");
	SHOW("bad_value", occamy_golden_step(p), p);
	void* q = occamy_golden_new("arbiter", "M=3");
	SHOW("bad_name", occamy_golden_step(q), q);
	void* s = occamy_golden_new("arbiter", "N=");
	SHOW("bad_syntax", occamy_golden_step(s), s);
	void* z = occamy_golden_new(NULL, NULL);
	SHOW("null_block", occamy_golden_step(z), z);
	SHOW("null_handle", occamy_golden_step(NULL), NULL);
	SHOW("garbage_handle", occamy_golden_step((void*)0x1234), (void*)0x1234);
	void* h = occamy_golden_new("rr_arbiter", "N=40");
	SHOW("good", occamy_golden_reset(h, 2), h);
	printf("describe %s\n", occamy_golden_describe(h));
	SHOW("null_words", occamy_golden_set_inputs(h, NULL, 4), h);
	SHOW("short_words", occamy_golden_set_inputs(h, w, 3), h);
	SHOW("negative_words", occamy_golden_check(h, w, -1, w, 2), h);
	SHOW("unmapped_words", occamy_golden_set_inputs(h, (const uint32_t*)(uintptr_t)0x10, 4), h);
	SHOW("after_fault", occamy_golden_step(h), h);
	SHOW("bad_port", occamy_golden_port(h, "nope"), h);
	SHOW("null_port", occamy_golden_port(h, NULL), h);
	SHOW("port_index", occamy_golden_port_width(h, 77), h);
	SHOW("wrong_width", occamy_golden_set_input(h, 1, w, 32), h);
	SHOW("commit_no_eval", occamy_golden_commit(h), h);
	SHOW("eval", occamy_golden_eval(h), h);
	SHOW("eval_twice", occamy_golden_eval(h), h);
	SHOW("commit", occamy_golden_commit(h), h);
	SHOW("oa_without_simulator", occamy_golden_check_oa(h, NULL, NULL), h);
	printf("verdict_nothing [%s]\n", occamy_golden_verdict(h, NULL, 1));
	SHOW("verdict_error", 0, h);
	occamy_golden_free(h);
	SHOW("freed_handle", occamy_golden_step(h), h);
	occamy_golden_free(h);
	occamy_golden_free(NULL);
	occamy_golden_free((void*)0x1234);
	occamy_golden_free(u); occamy_golden_free(p); occamy_golden_free(q); occamy_golden_free(s); occamy_golden_free(z);
	printf("done\n");
	return 0;
}
