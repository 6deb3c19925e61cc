package cache

// The collision hash modes of the key table's adversarial tests (see
// hashModes) go through the Cache's testHash hook, set right after New and
// before any key is used.
func init() {
	setTestHash = func(c *Cache, h func(Key) uint64) { c.testHash = h }
}
