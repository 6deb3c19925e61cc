#!/bin/sh
# old = 3adb1fb (h198's HEAD, worktree mut2), new = 17b4cab (this review's fix, worktree wnew)
set -e
cd /tmp/s35/h202/mut2 && go test -c -o /tmp/s35/h202/old.test . && (cd bench && go test -c -o /tmp/s35/h202/bold.test .)
cd /tmp/s35/h202/wnew && go test -c -o /tmp/s35/h202/new.test . && (cd bench && go test -c -o /tmp/s35/h202/bnew.test .)
echo built
