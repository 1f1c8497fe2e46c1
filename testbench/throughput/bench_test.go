package throughput

import (
	"context"
	"testing"

	"occamy/hw/tm"
)

// BenchmarkDefaultSweep runs the full throughput-vs-load sweep with the
// defaults (DefaultGrid, DefaultOptions: 88 points) on one worker per core;
// one op is the whole sweep. `occamy experiment throughput-vs-load` runs
// exactly this sweep, plus writing its CSV and figures.
func BenchmarkDefaultSweep(b *testing.B) {
	pts, err := DefaultGrid().Points()
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Sweep(context.Background(), pts, o, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pts)), "points")
}

// BenchmarkMeasure is one default point (k=4, per cell, 1500 bytes, 90%
// load); one op is both runs of the point.
func BenchmarkMeasure(b *testing.B) {
	s, err := ParseSize("fixed:1500")
	if err != nil {
		b.Fatal(err)
	}
	p := Point{K: 4, FreeMode: tm.FreeCell, Size: s, Load: 90, Ports: 8}
	o := DefaultOptions()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Measure(context.Background(), p, o); err != nil {
			b.Fatal(err)
		}
	}
}
