#include "kernels.h"
#include <cstdio>
#include <initializer_list>

volatile int count = 6;

int main() {
  long v[] = {3, 1, 4, 1, 5, 9, 2, 6};
  long a = scaled_sum<3, 0>(v, count);
  long b = scaled_sum<5, 1>(v, count);
  long c = scaled_sum<7, 2>(v, count + 2);
  long d = scaled_sum<3, 0>(v + 1, count);
  std::printf("sums %ld %ld %ld %ld\n", a, b, c, d);
  std::printf("other %ld\n", other_tu(v, count));
  for (const Stats *s : {&Channel<0>::stats, &Channel<1>::stats,
                         &Channel<2>::stats, &Channel<3>::stats})
    std::printf("stats %ld %ld %ld\n", s->calls, s->total, s->peak);
  return 0;
}
