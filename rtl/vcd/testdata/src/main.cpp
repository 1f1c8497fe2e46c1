#include "Vcounter.h"
#include "verilated.h"
#include "verilated_vcd_c.h"
int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  Verilated::traceEverOn(true);
  Vcounter* top = new Vcounter;
  VerilatedVcdC* tfp = new VerilatedVcdC;
  top->trace(tfp, 99);
  tfp->open("verilator_counter.vcd");
  top->clk_i = 0; top->rst_ni = 0; top->en_i = 0;
  uint64_t t = 0;
  for (int c = 0; c < 24; c++) {
    if (c == 2) { top->rst_ni = 1; top->en_i = 1; }
    top->clk_i = 0; top->eval(); tfp->dump(t); t += 5;
    top->clk_i = 1; top->eval(); tfp->dump(t); t += 5;
  }
  tfp->close();
  delete top;
  return 0;
}
