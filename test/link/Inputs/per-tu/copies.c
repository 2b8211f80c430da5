/* One translation unit with two copies of a helper: clang's own pipeline
   keeps both; coalesce, run per translation unit, keeps one. */
#include <stdio.h>

extern volatile int seed;
volatile int seed = 3;

static __attribute__((noinline)) int mix_a(int x) {
  int r = x;
  for (int i = 0; i < seed; ++i)
    r = r * 33 + (i ^ 5);
  return r;
}

static __attribute__((noinline)) int mix_b(int x) {
  int r = x;
  for (int i = 0; i < seed; ++i)
    r = r * 33 + (i ^ 5);
  return r;
}

int main(void) {
  printf("mix %d %d\n", mix_a(seed), mix_b(seed + 1));
  return 0;
}
