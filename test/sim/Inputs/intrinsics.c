/* Code that becomes intrinsics: min/max, absolute values, bit counts and
   block copies, some written with their operands the other way round. */
#include <stdint.h>
#include <string.h>

struct range { int lo, hi; };

int clamp_i(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void widen(struct range *r, int v) {
  r->lo = r->lo < v ? r->lo : v;
  r->hi = r->hi > v ? r->hi : v;
}

void widen_rev(struct range *r, int v) {
  r->lo = v < r->lo ? v : r->lo;
  r->hi = v > r->hi ? v : r->hi;
}

void merge_ranges(struct range *r, const struct range *a,
                  const struct range *b) {
  r->lo = a->lo < b->lo ? a->lo : b->lo;
  r->hi = a->hi > b->hi ? a->hi : b->hi;
}

void merge_ranges_rev(struct range *r, const struct range *a,
                      const struct range *b) {
  r->lo = b->lo < a->lo ? b->lo : a->lo;
  r->hi = b->hi > a->hi ? b->hi : a->hi;
}

unsigned umax3(unsigned a, unsigned b, unsigned c) {
  unsigned m = a > b ? a : b;
  return m > c ? m : c;
}

unsigned umax3_rev(unsigned a, unsigned b, unsigned c) {
  unsigned m = b > a ? b : a;
  return c > m ? c : m;
}

int popcount_sum(const uint64_t *v, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += __builtin_popcountll(v[i]);
  return s;
}

int abs_sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] < 0 ? -v[i] : v[i];
  return s;
}

struct blob { char data[64]; int len; };

void copy_blob(struct blob *d, const struct blob *s) {
  memcpy(d->data, s->data, sizeof d->data);
  d->len = s->len;
}

void copy_blob_twice(struct blob *d, struct blob *e, const struct blob *s) {
  memcpy(d->data, s->data, sizeof d->data);
  d->len = s->len;
  memcpy(e->data, s->data, sizeof e->data);
  e->len = s->len;
}
