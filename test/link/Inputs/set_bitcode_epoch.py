"""Usage: set_bitcode_epoch.py IN.bc OUT.bc EPOCH

Copies a raw LLVM bitcode file, rewriting the epoch recorded in its
IDENTIFICATION_BLOCK (the first block; record IDENTIFICATION_CODE_EPOCH,
written by LLVM as an abbreviated VBR6 field). LLVM refuses bitcode whose
epoch differs from its own ("Incompatible epoch"), as it would bitcode from
a future producer with a new epoch. Only the six bits of the field change.
"""
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
new_epoch = int(sys.argv[3])
pos = 0
def read(n):
    global pos
    v = 0
    for i in range(n):
        v |= ((data[(pos + i) // 8] >> ((pos + i) % 8)) & 1) << i
    pos += n
    return v
def vbr(n):
    v, shift = 0, 0
    while True:
        piece = read(n)
        v |= (piece & ((1 << (n - 1)) - 1)) << shift
        shift += n - 1
        if not piece & (1 << (n - 1)):
            return v
assert data[:4] == b'BC\xc0\xde', 'not raw LLVM bitcode'
pos = 32
assert read(2) == 1 and vbr(8) == 13, 'no IDENTIFICATION_BLOCK first'
width = vbr(4)
pos = (pos + 31) // 32 * 32 + 32
abbrevs = []
while True:
    aid = read(width)
    if aid == 2:
        ops = []
        for _ in range(vbr(5)):
            if read(1):
                ops.append(('lit', vbr(8)))
            else:
                enc = read(3)
                ops.append((enc, vbr(5) if enc in (1, 2) else None))
        abbrevs.append(ops)
    elif aid >= 4:
        ops = abbrevs[aid - 4]
        code = ops[0][1] if ops[0][0] == 'lit' else None
        assert ops[0][0] == 'lit'
        i = 1
        while i < len(ops):
            enc, val = ops[i]
            if enc == 'lit':
                pass
            elif enc == 3:  # array
                n = vbr(6); eenc, eval_ = ops[i + 1]
                for _ in range(n):
                    read(6) if eenc == 4 else (read(eval_) if eenc == 1 else vbr(eval_))
                i += 1
            elif enc == 1:
                read(val)
            elif enc == 2:
                start = pos
                old = vbr(val)
                if code == 2:  # IDENTIFICATION_CODE_EPOCH
                    assert val == 6 and new_epoch < 32
                    for b in range(6):
                        bit = start + b
                        data[bit // 8] &= ~(1 << (bit % 8)) & 0xff
                        data[bit // 8] |= ((new_epoch >> b) & 1) << (bit % 8)
                    open(sys.argv[2], 'wb').write(data)
                    print('epoch %d -> %d' % (old, new_epoch))
                    sys.exit(0)
            else:
                raise SystemExit('unexpected encoding %r' % enc)
            i += 1
    else:
        raise SystemExit('unexpected abbrev id %d' % aid)
