//go:build 386 || amd64 || arm64 || ppc64le || s390x

package cache

// unalignedLoads says whether a load of 8 bytes may start at any address
// (see sameBytes): on these architectures it may, and costs what an
// aligned one does.
const unalignedLoads = true
