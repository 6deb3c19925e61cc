//go:build !(386 || amd64 || arm64 || ppc64 || ppc64le || s390x || wasm)

package cache

// unalignedLoads says whether a load of 8 bytes may start at any address
// (see sameBytes): not on these architectures (arm, loong64, mips*,
// riscv64: the Go toolchain requires aligned loads or makes unaligned ones
// slow there), so sameBytes compares as strings do.
const unalignedLoads = false
