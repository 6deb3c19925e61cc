from sweep2 import run
import nominal2
for limit in (131072, 262144, 524288):
    for ml in (74, 75, 76):
        run('pages %dk %d'%(limit//1024, ml), lambda st: nominal2.sizes_table(st, limit, ml))
