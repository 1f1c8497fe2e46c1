module tb;
  logic clk = 0, rst_n = 0, en = 0;
  logic [3:0] cnt; logic wrap;
  integer i;
  counter #(.W(4)) dut(.clk_i(clk), .rst_ni(rst_n), .en_i(en), .cnt_o(cnt), .wrap_o(wrap));
  always #5 clk = ~clk;
  initial begin
    $dumpfile("icarus_counter.vcd"); $dumpvars(0, tb);
    for (i = 0; i < 2; i = i + 1) @(posedge clk);
    rst_n = 1; en = 1;
    repeat (20) @(posedge clk);
    $finish;
  end
endmodule
