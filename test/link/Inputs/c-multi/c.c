/* More copies of main.c's static helpers. */
extern volatile int seed;

static __attribute__((noinline)) int scramble(int x) {
  return (x * 31) ^ (x >> 3) ^ 0x5a5a;
}

static __attribute__((noinline)) int checksum(const int *v, int n) {
  int r = 0;
  for (int i = 0; i < n; ++i)
    r = r * 7 + (v[i] ^ 3);
  return r;
}

int c_entry(int x) {
  int v[] = {x, x + 5, x + 9};
  return scramble(seed + x) + checksum(v, seed - 1);
}
