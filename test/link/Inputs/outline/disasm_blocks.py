"""Prints the functions of an `llvm-objdump -d` listing (file argv[1])
whose symbol matches the regular expression argv[2] in full, each header
line and body, separated by blank lines. Exits 1 if none matches."""
import re
import sys

text = open(sys.argv[1]).read()
pattern = re.compile(sys.argv[2])
found = 0
for block in re.split(r"\n\s*\n", text):
    m = re.match(r"[0-9a-f]+ <([^>]+)>:", block.strip())
    if m and pattern.fullmatch(m.group(1)):
        print(block.strip() + "\n")
        found += 1
if not found:
    sys.exit("no function matches %s" % sys.argv[2])
