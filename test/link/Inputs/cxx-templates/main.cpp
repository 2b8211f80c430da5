#include "templates.h"
#include <cstdio>

volatile int n_int = 4, v_int = 77, w_int = 1000;
volatile unsigned v_unsigned = 78, w_unsigned = 2000;
volatile long v_long = 79, w_long = 3000;
volatile unsigned long v_ulong = 80, w_ulong = 4000;
volatile long long v_llong = 81, w_llong = 5000;

int main() {
  int vi[] = {1, 2, 3, 4};
  unsigned vu[] = {5, 6, 7, 8};
  long vl[] = {8, 9, 10, 11};
  unsigned long vul[] = {10, 11, 12, 13};
  swap_ends(vi, n_int);
  swap_ends(vu, n_int);
  swap_ends(vl, n_int);
  swap_ends(vul, n_int);
  std::printf("swap %d %u %ld %lu\n", vi[0], vu[0], vl[0], vul[0]);
  std::printf("mangle %d %u %ld %lu %lld\n", mangle<int>(v_int, w_int),
              mangle<unsigned>(v_unsigned, w_unsigned),
              mangle<long>(v_long, w_long), mangle<unsigned long>(v_ulong, w_ulong),
              mangle<long long>(v_llong, w_llong));
  Counter<int> ci{v_int};
  Counter<unsigned> cu{v_unsigned};
  ci.bump(w_int);
  cu.bump(w_unsigned);
  std::printf("counter %d %u\n", ci.value, cu.value);
  std::printf("other %d\n", other_tu());
  return 0;
}
