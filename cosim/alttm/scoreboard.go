package alttm

import "path/filepath"

const (
	// MapFile is alt_tm's design file (port map) for the scoreboard, in
	// Dir: occamy cosim --block tm --check scoreboard --map it.
	MapFile = "alt_tm.yaml"
	// AdapterModule is the adapter that turns the scoreboard's packet
	// offers into alt_tm's cell-serial ingress, in AdapterFile (Dir); the
	// map's top.
	AdapterModule = "alt_tm_sb"
	AdapterFile   = "alt_tm_sb.sv"
)

// MapPath is the map's path in the repository at root.
func MapPath(root string) string { return filepath.Join(root, Dir, MapFile) }
