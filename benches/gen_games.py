#!/usr/bin/env python3
"""Writes generated games for the memory benchmark: gen_games.py TOTAL OUT_DIR (100 games a
file, 40-120 random moves each on 19x19, then two passes and a result; fixed seed)."""
import random, os, sys

total=int(sys.argv[1]); out=sys.argv[2]
os.makedirs(out, exist_ok=True)
rnd=random.Random(7)
letters='abcdefghijklmnopqrs'
per=100
for f in range(total//per):
    parts=[]
    for g in range(per):
        n=rnd.randint(40,120)
        mv=[]
        for i in range(n):
            c='B' if i%2==0 else 'W'
            mv.append(';%s[%s%s]'%(c, rnd.choice(letters), rnd.choice(letters)))
        mv.append(';B[];W[]')
        res=rnd.choice(['B+R','W+R','B+3.5','W+0.5'])
        parts.append('(;GM[1]FF[4]SZ[19]KM[7.5]PB[p%d]PW[p%d]DT[2020-01-%02d]RE[%s]%s)'%(rnd.randint(0,500),rnd.randint(0,500),rnd.randint(1,28),res,''.join(mv)))
    open(os.path.join(out,'c%05d.sgf'%f),'w').write('\n'.join(parts))
