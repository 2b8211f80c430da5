// Built without -g: the same body as scale_g, and a caller of it.
__attribute__((noinline)) int scale_nog(int x) {
  int r = x * 7 + 3;
  r ^= r >> 3;
  r += x * x;
  return r % 1009;
}

int sum_nog(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += scale_nog(i);
  return s;
}
