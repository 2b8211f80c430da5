#include "weak.h"
#include <cstdio>

volatile int seed = 10;

// Overridden by the strong pick() in weak_b.cpp (which comes later).
__attribute__((weak)) int pick(int x) { return x ^ 0x100; }
// Overrides the weak late() in weak_b.cpp.
int late(int x) { return x ^ 0x300; }
// Never overridden; identical to keep_weak2 (weak_b.cpp), and larger than
// the thunks merging the two costs (two of them when both stay weak).
__attribute__((weak)) int keep_weak(int x) {
  int y = (x ^ 0x400) * (x | 3);
  return (y ^ (y >> 9)) + (x << 4) * (y >> 11);
}

int main() {
  int s = seed;
  int (*volatile p)(int) = pick, (*volatile l)(int) = late;
  int (*volatile k)(int) = keep_weak, (*volatile k2)(int) = keep_weak2;
  std::printf("pick %d late %d keep_weak %d keep_weak2 %d\n", pick(s), late(s),
              keep_weak(s), keep_weak2(s));
  std::printf("via pointers %d %d %d %d\n", p(s), l(s), k(s), k2(s));
  std::printf("keep_weak==keep_weak2 %d\n", k == k2);
  std::printf("a twice %d box %d %u %ld %lu\n", twice(s), Box<int>::get(s),
              Box<unsigned>::get(unsigned(seed)), Box<long>::get(long(seed)),
              Box<unsigned long>::get((unsigned long)seed));
  std::printf("b %d\n", b_side(s));
  return 0;
}
