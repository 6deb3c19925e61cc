package accuracy

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Section is a titled group of runs, shown as one table.
type Section struct {
	Title   string
	Note    string
	Configs []Config
	// PerWindow shows each fixed window's admitted ÷ the limit and the
	// least after the first, for loads whose question is whether the
	// client gets its limit, not only whether it is held to it.
	PerWindow bool
}

// label returns what distinguishes c within a section's table: the
// strategy, and for Synced its interval, plus every option off its default.
func label(c Config) string {
	c = c.withDefaults()
	var b strings.Builder
	b.WriteString(c.Strategy.String())
	if c.Strategy == Synced {
		fmt.Fprintf(&b, " %v", shortDuration(c.Interval))
	}
	if c.Skew > 0 {
		fmt.Fprintf(&b, ", skew %v", shortDuration(c.Skew))
	}
	if c.Latency > 0 {
		fmt.Fprintf(&b, ", latency %v", shortDuration(c.Latency))
	}
	if c.Aligned {
		b.WriteString(", flushes in step")
	}
	if c.NoShare && c.Strategy == Synced {
		b.WriteString(", no share")
	}
	if c.NoAdaptive && c.Strategy == Synced {
		b.WriteString(", no adaptive sync")
	}
	return b.String()
}

// shortDuration writes 100ms, 1s, 5s, 250ms rather than 1m0s-style forms.
func shortDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

// Markdown writes the results of sections as markdown tables: one row per
// run, in the order of the section's Configs. results maps a run's Config
// (with defaults applied) to its Result.
func Markdown(sections []Section, results map[Config]Result) string {
	var b strings.Builder
	for _, s := range sections {
		fmt.Fprintf(&b, "### %s\n\n", s.Title)
		if s.Note != "" {
			fmt.Fprintf(&b, "%s\n\n", s.Note)
		}
		if s.PerWindow {
			b.WriteString("| N | limiter | each fixed window / limit | least after the first | worst fixed window / limit | worst sliding window / limit | store calls / instance / s |\n")
			b.WriteString("|--:|---|---|--:|--:|--:|--:|\n")
		} else {
			b.WriteString("| N | limiter | worst fixed window / limit | worst after the first | mean fixed window / limit | worst sliding window / limit | store calls / instance / s | writes / loads / conflicts |\n")
			b.WriteString("|--:|---|--:|--:|--:|--:|--:|--:|\n")
		}
		for _, c := range s.Configs {
			r, ok := results[c.withDefaults()]
			if !ok {
				continue
			}
			if s.PerWindow {
				each := make([]string, len(r.PerWindow))
				for i, n := range r.PerWindow {
					each[i] = fmt.Sprintf("%.3f", float64(n)/float64(r.Config.Limit))
				}
				fmt.Fprintf(&b, "| %d | %s | %s | %.3f | %.3f | %.3f | %s |\n",
					c.Instances, label(c), strings.Join(each, " "), r.LeastLater, r.WorstFixed, r.WorstSliding, opsRate(r))
				continue
			}
			calls := "–"
			if c.Strategy == Synced {
				calls = fmt.Sprintf("%d / %d / %d", r.Writes, r.Loads, r.Conflicts)
			}
			fmt.Fprintf(&b, "| %d | %s | %.3f | %.3f | %.3f | %.3f | %s | %s |\n",
				c.Instances, label(c), r.WorstFixed, r.WorstLater, r.MeanFixed, r.WorstSliding, opsRate(r), calls)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func opsRate(r Result) string {
	if r.StoreOps == 0 {
		return "0"
	}
	return fmt.Sprintf("%.2f", r.OpsPerInstanceSec)
}

// Line is one line of the picture: a name and its points (x = N, y =
// overshoot as a fraction of the limit).
type Line struct {
	Name   string
	Points [][2]float64
}

// SVG draws lines as a plot of overshoot (worst fixed window / limit − 1,
// in percent) against the number of instances on a logarithmic axis, under
// title and above caption (split into lines at "\n"): plain SVG 1.1,
// written by hand so that the command needs nothing beyond the standard
// library.
func SVG(title, caption string, lines []Line) string {
	const (
		w, h                     = 960, 460
		left, right, top, bottom = 70, 330, 50, 90
	)
	var xs []float64
	ymax := 0.0
	for _, l := range lines {
		for _, p := range l.Points {
			if !slices.Contains(xs, p[0]) {
				xs = append(xs, p[0])
			}
			ymax = max(ymax, p[1]*100)
		}
	}
	slices.Sort(xs)
	if len(xs) == 0 {
		return ""
	}
	step := niceStep(ymax)
	ytop := math.Max(step, math.Ceil(ymax/step)*step)
	lx0, lx1 := math.Log(xs[0]), math.Log(xs[len(xs)-1])
	px := func(x float64) float64 {
		if lx1 == lx0 {
			return left + float64(w-left-right)/2
		}
		return left + (math.Log(x)-lx0)/(lx1-lx0)*float64(w-left-right)
	}
	py := func(y float64) float64 { return top + (1-y*100/ytop)*float64(h-top-bottom) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, "<title>%s</title>\n<desc>%s</desc>\n", esc(title), esc(caption))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", left, esc(title))
	for y := 0.0; y <= ytop+1e-9; y += step {
		yy := py(y / 100)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, yy, w-right, yy)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%g %%</text>`+"\n", left-8, yy+4, y)
	}
	for _, x := range xs {
		xx := px(x)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", xx, top, xx, h-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%g</text>`+"\n", xx, h-bottom+18, x)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">instances (N, log scale)</text>`+"\n", left+(w-left-right)/2, h-bottom+40)
	fmt.Fprintf(&b, `<text transform="translate(18 %d) rotate(-90)" text-anchor="middle">worst fixed window over the limit</text>`+"\n", top+(h-top-bottom)/2)
	colors := []string{"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"}
	for i, l := range lines {
		col := colors[i%len(colors)]
		var pts []string
		for _, p := range l.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(p[0]), py(p[1])))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), col)
		for _, p := range l.Points {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s, N=%g: %.1f %%</title></circle>`+"\n", px(p[0]), py(p[1]), col, esc(l.Name), p[0], p[1]*100)
			if p[1] > 0.0005 { // the values at 0 would pile up on the axis
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="11" fill="%s" text-anchor="middle">%.1f %%</text>`+"\n", px(p[0]), py(p[1])-8, col, p[1]*100)
			}
		}
		ly := top + 10 + 22*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>`+"\n", w-right+35, ly, w-right+60, ly, col)
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", w-right+66, ly+4, esc(l.Name))
	}
	for i, line := range strings.Split(caption, "\n") {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" fill="#555">%s</text>`+"\n", 10, h-26+14*i, esc(line))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// niceStep returns a grid step of 1, 2 or 5 × 10^k that cuts [0, v] into
// at most about 8 parts.
func niceStep(v float64) float64 {
	if v <= 0 {
		return 1
	}
	raw := v / 8
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
