#include "weak.h"

// Strong: wins over the weak pick() in weak_a.cpp.
int pick(int x) { return x ^ 0x200; }
// Weak: loses to the strong late() in weak_a.cpp.
__attribute__((weak)) int late(int x) { return x ^ 0x100; }
// Never overridden; identical to keep_weak (weak_a.cpp), and larger than
// the thunks merging the two costs (two of them when both stay weak).
__attribute__((weak)) int keep_weak2(int x) {
  int y = (x ^ 0x400) * (x | 3);
  return (y ^ (y >> 9)) + (x << 4) * (y >> 11);
}

int b_side(int x) {
  return twice(x) + Box<int>::get(x) + int(Box<unsigned>::get(unsigned(seed))) +
         int(Box<long>::get(long(seed))) +
         int(Box<unsigned long>::get((unsigned long)seed)) + pick(x) + late(x);
}
