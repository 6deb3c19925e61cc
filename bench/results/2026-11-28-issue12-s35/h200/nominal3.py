# As nominal2.py, but a full trimmed table is rebuilt to its nominal size,
# untrimmed (one more rebuild), whose growth is then the untrimmed rule's:
# no count where a shard's table is bigger than at HEAD.
from model2 import alloc
from nominal2 import head, trim
def sizes_table(stride, limit, ml, cmax=12000, copies=False):
    out=[0]*(cmax+1); nom=8; act=8; used=0; cp=0
    for c in range(1, cmax+1):
        if (used+1)*8 > act*7:
            cp += used
            if act != nom and (used+1)*8 <= 7*nom:
                act = nom
            else:
                want = used+1
                nom = head(want); act = trim(nom, want, limit, ml)
        used += 1; out[c] = act
    return (out, cp) if copies else out
