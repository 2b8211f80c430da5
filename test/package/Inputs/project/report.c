#include <stdio.h>

void report_line(const char *name, long value) {
  printf("%-24s %ld\n", name, value);
}

/* Copied between two modules, long ago. */
long mix_left(long x, long y) {
  unsigned long a = (unsigned long)x, b = (unsigned long)y;
  for (int i = 0; i < 4; ++i) {
    a = (a ^ (b << 3)) * 1099511628211UL;
    b = (b + (a >> 5)) ^ 0x5bd1e995UL;
  }
  return (long)((a ^ b) >> 1);
}

long mix_right(long x, long y) {
  unsigned long a = (unsigned long)x, b = (unsigned long)y;
  for (int i = 0; i < 4; ++i) {
    a = (a ^ (b << 3)) * 1099511628211UL;
    b = (b + (a >> 5)) ^ 0x5bd1e995UL;
  }
  return (long)((a ^ b) >> 1);
}
