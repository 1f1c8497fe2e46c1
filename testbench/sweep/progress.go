package sweep

import (
	"io"
	"os"
	"sync"

	"github.com/schollz/progressbar/v3"
)

// IsTerminal reports whether w is an *os.File open on a character device
// (a terminal). Pipes, regular files and buffers are not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Progress is a progress bar for a sweep of a known number of points. It
// draws on its writer only when that writer is a terminal; otherwise every
// method does nothing, so batch runs and tests stay quiet.
type Progress struct {
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

// NewProgress returns a progress bar of total points labelled desc on w
// (normally os.Stderr); it is silent unless w is a terminal and total > 1.
func NewProgress(w io.Writer, total int, desc string) *Progress {
	if !IsTerminal(w) || total <= 1 {
		return &Progress{}
	}
	return &Progress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100_000_000), // redraw at most every 100 ms
	)}
}

// Done records one finished point; it is safe for concurrent use.
func (p *Progress) Done() {
	if p == nil || p.bar == nil {
		return
	}
	p.mu.Lock()
	_ = p.bar.Add(1)
	p.mu.Unlock()
}

// Add records n more units done (cycles of a long co-simulation, say); it
// is safe for concurrent use.
func (p *Progress) Add(n int) {
	if p == nil || p.bar == nil || n <= 0 {
		return
	}
	p.mu.Lock()
	_ = p.bar.Add(n)
	p.mu.Unlock()
}

// Finish clears the bar.
func (p *Progress) Finish() {
	if p == nil || p.bar == nil {
		return
	}
	p.mu.Lock()
	_ = p.bar.Finish()
	p.mu.Unlock()
}

// Active reports whether the bar draws anything.
func (p *Progress) Active() bool { return p != nil && p.bar != nil }
