import sys
from sweep import pmodel, glm
from model2 import GL
import nominal
ns=[int(100000*(20**(i/79))) for i in range(80)]
G={n:glm(n) for n in ns}
def run(label, mk):
    for stride in (32,48):
        st=mk(stride)
        worst=-1e9; wn=0; above=0; ls=[]
        for n in ns:
            b,l=pmodel(n,st,stride); ls.append(l)
            d=b-G[n]
            if d>worst: worst,wn=d,n
            if d>0: above+=1
        pts=' '.join('%.1f'%(pmodel(n,st,stride)[0]-GL[n]) for n in sorted(GL))
        print('%-16s %d worst %+.1f at %d, above at %d/80, mean load %.3f | 7 counts vs GL: %s'%(label,stride,worst,wn,above,sum(ls)/len(ls),pts))
from sweep import sizes_table
from model3 import head_size
run('head+bits', lambda st: sizes_table(head_size, st))
for limit in (65536, 131072, 262144):
    for ml in (74, 75, 76, 78, 80):
        run('nom %dk %d'%(limit//1024, ml), lambda st: nominal.sizes_table(st, limit, ml))
