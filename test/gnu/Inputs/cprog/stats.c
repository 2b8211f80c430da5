/* Archive member. stats_sum() is also called by the native object. */
static __attribute__((noinline)) int mix(int x) {
  x ^= x >> 3;
  x *= 0x45d9f3b;
  x ^= x >> 5;
  return x & 0xffff;
}

int stats_sum(const int *v, int n) {
  int r = 0;
  for (int i = 0; i < n; ++i)
    r += mix(v[i]) ^ i;
  return r;
}
