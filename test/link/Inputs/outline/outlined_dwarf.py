"""Checks that every outlined function of a linked program has its DWARF:
reads `llvm-nm` output and `llvm-dwarfdump --debug-info` output (two
files), and for each symbol coalesce.outlined.N requires a DW_TAG_subprogram
named so, DW_AT_artificial (true), whose DW_AT_low_pc is the symbol's
address. Prints one line per outlined function and a count; exits 1 on
the first function without such a subprogram, or if there are none."""
import re
import sys

symbols = {}
with open(sys.argv[1]) as f:
    for line in f:
        m = re.match(r"([0-9a-f]+) [tT] (coalesce\.outlined\.[0-9]+)$", line.strip())
        if m:
            symbols[m.group(2)] = int(m.group(1), 16)

subprograms = {}
with open(sys.argv[2]) as f:
    dies = re.split(r"\n\s*\n", f.read())
for die in dies:
    if "DW_TAG_subprogram" not in die:
        continue
    name = re.search(r'DW_AT_name\s+\("(coalesce\.outlined\.[0-9]+)"\)', die)
    if not name:
        continue
    low = re.search(r"DW_AT_low_pc\s+\(0x([0-9a-f]+)\)", die)
    subprograms.setdefault(name.group(1), []).append(
        (int(low.group(1), 16) if low else None,
         re.search(r"DW_AT_artificial\s+\(true\)", die) is not None))

if not symbols:
    sys.exit("no coalesce.outlined.N symbols")
for name in sorted(symbols, key=lambda n: int(n.rsplit(".", 1)[1])):
    found = subprograms.get(name, [])
    if not any(low == symbols[name] and art for low, art in found):
        sys.exit("%s at 0x%x: no artificial subprogram at that address (%r)"
                 % (name, symbols[name], found))
    print("%s: artificial subprogram at its address" % re.sub(r"[0-9]+$", "N", name))
print("outlined functions=%d" % len(symbols))
