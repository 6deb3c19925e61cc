S = "policy/spec.go"; D = "policy/decode.go"
MUTS = [
 ("P9", S, 330, "u.Size == t.Size", "u.Size == t.Size && false", "checkTiers: two tiers with one window accepted"),
 ("P26", S, 393, "def.Costs[g] = c", "def.Costs[g] = 1 + 0*c", "compile: top-level costs ignored"),
 ("P30", S, 425, "r.Costs[g] = c", "r.Costs[g] += 0 * c", "compile: client costs ignored"),
 ("P32", S, 438, "slices.SortFunc(ts,", "slices.SortFunc(ts[:0],", "setTiers: tiers not sorted by window"),
 ("P53", D, 342, "allowed != nil && !slices.Contains(allowed, e.key)", "allowed != nil && !slices.Contains(allowed, e.key) && false", "fields: unknown fields accepted"),
 ("T33", "internal/tokenrequest/form.go", 324, "start := len(*scratch)", "start := 0", "appendForm: returns the whole scratch"),
]
