#include "ops.h"

// One template, four instances over different units: the same code four
// times, once the unit is compiled away.
namespace {
struct Orders {};
struct Items {};
struct Users {};
struct Stores {};

template <class Unit> struct Column {
  static long checksum(const long *values, int count) {
    unsigned long acc = 17;
    for (int i = 0; i < count; ++i) {
      acc = acc * 131 + (unsigned long)values[i];
      acc ^= acc >> 11;
    }
    return long(acc >> 1);
  }
};
} // namespace

long checksum_orders(const long *v, int n) { return Column<Orders>::checksum(v, n); }
long checksum_items(const long *v, int n) { return Column<Items>::checksum(v, n); }
long checksum_users(const long *v, int n) { return Column<Users>::checksum(v, n); }
long checksum_stores(const long *v, int n) { return Column<Stores>::checksum(v, n); }
