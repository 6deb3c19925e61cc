from sweep2 import run
import nominal3, nominal2
from sweep import sizes_table
from model3 import head_size
for limit in (65536, 131072, 262144):
    run('renom %dk 75'%(limit//1024), lambda st: nominal3.sizes_table(st, limit, 75))
for limit in (65536, 131072, 262144):
    o,cp=nominal3.sizes_table(32, limit, 75, cmax=3906, copies=True)
    print('copies growing to 3906 keys, limit %dk: %d'%(limit//1024, cp))
o,cp=nominal3.sizes_table(32, 0, 75, cmax=3906, copies=True); print('head copies', cp)
