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

// ---------------------------------------------------------------------------
// The row loop every testbench shares. A testbench keeps only its DUT, its
// columns (the $sscanf of a data row, the inputs it drives, the outputs it
// compares) and its clocking; the reading, the checks of the comment,
// header and row numbering, and the PASS line live here:
//
//   `VEC_ROW_VARS
//   initial begin
//     `VEC_ROWS_BEGIN(TB, "N QW", {N, QW}, 5, "cycle rst_ni ...", "", 1)
//       n = $sscanf(line, "%d %h ...", cyc, ...);
//       `VEC_CHECK_ROW(TB, 5)
//       ... drive inputs, #4, `VEC_EXPECT..., `VEC_TICK(clk_i) ...
//     `VEC_ROWS_END(TB, "hd_selector")
//   end

// Most words vec_word and vec_nwords look at (the widest header has 22).
localparam int VEC_WORDS = 24;

// vec_word returns word i (from 0, below VEC_WORDS) of s as $sscanf's %s
// reads it (right-aligned), or '0 when s has no word i.
function automatic [8*64-1:0] vec_word(input reg [8*VEC_L-1:0] s, input integer i);
  reg [8*64-1:0] w[0:VEC_WORDS-1];
  integer        n, j;
  begin
    for (j = 0; j < VEC_WORDS; j = j + 1) w[j] = '0;
    n = $sscanf(s, "%s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s",
                w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11],
                w[12], w[13], w[14], w[15], w[16], w[17], w[18], w[19], w[20], w[21], w[22],
                w[23]);
    vec_word = (i >= 0 && i < n) ? w[i] : '0;
  end
endfunction

// vec_nwords counts the words of s, up to VEC_WORDS.
function automatic integer vec_nwords(input reg [8*VEC_L-1:0] s);
  integer i;
  begin
    vec_nwords = 0;
    for (i = 0; i < VEC_WORDS; i = i + 1) begin
      if (vec_nwords == i && vec_word(s, i) != '0) vec_nwords = i + 1;
    end
  end
endfunction

// vec_check_params checks words 1..last of a comment line with
// vec_check_param against every key of keys ("N QW"), word by word. vals
// holds the keys' values, 32 bits each, the first key's highest ({N, QW}).
task automatic vec_check_params(input reg [8*64-1:0] tb, input reg [8*VEC_L-1:0] s,
                                input integer last, input reg [8*VEC_L-1:0] keys,
                                input reg [8*32-1:0] vals);
  reg [8*64-1:0] word, key;
  integer        i, j, nk;
  begin
    nk = vec_nwords(keys);
    for (i = 1; i <= last; i = i + 1) begin
      word = vec_word(s, i);
      for (j = 0; j < nk; j = j + 1) begin
        key = vec_word(keys, j);
        vec_check_param(tb, word, key[8*8-1:0], vals[32*(nk-1-j) +: 32]);
      end
    end
  end
endtask

// vec_header_ok tells whether the header line s starts with the words of
// want; with exact = 1 it may not have more words either.
function automatic integer vec_header_ok(input reg [8*VEC_L-1:0] s, input reg [8*VEC_L-1:0] want,
                                         input integer exact);
  integer n, nw, i;
  begin
    n  = vec_nwords(s);
    nw = vec_nwords(want);
    if (exact != 0) vec_header_ok = (n == nw) ? 1 : 0;
    else vec_header_ok = (n >= nw) ? 1 : 0;
    for (i = 0; i < nw; i = i + 1) begin
      if (vec_word(s, i) != vec_word(want, i)) vec_header_ok = 0;
    end
  end
endfunction

// `VEC_ROW_VARS declares what the row loop uses: the line read, the file,
// $sscanf's count, the line kind, the rows seen, the row's cycle number and
// whether the header was seen.
`define VEC_ROW_VARS \
  reg [8*VEC_L-1:0] line; \
  integer           fd, n, kind, rows, cyc, header;

// `VEC_ROWS_BEGIN opens +vec=FILE and reads it line by line: comment lines
// go to vec_check_params (KEYS, VALS, words 1..LAST), the header to
// vec_header_ok (HDR, EXACT), stopping with "header must WHAT, got: ..."
// (WHAT "" reads: be "HDR"); a data row after the header runs the code
// between this and `VEC_ROWS_END, with the row in line. The stops that name
// TB are written out here rather than in a task so that their text stays
// exactly what the testbenches printed before this loop was shared.
`define VEC_ROWS_BEGIN(TB, KEYS, VALS, LAST, HDR, WHAT, EXACT) \
    fd = vec_open(TB); \
    rows = 0; \
    header = 0; \
    while ($fgets(line, fd) != 0) begin \
      kind = vec_kind(line); \
      if (kind == VEC_COMMENT) begin \
        vec_check_params(TB, line, LAST, KEYS, VALS); \
      end else if (kind == VEC_HEADER) begin \
        if (vec_header_ok(line, HDR, EXACT) == 0) begin \
          if (WHAT == "") $fatal(1, "%0s: header must be \"%0s\", got: %0s", TB, HDR, line); \
          else $fatal(1, "%0s: header must %0s, got: %0s", TB, WHAT, line); \
        end \
        header = 1; \
      end else if (kind == VEC_DATA) begin \
        if (header == 0) $fatal(1, "%0s: data row before the header row", TB);

// `VEC_ROWS_END counts the row, closes the loop and the file, and ends the
// run with "PASS <BLOCK> <rows> cycles" (or stops when there was no row).
`define VEC_ROWS_END(TB, BLOCK) \
        rows = rows + 1; \
      end else if (kind == VEC_BAD) begin \
        $fatal(1, "%0s: unreadable line after %0d rows: %0s", TB, rows, line); \
      end \
    end \
    $fclose(fd); \
    if (rows == 0) $fatal(1, "%0s: no data rows", TB); \
    $display("PASS %0s %0d cycles", BLOCK, rows); \
    $finish;

// `VEC_CHECK_ROW(TB, NF) stops unless the data row's $sscanf read NF fields
// (n) and the row is numbered with the count of rows before it.
`define VEC_CHECK_ROW(TB, NF) \
  if (n != NF) \
    $fatal(1, "%0s: row %0d has %0d readable fields, want %0d: %0s", TB, rows, n, NF, line); \
  if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);

// `VEC_EXPECT stops with "cycle N: NAME expected W got G" (hex, no leading
// zeros) when GOT differs from WANT in any bit, x and z included.
`define VEC_EXPECT(NAME, WANT, GOT) \
  if ((GOT) !== (WANT)) $fatal(1, "cycle %0d: %0s expected %0h got %0h", cyc, NAME, WANT, GOT);

// `VEC_EXPECT_W is `VEC_EXPECT with the hex values printed at their full
// width, leading zeros kept.
`define VEC_EXPECT_W(NAME, WANT, GOT) \
  if ((GOT) !== (WANT)) $fatal(1, "cycle %0d: %0s expected %h got %h", cyc, NAME, WANT, GOT);

// `VEC_TICK ends a row's cycle: one time unit after the compare (#4 into the
// row) the rising edge, then clk low again 5 units later.
`define VEC_TICK(CLK) \
  #1 CLK = 1'b1; \
  #5 CLK = 1'b0;
