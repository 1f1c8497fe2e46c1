// types: a throwaway top whose ports use every packed type style that port
// discovery must size: implicit nets, packed arrays, packed structs and
// unions, enums, typedefs, little-endian ranges and integer.
typedef struct packed { logic [2:0] a; logic [4:0] b; } s_t;
typedef union packed { logic [5:0] x; logic [5:0] y; } u_t;
typedef enum logic [1:0] {A, B, C} e_t;
typedef logic [11:0] word_t;
module types #(
  parameter int N = 4
) (
  input               clk_i,
  input        [7:0]  a_i,
  input  wire  [N-1:0][7:0] pa_i,
  input  s_t          st_i,
  input  u_t          un_i,
  input  e_t          en_i,
  input  word_t       wd_i,
  input  s_t [1:0]    sts_i,
  output reg   [0:5]  rev_o,
  output integer      int_o,
  output logic signed [-2:3] neg_o
);
  assign rev_o = 6'(a_i);
  assign int_o = 32'(pa_i) ^ 32'(st_i) ^ 32'(un_i) ^ 32'(en_i) ^ 32'(wd_i) ^ 32'(sts_i) ^ 32'(clk_i);
  assign neg_o = '0;
endmodule
