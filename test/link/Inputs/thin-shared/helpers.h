/* Static helpers in a header: every file that includes it has its own
   copy, local to its module (noinline keeps them out of line, as -Oz
   keeps many such helpers). */
#include <string.h>

static __attribute__((noinline)) unsigned fold_bytes(const char *s) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < strlen(s); ++i)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static __attribute__((noinline)) int clamp_sum(const int *v, int n, int lo,
                                               int hi) {
  int r = 0;
  for (int i = 0; i < n; ++i) {
    int x = v[i] < lo ? lo : v[i] > hi ? hi : v[i];
    r += x * (i + 1);
  }
  return r;
}

/* Calls fold_bytes: named by its content, it names the callee by its
   content too. */
static __attribute__((noinline)) unsigned tagged(const char *tag, int n) {
  return fold_bytes(tag) ^ (unsigned)n;
}
