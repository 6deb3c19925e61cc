//go:build 386 || amd64 || arm64 || ppc64 || ppc64le || s390x || wasm

package cache

// unalignedLoads says whether a load of 8 bytes may start at any address
// (see sameBytes): on these architectures it may (their alignment is 1 in
// the Go toolchain's table, cmd/internal/sys/arch.go). It may take two
// loads where an aligned one takes one (386 loads 8 bytes as two of 4),
// which is still fewer instructions than the call it saves.
const unalignedLoads = true
