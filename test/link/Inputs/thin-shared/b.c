#include "helpers.h"

__attribute__((noinline)) unsigned b_work(int n, const char *tag) {
  int v[] = {2 * n, n - 9, 11};
  return tagged(tag, clamp_sum(v, 3, -n, 2 * n)) ^
         tagged(tag + 2, clamp_sum(v, n % 3, n, 3 * n)) ^ fold_bytes(tag + 1);
}
