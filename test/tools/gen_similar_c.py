#!/usr/bin/env python3
"""Generates a C program full of similar regions, for the outliner's
property test (test/property/).

    gen_similar_c.py --seed N [--functions F] -o FILE.c

Every function runs a random sequence of blocks drawn from a few shapes
(an arithmetic chain, a branch, a loop over the buffer, a field update,
a call, an early exit), each with its own random constants, so the same
shape recurs across functions with different constants and surroundings:
the regions the outliner groups. main calls every function on fixed
inputs and prints one checksum per function. All arithmetic is unsigned
and every index is masked into range: the program has no undefined
behaviour, so any difference in output is the optimizer's.
"""

import argparse
import random

SIZE = 16  # Elements of the buffer; indices are masked with SIZE - 1.


def block(rng, shape, depth=0):
    c = [rng.randrange(1, 1 << 16) for _ in range(6)]
    i = [rng.randrange(SIZE) for _ in range(3)]
    if shape == "chain":
        return [
            "x = x * %du + %du;" % (c[0] | 1, c[1]),
            "y ^= (x >> %d) + %du;" % (c[2] % 13 + 1, c[3]),
            "b[%d] = b[%d] + (x ^ y) * %du;" % (i[0], i[1], c[4]),
            "x += b[%d] >> %d;" % (i[2], c[5] % 7 + 1),
        ]
    if shape == "branch":
        return [
            "if ((x & %du) > %du) {" % (c[0], c[1] % 2000),
            "  y = y * %du + b[%d];" % (c[2] | 1, i[0]),
            "  b[%d] ^= y;" % i[1],
            "} else {",
            "  y += x * %du;" % c[3],
            "  b[%d] -= %du;" % (i[2], c[4]),
            "}",
        ]
    if shape == "loop":
        return [
            "for (unsigned j = 0; j < (n & %du); ++j) {" % (c[0] % 15 + 1),
            "  b[j & %d] = b[j & %d] * %du + x;" % (SIZE - 1, SIZE - 1,
                                                   c[1] | 1),
            "  x ^= b[(j + %d) & %d] >> %d;" % (i[0], SIZE - 1, c[2] % 5 + 1),
            "}",
        ]
    if shape == "fields":
        return [
            "s->a = s->a * %du + x;" % (c[0] | 1),
            "s->b = (s->b ^ %du) + (s->a >> %d);" % (c[1], c[2] % 9 + 1),
            "s->c[%d] += s->b * %du;" % (i[0] % 4, c[3]),
            "y += s->c[%d] ^ s->a;" % (i[1] % 4),
        ]
    if shape == "call":
        return [
            "x = mix(x + %du, y ^ %du);" % (c[0], c[1]),
            "b[%d] = mix(b[%d], x) + %du;" % (i[0], i[1], c[2]),
            "y = y * %du + b[%d];" % (c[3] | 1, i[2]),
        ]
    if shape == "exit":
        return [
            "if (((x ^ y) & %du) == %du) {" % (c[0] | 1, c[1] % 4),
            "  b[%d] += x;" % i[0],
            "  return x * %du + y;" % (c[2] | 1),
            "}",
        ]
    raise ValueError(shape)


SHAPES = ["chain", "branch", "loop", "fields", "call", "exit"]


def function(rng, name):
    lines = ["unsigned %s(unsigned *b, unsigned n, struct S *s) {" % name,
             "  unsigned x = n * %du + b[%d];" % (rng.randrange(1, 1 << 16) | 1,
                                                 rng.randrange(SIZE)),
             "  unsigned y = s->a ^ %du;" % rng.randrange(1 << 16)]
    for _ in range(rng.randrange(3, 9)):
        for line in block(rng, rng.choice(SHAPES)):
            lines.append("  " + line)
    lines += ["  return x ^ (y << 3);", "}"]
    return lines


def program(seed, functions):
    rng = random.Random(seed)
    out = ["#include <stdio.h>", "",
           "struct S { unsigned a, b, c[4]; };", "",
           "__attribute__((noinline)) unsigned mix(unsigned a, unsigned b) {",
           "  return (a ^ (b >> 5)) * 2654435761u + b;", "}", ""]
    names = ["f%d" % k for k in range(functions)]
    for name in names:
        # noinline keeps each function whole, as separate files would.
        out.append("__attribute__((noinline))")
        out += function(rng, name)
        out.append("")
    out += ["int main(void) {", "  unsigned b[%d];" % SIZE, "  struct S s;"]
    for k, name in enumerate(names):
        out += ["  for (unsigned i = 0; i < %d; ++i) b[i] = i * %du + %du;"
                % (SIZE, rng.randrange(1, 1 << 16) | 1, k),
                "  s.a = %du; s.b = %du; s.c[0] = s.c[1] = s.c[2] = s.c[3] = %du;"
                % (rng.randrange(1 << 16), rng.randrange(1 << 16), k),
                "  {",
                "    unsigned r = %s(b, %du, &s);" % (name, rng.randrange(64)),
                "    for (unsigned i = 0; i < %d; ++i) r = r * 31u + b[i];" % SIZE,
                "    printf(\"%s %%u\\n\", r ^ s.a ^ s.b ^ s.c[0] ^ s.c[3]);"
                % name,
                "  }"]
    out += ["  return 0;", "}"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--functions", type=int, default=40)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as f:
        f.write(program(a.seed, a.functions))


if __name__ == "__main__":
    main()
