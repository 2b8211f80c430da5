/* Two identical static functions, each with a local array: clang gives
   each initializer a private constant of its own (@__const.f.a and
   @__const.g.a, equal). */
#include <stdio.h>

__attribute__((noinline)) static unsigned f(unsigned x) {
  unsigned a[8] = {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u};
  a[x & 7u] ^= x * 3u;
  return a[(x >> 3) & 7u] + a[x & 7u];
}

__attribute__((noinline)) static unsigned g(unsigned x) {
  unsigned a[8] = {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u};
  a[x & 7u] ^= x * 3u;
  return a[(x >> 3) & 7u] + a[x & 7u];
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%u %u\n", f((unsigned)argc), g((unsigned)argc + 9u));
  return 0;
}
