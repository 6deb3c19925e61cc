package main

// Tests of the packaging (Dockerfile, compose.yaml, deploy/) that need no
// container engine, which CI machines do not run: the image's build command,
// run as the Dockerfile writes it; every file compose.yaml mounts; the
// Prometheus configuration, checked by promtool in the layout compose
// mounts; the Grafana provisioning and the dashboards it points at. What
// they cannot check: that the base images exist and run, that the
// containers start and find each other. README.md says so.

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v4"

	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// repoRoot is the module root, from this package's directory.
const repoRoot = "../.."

func readRepoFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// dockerBuildLine returns the go build command of the Dockerfile (the line
// after RUN).
func dockerBuildLine(t *testing.T, dockerfile string) string {
	t.Helper()
	var found []string
	for _, line := range strings.Split(dockerfile, "\n") {
		if cmd, ok := strings.CutPrefix(line, "RUN "); ok && strings.Contains(cmd, "go build") {
			found = append(found, cmd)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d RUN lines with go build in the Dockerfile, want 1: %q", len(found), found)
	}
	return found[0]
}

// TestDockerfile checks the Dockerfile's structure: a build stage whose
// output the final stage copies, a minimal base, a non-root user, the Go
// version of go.mod, sources that exist.
func TestDockerfile(t *testing.T) {
	df := string(readRepoFile(t, "Dockerfile"))
	gomod := string(readRepoFile(t, "go.mod"))
	build := dockerBuildLine(t, df)
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(gomod)
	checks := []struct {
		name string
		ok   bool
	}{
		{"go build with CGO_ENABLED=0", strings.Contains(build, "CGO_ENABLED=0 ")},
		{"go build with -trimpath", strings.Contains(build, " -trimpath ")},
		{"go build to /out/oauth-ratelimit", strings.Contains(build, " -o /out/oauth-ratelimit ")},
		{"the final stage copies the build's output", strings.Contains(df, "COPY --from=build /out/oauth-ratelimit ")},
		{"a build stage named build", regexp.MustCompile(`(?m)^FROM golang:\S+ AS build$`).MatchString(df)},
		{"the Go version of go.mod", goVersion != nil && strings.Contains(df, "ARG GO_VERSION="+goVersion[1]+"\n")},
		{"a distroless static final stage", regexp.MustCompile(`(?m)^FROM gcr\.io/distroless/static\S*$`).MatchString(df)},
		{"a non-root user", regexp.MustCompile(`(?m)^USER [1-9][0-9]*:[1-9][0-9]*$`).MatchString(df)},
		{"an entrypoint", strings.Contains(df, `ENTRYPOINT ["/usr/local/bin/oauth-ratelimit"]`)},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("Dockerfile: want %s", c.name)
		}
	}
	// Every file the stages copy from the context exists.
	for _, m := range regexp.MustCompile(`(?m)^COPY ([^-\n][^\n]*) \S+$`).FindAllStringSubmatch(df, -1) {
		for _, src := range strings.Fields(m[1]) {
			if src == "." {
				continue
			}
			if _, err := os.Stat(filepath.Join(repoRoot, src)); err != nil {
				t.Errorf("Dockerfile copies %s: %v", src, err)
			}
		}
	}
}

// TestDockerBuildCommand runs the image's build command as the Dockerfile
// writes it, in the environment of the golang image (no GOFLAGS), and checks
// that the binary is static (no ELF interpreter, no shared libraries: it
// runs on distroless/static), starts, and reports the revision it was
// built from.
func TestDockerBuildCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server with the image's flags")
	}
	build := dockerBuildLine(t, string(readRepoFile(t, "Dockerfile")))
	out := t.TempDir()
	cmdline := strings.ReplaceAll(build, "/out/", out+"/")
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.Dir = repoRoot
	// The golang image sets no GOFLAGS and has no go env file (a machine's
	// may say -buildvcs=false: GOENV=off leaves it out); it does set
	// GOTOOLCHAIN=local.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "CGO_ENABLED=") && !strings.HasPrefix(kv, "GOENV=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "GOENV=off", "GOTOOLCHAIN=local")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmdline, err, b)
	}
	bin := filepath.Join(out, "oauth-ratelimit")
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the binary has an ELF interpreter: it is dynamically linked")
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("the binary needs shared libraries %v (%v)", libs, err)
	}
	if filePath, err := exec.LookPath("file"); err == nil {
		b, _ := exec.Command(filePath, bin).Output()
		if !bytes.Contains(b, []byte("statically linked")) {
			t.Errorf("file says: %s", b)
		}
	}
	v, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("--version: %v", err)
	}
	rev, err := exec.Command("git", "-C", repoRoot, "rev-parse", "HEAD").Output()
	if fi, statErr := os.Stat(filepath.Join(repoRoot, ".git")); err == nil && (statErr != nil || !fi.IsDir()) {
		// A git worktree's .git is a file: cmd/go stamps a revision only
		// under a .git directory, and a docker build of a worktree's
		// context has no repository either. The image's build says so.
		if want := "(revision unknown"; !strings.Contains(string(v), want) {
			t.Errorf("--version %q in a git worktree, want %q...", v, want)
		}
		return
	}
	if err == nil {
		if want := "(revision " + strings.TrimSpace(string(rev)); !strings.Contains(string(v), want) {
			t.Errorf("--version %q, want %q...", v, want)
		}
	} else {
		t.Logf("no git (%v): the revision is not compared", err)
	}
}

// compose is the part of compose.yaml these tests read.
type compose struct {
	Services map[string]struct {
		Build       any               `yaml:"build"`
		Image       string            `yaml:"image"`
		Environment map[string]string `yaml:"environment"`
		Volumes     []string          `yaml:"volumes"`
		Ports       []string          `yaml:"ports"`
		StopGrace   string            `yaml:"stop_grace_period"`
	} `yaml:"services"`
	Secrets map[string]struct {
		File string `yaml:"file"`
	} `yaml:"secrets"`
}

func readCompose(t *testing.T) compose {
	t.Helper()
	var c compose
	if err := yaml.Unmarshal(readRepoFile(t, "compose.yaml"), &c); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	return c
}

// hostPath maps a path in a service's container to the file of the
// repository that the service mounts there ("" if none).
func (c compose) hostPath(service, inContainer string) string {
	best, bestDst := "", ""
	for _, v := range c.Services[service].Volumes {
		parts := strings.Split(v, ":")
		if len(parts) < 2 || !strings.HasPrefix(parts[0], "./") {
			continue
		}
		src, dst := parts[0], parts[1]
		if (inContainer == dst || strings.HasPrefix(inContainer, dst+"/")) && len(dst) > len(bestDst) {
			best, bestDst = filepath.Join(repoRoot, src, strings.TrimPrefix(inContainer, dst)), dst
		}
	}
	return best
}

// TestComposeFile: every file compose.yaml names exists; MongoDB 7, two
// limiter instances with their own names sharing it, Prometheus and
// Grafana, every image pinned.
func TestComposeFile(t *testing.T) {
	c := readCompose(t)
	for name, s := range c.Services {
		if s.Build != nil {
			if _, err := os.Stat(filepath.Join(repoRoot, "Dockerfile")); err != nil {
				t.Errorf("%s builds the context: %v", name, err)
			}
		}
		if s.Image == "" || !strings.Contains(s.Image, ":") || strings.HasSuffix(s.Image, ":latest") {
			t.Errorf("%s: image %q, want a pinned tag", name, s.Image)
		}
		for _, v := range s.Volumes {
			src, _, _ := strings.Cut(v, ":")
			if strings.HasPrefix(src, ".") {
				if _, err := os.Stat(filepath.Join(repoRoot, src)); err != nil {
					t.Errorf("%s mounts %s: %v", name, src, err)
				}
			}
		}
	}
	for name, s := range c.Secrets {
		if _, err := admin.ReadToken(filepath.Join(repoRoot, s.File)); err != nil {
			t.Errorf("secret %s: %v", name, err)
		}
	}
	if got := c.Services["mongo"].Image; got != "mongo:7" {
		t.Errorf("mongo image %q, want mongo:7", got)
	}
	instances := map[string]bool{}
	for _, name := range []string{"limiter-1", "limiter-2"} {
		s, ok := c.Services[name]
		if !ok {
			t.Fatalf("no service %s", name)
		}
		env := s.Environment
		instances[env["OAUTH_RATELIMIT_INSTANCE"]] = true
		if env["OAUTH_RATELIMIT_MONGO_URI"] != "mongodb://mongo:27017" {
			t.Errorf("%s: mongo URI %q", name, env["OAUTH_RATELIMIT_MONGO_URI"])
		}
		// The environment must pass the server's own validation.
		o, err := parseOptions(nil, func(k string) string { return env[k] }, nil)
		if err != nil {
			t.Errorf("%s: the server refuses its environment: %v", name, err)
			continue
		}
		// A stop waits out the shutdown and the final flush before
		// compose kills the process, or the counts of the last sync
		// interval are lost.
		if grace, err := time.ParseDuration(s.StopGrace); err != nil || grace <= maxStop(o) {
			t.Errorf("%s: stop_grace_period %q, want more than the longest stop (maxStop: --shutdown-timeout + the cut requests' grace + the admin calls' drain + --final-flush-timeout + the admin listener's close + the store's close), %v", name, s.StopGrace, maxStop(o))
		}
		pol := c.hostPath(name, o.policyPath)
		if pol == "" {
			t.Errorf("%s: --policy %s is not mounted", name, o.policyPath)
		} else if _, err := policy.Load(pol); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if env["OAUTH_RATELIMIT_ADMIN_TOKEN_FILE"] != "/run/secrets/admin_token" || len(c.Secrets["admin_token"].File) == 0 {
			t.Errorf("%s: the admin token is not the admin_token secret", name)
		}
		// Both instances share one store: one key names a user alike in
		// their dry-run logs (each would warn at start without it).
		if env["OAUTH_RATELIMIT_LOG_USER_KEY_FILE"] != "/run/secrets/log_user_key" || len(c.Secrets["log_user_key"].File) == 0 {
			t.Errorf("%s: the dry-run log's user key is not the log_user_key secret", name)
		} else {
			o.logUserKeyFile = filepath.Join(repoRoot, c.Secrets["log_user_key"].File)
			if _, err := o.logUserKey(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	if len(instances) != 2 || instances[""] {
		t.Errorf("instance names %v: want two, distinct", instances)
	}
}

// TestPrometheusConfig lays the files out as compose mounts them into the
// Prometheus container and checks the configuration with promtool: it
// parses, and its rule files (dashboards/alerts.yaml) are found and valid.
// It also checks that the targets are the limiters' admin listeners.
func TestPrometheusConfig(t *testing.T) {
	c := readCompose(t)
	root := t.TempDir()
	for _, v := range c.Services["prometheus"].Volumes {
		parts := strings.Split(v, ":")
		if !strings.HasPrefix(parts[0], "./") {
			continue
		}
		src, err := filepath.Abs(filepath.Join(repoRoot, parts[0]))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(root, parts[1])
		must(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		must(t, os.Symlink(src, dst))
	}
	config := filepath.Join(root, "etc/prometheus/prometheus.yml")
	out, err := exec.Command(promtool(t), "check", "config", config).CombinedOutput()
	if err != nil {
		t.Fatalf("promtool check config: %v\n%s", err, out)
	}
	if m := regexp.MustCompile(`SUCCESS: (\d+) rules found`).FindSubmatch(out); m == nil || string(m[1]) == "0" {
		t.Errorf("promtool found no rules:\n%s", out)
	}

	var pc struct {
		ScrapeConfigs []struct {
			StaticConfigs []struct {
				Targets []string `yaml:"targets"`
			} `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	must(t, yaml.Unmarshal(readRepoFile(t, "deploy/prometheus/prometheus.yml"), &pc))
	var targets []string
	for _, sc := range pc.ScrapeConfigs {
		for _, st := range sc.StaticConfigs {
			targets = append(targets, st.Targets...)
		}
	}
	for _, name := range []string{"limiter-1", "limiter-2"} {
		_, port, _ := strings.Cut(c.Services[name].Environment["OAUTH_RATELIMIT_ADMIN_LISTEN"], ":")
		if want := name + ":" + port; !strings.Contains(strings.Join(targets, " "), want) {
			t.Errorf("targets %v do not scrape %s (the admin listener of %s)", targets, want, name)
		}
	}
}

func promtool(t *testing.T) string {
	t.Helper()
	p := os.Getenv("PROMTOOL")
	if p == "" {
		p, _ = exec.LookPath("promtool")
	}
	if p != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	msg := "promtool not found ($PROMTOOL or PATH); make services installs it"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI=true requires it")
	}
	t.Skip(msg)
	return ""
}

// TestGrafanaProvisioning: the data source is the compose Prometheus, the
// default one; the dashboard provider reads a directory that compose fills
// from dashboards/, whose dashboards pick a Prometheus data source.
func TestGrafanaProvisioning(t *testing.T) {
	c := readCompose(t)
	prov := c.hostPath("grafana", "/etc/grafana/provisioning")
	if prov == "" {
		t.Fatal("grafana: nothing mounted at /etc/grafana/provisioning")
	}

	var ds struct {
		APIVersion  int `yaml:"apiVersion"`
		Datasources []struct {
			Name, Type, URL, UID string
			IsDefault            bool `yaml:"isDefault"`
		} `yaml:"datasources"`
	}
	must(t, yaml.Unmarshal(readFile(t, filepath.Join(prov, "datasources/prometheus.yaml")), &ds))
	if ds.APIVersion != 1 || len(ds.Datasources) != 1 {
		t.Fatalf("datasources: %+v, want apiVersion 1 and one data source", ds)
	}
	d := ds.Datasources[0]
	if d.Type != "prometheus" || !d.IsDefault || d.URL != "http://prometheus:9090" {
		t.Errorf("data source %+v, want the default, of type prometheus, at http://prometheus:9090", d)
	}
	if _, ok := c.Services["prometheus"]; !ok {
		t.Errorf("the data source's host prometheus is not a compose service")
	}

	var dp struct {
		APIVersion int `yaml:"apiVersion"`
		Providers  []struct {
			Name, Type string
			Options    struct {
				Path string `yaml:"path"`
			} `yaml:"options"`
		} `yaml:"providers"`
	}
	must(t, yaml.Unmarshal(readFile(t, filepath.Join(prov, "dashboards/oauth-ratelimit.yaml")), &dp))
	if dp.APIVersion != 1 || len(dp.Providers) != 1 || dp.Providers[0].Type != "file" {
		t.Fatalf("dashboard providers: %+v, want apiVersion 1 and one of type file", dp)
	}
	dir := c.hostPath("grafana", dp.Providers[0].Options.Path)
	if dir == "" {
		t.Fatalf("the provider's path %s is not mounted", dp.Providers[0].Options.Path)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no dashboard in %s", dir)
	}
	for _, f := range files {
		var db struct {
			UID, Title string
			Templating struct {
				List []struct {
					Name, Type string
					Query      json.RawMessage
				}
			}
		}
		if err := json.Unmarshal(readFile(t, f), &db); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if db.UID == "" || db.Title == "" {
			t.Errorf("%s: uid %q, title %q", f, db.UID, db.Title)
		}
		var picks bool
		for _, v := range db.Templating.List {
			picks = picks || v.Type == "datasource" && string(v.Query) == `"prometheus"`
		}
		if !picks {
			t.Errorf("%s: no data source variable of type prometheus: the provisioned data source would not be used", f)
		}
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
