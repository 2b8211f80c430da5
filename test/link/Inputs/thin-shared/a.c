#include "helpers.h"

/* noinline: ThinLTO imports nothing of this file into the others, so its
   helpers stay local to its module. Each helper is called with values
   known only at run time, so that no module specializes its copy. */
__attribute__((noinline)) unsigned a_work(int n, const char *tag) {
  int v[] = {n, 3 * n, -n, 40, 7};
  return tagged(tag, clamp_sum(v, 5, n - 10, n + 20)) +
         tagged(tag + 1, clamp_sum(v, n % 5, -n, n));
}
