package experiment

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"occamy/rtl/outfile"
)

// Figure is a grid of plots (rows of columns) saved together.
type Figure struct {
	Plots         [][]*plot.Plot
	Width, Height vg.Length
}

// Save writes base+".png" and base+".svg" and returns their paths.
func (f *Figure) Save(base string) ([]string, error) {
	var files []string
	for _, ext := range []string{"png", "svg"} {
		path := base + "." + ext
		var c interface {
			vg.CanvasWriterTo
		}
		switch ext {
		case "png":
			c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(110))}
		default:
			c = vgsvg.New(f.Width, f.Height)
		}
		rows := len(f.Plots)
		cols := len(f.Plots[0])
		tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: 6 * vg.Millimeter, PadY: 6 * vg.Millimeter,
			PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 4 * vg.Millimeter}
		dc := draw.New(c)
		canvases := plot.Align(f.Plots, tiles, dc)
		for i := range f.Plots {
			for j, p := range f.Plots[i] {
				if p != nil {
					p.Draw(canvases[i][j])
				}
			}
		}
		// Through rtl/outfile: a failed write (a full disk) leaves no
		// truncated figure under its final name.
		file, err := outfile.Create(path)
		if err != nil {
			return files, err
		}
		if _, err := c.WriteTo(file); err != nil {
			file.Abort()
			return files, err
		}
		if err := file.Commit(); err != nil {
			return files, err
		}
		files = append(files, path)
	}
	return files, nil
}

// newPlot is a plot with a title and axis labels, a grid and the legend
// at the top right.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = 8 * vg.Millimeter
	return p
}

// style picks a line's look: colour i of the palette, dashed or solid.
type style struct {
	color  int
	dashed bool
	points bool
}

// addLine adds a named line through (xs, ys).
func addLine(p *plot.Plot, name string, xs, ys []float64, s style) error {
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		pts[i].X, pts[i].Y = xs[i], ys[i]
	}
	var c color.Color = plotutil.Color(s.color)
	if s.points {
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		l.Color, sc.Color = c, c
		sc.Shape = plotutil.Shape(s.color)
		if s.dashed {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l, sc)
		if name != "" {
			p.Legend.Add(name, l, sc)
		}
		return nil
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = vg.Points(1.2)
	if s.dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// sendersAxis draws the x axis of a burst-rate sweep on a log scale, with a
// tick at every power of two in it, so that the few senders where DT
// changes and the many where Occamy's cases stop are both readable.
func sendersAxis(p *plot.Plot, senders []int) {
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for s := 1; s <= senders[len(senders)-1]; s *= 2 {
		if s >= senders[0] {
			ticks = append(ticks, plot.Tick{Value: float64(s), Label: fmt.Sprint(s)})
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
}
