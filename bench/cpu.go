package bench

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
)

// CPU describes the processor the benchmarks run on, for the header of
// their output: /proc/cpuinfo's model name alone ("AMD EPYC" on the
// project's machines) names no generation, and two machines of one kind
// were found to have different ones (family 25 model 17 and model 1), on
// which the contenders' ratios differ. So it adds the family, model,
// stepping and clock, and the L2 and L3 sizes. The clock is cpu0's when
// read (steady on these VMs; where the host scales frequency it moves from
// run to run). A field /proc/cpuinfo lacks (arm64 has no model name or
// family) prints as "?"; off Linux it names GOARCH.
func CPU() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return fmt.Sprintf("%s, %d CPUs (no /proc/cpuinfo)", runtime.GOARCH, runtime.NumCPU())
	}
	defer f.Close()
	fields := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			break // the first processor's block
		}
		k, v, ok := strings.Cut(line, ":")
		if ok {
			fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Sprintf("%s, %d CPUs (/proc/cpuinfo: %v)", runtime.GOARCH, runtime.NumCPU(), err)
	}
	return fmt.Sprintf("%s (family %s, model %s, stepping %s, %s MHz, L2 %s, L3 %s), %d CPUs",
		or(fields["model name"], runtime.GOARCH), or(fields["cpu family"], "?"), or(fields["model"], "?"),
		or(fields["stepping"], "?"), or(fields["cpu MHz"], "?"),
		cacheSize(2), cacheSize(3), runtime.NumCPU())
}

// cacheSize returns the size of cpu0's cache of the given level, as sysfs
// gives it (512K, 32768K), or "?".
func cacheSize(level int) string {
	for i := range 5 {
		dir := fmt.Sprintf("/sys/devices/system/cpu/cpu0/cache/index%d/", i)
		lv, err := os.ReadFile(dir + "level")
		if err != nil || strings.TrimSpace(string(lv)) != fmt.Sprint(level) {
			continue
		}
		typ, _ := os.ReadFile(dir + "type")
		if strings.TrimSpace(string(typ)) == "Instruction" {
			continue
		}
		if size, err := os.ReadFile(dir + "size"); err == nil {
			return strings.TrimSpace(string(size))
		}
	}
	return "?"
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
