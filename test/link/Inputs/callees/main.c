// Command handlers that differ only in the function they call: each is
// stored in a table that may change (its address is taken and called
// through), so each keeps its name as a thunk that passes its callee to one
// shared body, and the handlers' addresses stay distinct.
#include <stdio.h>

struct state { long acc; long count; long last; };

long step_add(long acc, long x);
long step_mul(long acc, long x);
long step_xor(long acc, long x);
long step_max(long acc, long x);

#define HANDLER(name, fn)                                                     \
  __attribute__((noinline)) static long name(struct state *s, const long *xs, int n) {                \
    long before = s->acc;                                                     \
    if (n > 0)                                                                \
      s->acc = fn(s->acc, xs[0]);                                             \
    s->count += n;                                                            \
    s->last = s->acc - before;                                                \
    if (s->last < 0)                                                          \
      printf("  went down by %ld\n", -s->last);                              \
    return s->acc * 3 + s->count;                                             \
  }

HANDLER(op_add, step_add)
HANDLER(op_mul, step_mul)
HANDLER(op_xor, step_xor)
HANDLER(op_max, step_max)

typedef long (*handler)(struct state *, const long *, int);
static struct { const char *name; handler fn; } table[] = {
    {"add", op_add}, {"mul", op_mul}, {"xor", op_xor}, {"max", op_max}};

int main(int argc, char **argv) {
  struct state s = {1, 0, 0};
  if (argc > 5) { // Never: the table stays one the optimizer cannot fold.
    handler t = table[0].fn;
    table[0].fn = table[1].fn;
    table[1].fn = t;
  }
  long xs[] = {7, -3, 12, 5, 40, 2};
  for (int round = 0; round < 3; ++round)
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; ++i) {
      long r = table[i].fn(&s, &xs[(round + i) % 6], argc + round % 2);
      printf("%s %ld acc %ld\n", table[i].name, r, s.acc);
    }
  printf("distinct %d\n", table[0].fn != table[1].fn && table[1].fn != table[2].fn);
  return 0;
}
