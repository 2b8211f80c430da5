/* In no link: the archive member the scan must leave out. */
#include "common.h"
long fill_d(struct table *t, int seed) {
  long s = 0;
  for (int i = 0; i < 16; ++i) {
    t->v[i] = (seed * 11 + i * i) % 97;
    if (t->v[i] > 40) note("big", t->v[i]);
    s += t->v[i] ^ (s >> 3);
  }
  t->n = 16;
  if (s % 2) note("odd sum", s);
  else note("even sum", s);
  return s;
}
