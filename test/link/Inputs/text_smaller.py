"""text_smaller.py SMALL LARGE MARGIN: exit 0 when the .text of binary SMALL
is more than MARGIN bytes smaller than that of LARGE (llvm-size -A); prints
both sizes either way."""
import subprocess
import sys


def text(path):
    out = subprocess.run(["llvm-size", "-A", path], capture_output=True,
                         text=True, check=True).stdout
    return int(next(l.split()[1] for l in out.splitlines()
                    if l.startswith(".text ")))


small, large = text(sys.argv[1]), text(sys.argv[2])
print("%s: %d bytes, %s: %d bytes" % (sys.argv[1], small, sys.argv[2], large))
sys.exit(0 if small + int(sys.argv[3]) < large else 1)
