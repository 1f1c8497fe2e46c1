// tb_dpi_main.cpp: clock driver for the DPI testbenches (verilator --exe,
// --prefix Vtb): clk_i low, then rising and falling edges until the
// testbench raises done_o; exits 1 when it raised fail_o, 2 on a timeout.
// Prints "cycles/s N" on stderr (the benchmark in docs/perf.md reads it).
#include "Vtb.h"
#include "verilated.h"
#include <chrono>
#include <cstdio>
#include <memory>

int main(int argc, char** argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vtb>(ctx.get());
    const uint64_t limit = 1ull << 40;
    uint64_t n = 0;
    top->clk_i = 0;
    top->eval();
    auto t0 = std::chrono::steady_clock::now();
    while (!top->done_o && !ctx->gotFinish() && n < limit) {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        n++;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "tb_dpi_main: %llu cycles, cycles/s %.0f\n", (unsigned long long)n, s > 0 ? n / s : 0.0);
    top->final();
    if (!top->done_o) return 2;
    return top->fail_o ? 1 : 0;
}
