// Built with -g: the twin with debug information, which coalesce keeps.
__attribute__((noinline)) int scale_g(int x) {
  int r = x * 7 + 3;
  r ^= r >> 3;
  r += x * x;
  return r % 1009;
}
