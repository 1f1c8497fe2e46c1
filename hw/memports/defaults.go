package memports

// The default parameters of the memory blocks' port-level models: the sizes
// the co-simulation regressions run at (the block registry reads them, so
// they are written only here). Each is a small memory of its traffic-manager
// role with more than one port and a read latency above 1.

// DefaultSRAMParams is a 64-word, 16-bit memory with 2 read and 2 write
// ports and a 2-cycle read.
func DefaultSRAMParams() SRAMParams { return SRAMParams{Depth: 64, Width: 16, RP: 2, WP: 2, Lat: 2} }

// DefaultFreeListParams is 256 cells in 4 banks behind a 2-cycle link read.
func DefaultFreeListParams() FreeListParams { return FreeListParams{Cells: 256, K: 4, Lat: 2} }

// DefaultPDListsParams is 8 queues over 64 PDs behind a 2-cycle read.
func DefaultPDListsParams() PDListsParams { return PDListsParams{N: 8, P: 64, Lat: 2, LW: 6, DW: 16} }

// DefaultCPSubListsParams is 256 cells, 4 sub-lists, packets of up to 32
// cells behind a 2-cycle link read.
func DefaultCPSubListsParams() CPSubListsParams {
	return CPSubListsParams{Cells: 256, K: 4, Lat: 2, MaxN: 32}
}
