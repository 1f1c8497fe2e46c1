// occ_hooks.h: forced into every translation unit of a cosim build (the
// Verilator runtime and the model) with -include. It routes the runtime's
// printing to occ_vl_printf, defined in occ_wrap.cpp, which keeps a model's
// output in a buffer the Go side drains instead of writing to stdout.
#ifndef OCC_HOOKS_H_
#define OCC_HOOKS_H_
#include <cstdarg>
int occ_vl_printf(const char* fmt, ...);
int occ_vl_vprintf(const char* fmt, va_list ap);
#endif
