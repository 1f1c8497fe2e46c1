// vec_util.svh: helpers shared by the testbenches that read .vec files
// (format in docs/architecture.md). Included inside each testbench module.

// Longest line read, in characters: an N=256, QW=32 selector row is about
// 4100 characters. (The testbenches are for Icarus; Verilator caps strings
// far below this.)
localparam int VEC_L = 8192;

// Line kinds returned by vec_kind.
localparam int VEC_BAD     = -1; // none of the below
localparam int VEC_BLANK   = 0;  // empty or only blanks
localparam int VEC_COMMENT = 1;  // first word starts with '#'
localparam int VEC_HEADER  = 2;  // first word is "cycle"
localparam int VEC_DATA    = 3;  // first word is a decimal number

// vec_kind classifies one line read by $fgets.
function automatic integer vec_kind(input reg [8*VEC_L-1:0] s);
  reg [8*64-1:0] w;
  reg [7:0]      c;
  integer        n, d, i;
  begin
    c = 8'h00;
    n = $sscanf(s, "%d", d);
    if (n == 1) begin
      vec_kind = VEC_DATA;
    end else begin
      w = '0;
      n = $sscanf(s, "%s", w);
      if (n != 1) begin
        vec_kind = VEC_BLANK;
      end else if (w == "cycle") begin
        vec_kind = VEC_HEADER;
      end else begin
        // $sscanf right-aligns the word: its first character is the highest
        // nonzero byte.
        for (i = 63; i >= 0; i = i - 1) begin
          if (c == 8'h00) c = w[8*i +: 8];
        end
        vec_kind = (c == "#") ? VEC_COMMENT : VEC_BAD;
      end
    end
  end
endfunction

// vec_open opens the file named by +vec=FILE, or stops with a message.
function automatic integer vec_open(input reg [8*64-1:0] tb);
  reg [8*1024-1:0] path;
  integer          fd;
  begin
    path = '0;
    if (!$value$plusargs("vec=%s", path)) begin
      $fatal(1, "%0s: no vector file: run with +vec=FILE", tb);
    end
    fd = $fopen(path, "r");
    if (fd == 0) begin
      $fatal(1, "%0s: cannot open vector file %0s", tb, path);
    end
    vec_open = fd;
  end
endfunction

// vec_check_param checks one key=value word of a parameter comment against
// the testbench's value for that key; words of other keys pass. The word is
// split at '=' by hand (a format string built at run time is Icarus-only).
task automatic vec_check_param(input reg [8*64-1:0] tb, input reg [8*64-1:0] word,
                               input reg [8*8-1:0] key, input integer want);
  reg [8*64-1:0] k, v;
  reg [7:0]      ch;
  integer        i, n, got, seen_eq;
  begin
    k = '0;
    v = '0;
    seen_eq = 0;
    // $sscanf right-aligns the word: read from its highest nonzero byte.
    for (i = 63; i >= 0; i = i - 1) begin
      ch = word[8*i +: 8];
      if (ch != 8'h00) begin
        if (seen_eq == 0 && ch == "=") begin
          seen_eq = 1;
        end else if (seen_eq == 0) begin
          k = {k[8*63-1:0], ch};
        end else begin
          v = {v[8*63-1:0], ch};
        end
      end
    end
    if (seen_eq == 1 && k == {448'h0, key}) begin
      n = $sscanf(v, "%d", got);
      if (n != 1) begin
        $fatal(1, "%0s: parameter %0s has no decimal value", tb, k);
      end else if (got != want) begin
        $fatal(1, "%0s: vector file has %0s=%0d but the testbench was built with %0s=%0d (pass -P)",
               tb, k, got, k, want);
      end
    end
  end
endtask
