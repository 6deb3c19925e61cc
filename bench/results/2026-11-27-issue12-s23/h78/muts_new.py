# h78: the mutants of h73's table (cache_muts.py, syncer_muts.py) that touch the reset/settle
# paths, rewritten where h78's change altered the mutated text (suffix n), plus new ones (suffix x).
S="cache/sync.go"; F="cache/frames.go"; Y="syncer/flush.go"
MUTS=[
("K1",S,"if e.is(taken) {\n\t\t\t\t// A flush","if false {\n\t\t\t\t// A flush","takeDirty: take a key whose Pending is unsettled"),
("K4",S,"if len(p.Delta) == 0 {\n\t\t\t\tc.undetach(e)","if false {\n\t\t\t\tc.undetach(e)","takeDirty: empty delta marked taken"),
("K5",S,"\t\t\t\te.set(taken, true)\n","","takeDirty: taken not set"),
("K16n",S,"\tif !e.deltaDropped() {\n\t\tfor _, f := range p.Delta {","\tif true {\n\t\tfor _, f := range p.Delta {","Confirm: subtract after a reset (deltaDropped not read; h73's K15/K16)"),
("K17",S,"e.addLocal(int64(f.Size/time.Second), f.StartUnix, -f.N)","e.addLocal(int64(f.Size/time.Second), f.StartUnix, -f.N+1)","Confirm: subtract one less"),
("K18",S,"\te.set(taken, false)\n\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Abort","\te.set(taken, false)\n\tc.requeue(e)\n}\n\n// Abort","Confirm: takenDropped not cleared"),
("K20b",S,"\te.set(taken, false)\n\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Abort","\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Abort","Confirm: taken not cleared"),
("K21",S,"\tdefer e.mu.Unlock()\n\te.set(taken, false)\n\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Replace","\tdefer e.mu.Unlock()\n\tif e.more != nil {\n\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Replace","Abort: taken not cleared"),
("K22",S,"\t\te.more.takenDropped = false\n\t}\n\tc.requeue(e)\n}\n\n// Replace","\t}\n\tc.requeue(e)\n}\n\n// Replace","Abort: takenDropped not cleared"),
("K24",S,"if s.Version >= e.version {","if s.Version > e.version {","Replace: install only a newer version"),
("K25",S,"if s.Version >= e.version {","if true {","Replace: install an older version too"),
("K27n",S,"\tif e.deltaDropped() {\n\t\tq.Delta = nil","\tif false {\n\t\tq.Delta = nil","Replace: keep the delta after a reset (deltaDropped not read; h73's K26/K27)"),
("K29",S,"Frames: slices.Clone(s.Frames), Epoch: s.Epoch}","Frames: slices.Clone(s.Frames), Epoch: 0}","Replace: base epoch 0"),
("K36",S,"if e.is(epochKnown) && e.epoch() >= s.Epoch {","if e.is(epochKnown) && e.epoch() > s.Epoch {","Reset: same epoch resets again"),
("K37",S,"if e.is(epochKnown) && e.epoch() >= s.Epoch {","if e.epoch() >= s.Epoch {","Reset: epochKnown ignored"),
("K38",S,"if e.epoch() == s.Epoch && e.more != nil {","if e.more != nil {","Reset: report epochDropped of another epoch"),
("K39",S,"if s.Version > e.version {\n\t\tdropped = e.install(s, now)","if s.Version >= e.version {\n\t\tdropped = e.install(s, now)","Reset: install an equal version"),
("K40x",S,"\te.rollAll(now)\n\tdropped += e.dropLocal()\n\te.setEpoch(s.Epoch)\n","\te.setEpoch(s.Epoch)\n","Reset: drops only through install (what install left stays)"),
("K40y",S,"\te.rollAll(now)\n\tdropped += e.dropLocal()\n","\te.rollAll(now)\n\tif s.Version <= e.version {\n\t\tdropped += e.dropLocal()\n\t}\n","Reset: drops only when it installs nothing"),
("K41n",S,"\te.setEpoch(s.Epoch)\n\tif e.more != nil {\n\t\te.more.epochDropped = 0","\tif e.more != nil {\n\t\te.more.epochDropped = 0","Reset: epoch not set"),
("K42",S,"\t\te.more.epochDropped = 0 // returned here: not again\n","","Reset: epochDropped kept"),
("K43",S,"dropped += e.dropLocal()","e.dropLocal()","Reset: dropped not reported"),
("G2",F,"\tif s.Version != 0 {\n\t\tif e.is(epochKnown)","\tif true {\n\t\tif e.is(epochKnown)","install: epoch of a version-0 snapshot"),
("G3",F,"if e.is(epochKnown) && s.Epoch > e.epoch() {","if e.is(epochKnown) && s.Epoch != e.epoch() {","install: drop on a lower epoch"),
("G4",F,"if e.is(epochKnown) && s.Epoch > e.epoch() {","if s.Epoch > e.epoch() {","install: drop on first install"),
("G5",F,"if e.is(epochKnown) && s.Epoch > e.epoch() {","if e.is(epochKnown) && s.Epoch >= e.epoch() {","install: drop on the same epoch"),
("G6",F,"\t\t\te.more.epochDropped = dropped // e.more exists: s.Epoch > 0\n","","install: epochDropped not recorded"),
("G7",F,"\t\te.setEpoch(s.Epoch)\n\t\tif dropped > 0 {","\t\tif dropped > 0 {","install: epoch not recorded"),
("G26",F,"\tif e.is(taken) {\n\t\te.overflow().takenDropped = true","\tif false {\n\t\te.overflow().takenDropped = true","dropLocal: takenDropped not set"),
("G26x",F,"\tif e.is(taken) {\n\t\te.overflow().takenDropped = true","\tif true {\n\t\te.overflow().takenDropped = true","dropLocal: takenDropped set on a key not taken"),
("G27",F,"\t\tfs = append(fs, e.more.orphan...)\n","","localFrames: orphans not counted"),
("G28",F,"\t\te.more.orphan = nil\n","","clearLocal: orphans survive"),
("G29b",F,"\t\te.at(i).local = [2]int64{}\n","\t\t_ = e.at(i)\n","clearLocal: slot counts survive"),
]
SYNCER=[
("F14",Y,"Frames: j.w.Frames, Epoch: j.w.Epoch}, now)","Frames: j.w.Frames, Epoch: 0}, now)","written CAS confirmed with epoch 0"),
("F28",Y,"if addOuts[i] == Written || d.LastWrites[s.cfg.Instance] == a.w.Seq {","if d.LastWrites[s.cfg.Instance] == a.w.Seq {","written Add without its Seq rebased"),
("F42",Y,"\t\t\t\tif len(q.Delta) == 0 {\n","\t\t\t\tif false {\n","reset-dropped delta written"),
("F43",Y,"\t\t\t\t\ts.cfg.Cache.Abort(&q)\n\t\t\t\t\tcontinue\n\t\t\t\t}\n\t\t\t\tif last &&","\t\t\t\t\tcontinue\n\t\t\t\t}\n\t\t\t\tif last &&","reset-dropped Pending left taken"),
("R4",Y,"d.Snapshot.Version == 0 || d.Snapshot.Epoch != u.w.Epoch || d.LastWrites","d.Snapshot.Version == 0 || d.LastWrites","resolve: Add across a reset resent"),
("R9",Y,"\t\t\ts.cfg.Cache.Abort(&u.p)\n\t\tcase !u.w.Add","\t\tcase !u.w.Add","resolve: gone Add left taken"),
("N6",Y,"\t\tEpoch:    p.Base.Epoch,\n","\t\tEpoch:    0,\n","write epoch 0"),
]
import os
if os.environ.get("SET") == "syncer":
    MUTS = SYNCER
# K40y above is malformed (it compares after install, where e.version is s.Version: always true,
# so it is the code as it is); K40z decides before install, as the removed guard did.
MUTS2=[
("K40z",S,"\tif s.Version > e.version {\n\t\tdropped = e.install(s, now)\n\t}\n\t// Drops what install left","\tinstalled := s.Version > e.version\n\tif installed {\n\t\tdropped = e.install(s, now)\n\t}\n\tif installed {\n\t\te.setEpoch(s.Epoch)\n\t\tif e.more != nil {\n\t\t\te.more.epochDropped = 0\n\t\t}\n\t\tc.resetDropped.Add(dropped)\n\t\treturn dropped, true\n\t}\n\t// Drops what install left","Reset: drops only when it installs nothing (the guard decided before install)"),
]
if os.environ.get("SET") == "k40z":
    MUTS = MUTS2
