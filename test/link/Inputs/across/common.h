/* Three functions equal but for a multiplier, one per module (a.c, b.c,
   c.c): a family for the scan across modules. */
#include <stdio.h>
struct table { int n; long v[16]; };
void note(const char *what, long x);
long fill_a(struct table *t, int seed);
long fill_b(struct table *t, int seed);
long fill_c(struct table *t, int seed);
