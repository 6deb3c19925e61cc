# h78: h73's mutants of the resets/takenDropped paths (cache_muts.py, as written there), and G26x,
# run on 3a4f6a4 (the code before h78's change, with TestResetWhileTakenInEveryOrdering) with
# only the new test: which of them it kills there.
S="cache/sync.go"; F="cache/frames.go"
MUTS=[
("K15",S,"if e.resets == p.resets && !e.deltaDropped() {","if !e.deltaDropped() {","Confirm: subtract after a reset (resets)"),
("K16",S,"if e.resets == p.resets && !e.deltaDropped() {","if e.resets == p.resets {","Confirm: subtract after a reset (deltaDropped)"),
("K18",S,"\te.set(taken, false)\n\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Abort","\te.set(taken, false)\n\tc.requeue(e)\n}\n\n// Abort","Confirm: takenDropped not cleared"),
("K22",S,"\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Replace","\t}\n\tc.requeue(e)\n}\n\n// Replace","Abort: takenDropped not cleared"),
("K26",S,"if e.resets != p.resets || e.deltaDropped() {","if e.deltaDropped() {","Replace: keep the delta after a reset (resets)"),
("K27",S,"if e.resets != p.resets || e.deltaDropped() {","if e.resets != p.resets {","Replace: keep the delta after a reset (deltaDropped)"),
("K40b",S,"if e.resets == resets {","if e.resets == resets || true {","Reset: drop again after install dropped"),
("G25",F,"\te.clearLocal()\n\te.resets++\n","\te.clearLocal()\n","dropLocal: resets not bumped"),
("G26",F,"\tif e.is(taken) {\n\t\te.overflow().takenDropped = true","\tif false {\n\t\te.overflow().takenDropped = true","dropLocal: takenDropped not set"),
("G26x",F,"\tif e.is(taken) {\n\t\te.overflow().takenDropped = true","\tif true {\n\t\te.overflow().takenDropped = true","dropLocal: takenDropped set on a key not taken"),
]
