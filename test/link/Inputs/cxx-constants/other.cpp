#include "kernels.h"

// The same instances again, and one more, from another translation unit.
long other_tu(const long *v, int n) {
  return scaled_sum<5, 1>(v, n) + scaled_sum<9, 3>(v + 2, n - 2) +
         scaled_sum<7, 2>(v, n);
}
