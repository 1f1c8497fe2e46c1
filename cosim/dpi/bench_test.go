package dpi

import "testing"

// BenchmarkModelCheck is the scoreboard's per-cycle Go cost without the C
// crossing: draw the registry stimulus, step and compare against a second
// model's outputs (which also costs a step: divide by about two).
func BenchmarkModelCheck(b *testing.B) {
	m, err := New("arbiter", map[string]int{"N": 64})
	if err != nil {
		b.Fatal(err)
	}
	ref, _ := New("arbiter", map[string]int{"N": 64})
	in := make([]uint32, m.Layout.InWords)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := m.Stimulus(in); err != nil {
			b.Fatal(err)
		}
		_ = ref.SetInputs(in)
		_ = ref.Step()
		mm, err := m.Check(in, ref.Outputs())
		if err != nil || mm != nil {
			b.Fatal(err, mm)
		}
	}
}
