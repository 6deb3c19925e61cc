R=/tmp/s33/h187/results/mutants/run.sh
$R U_whole cache/open.go '		if e.n >= 2 {
			o.second.size = e.roomSize(sc, 1)' '		if e.n >= 1 {
			o.second.size = e.roomSize(sc, 1)' '.'
$R V_whole cache/decide.go 'case r.sizes[2] == 0 && e.room2: // e.n' 'case r.sizes[2] == 0: // e.n' '.'
$R N_whole cache/sizecode.go 'for i := range min(len(tiers), 2) {' 'for i := range min(len(tiers), 1) {' '.'
