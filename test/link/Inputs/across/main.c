#include "common.h"
static long total;
void note(const char *what, long x) { total += x; if (x % 5 == 0) printf("%s %ld\n", what, x); }
int main(int argc, char **argv) {
  struct table t;
  long s = fill_a(&t, argc) + fill_b(&t, argc + 1) + fill_c(&t, argc + 2);
  printf("sum %ld total %ld\n", s, total);
  return 0;
}
