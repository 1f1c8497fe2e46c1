#include "textflag.h"

// func widen16x8(dst, src *uint32, groups int)
// Each group: load 16 bytes of src, interleave its 16-bit halves with
// zeros (PUNPCKLWL/PUNPCKHWL against X0 = 0), store 32 bytes of dst.
TEXT ·widen16x8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ groups+16(FP), CX
	PXOR X0, X0
	TESTQ CX, CX
	JEQ  done

loop:
	MOVOU (SI), X1
	MOVOU X1, X2
	PUNPCKLWL X0, X1
	PUNPCKHWL X0, X2
	MOVOU X1, (DI)
	MOVOU X2, 16(DI)
	ADDQ $16, SI
	ADDQ $32, DI
	DECQ CX
	JNE  loop

done:
	RET
