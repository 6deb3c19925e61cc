R=/tmp/s33/h187/results/mutants/run.sh
$R T_close_low_nibble_for_both cache/open.go 'if e.hot.code>>(4*i)&0x0f == 0 {' 'if e.hot.code&0x0f == 0 {'
$R U_open_second_size_n1 cache/open.go '		if e.n >= 2 {
			o.second.size = e.roomSize(sc, 1)' '		if e.n >= 1 {
			o.second.size = e.roomSize(sc, 1)'
$R V_commit2_no_room2 cache/decide.go 'case r.sizes[2] == 0 && e.room2: // e.n' 'case r.sizes[2] == 0: // e.n'
