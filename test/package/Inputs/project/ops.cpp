#include "ops.h"

// Three kernels that differ only in a constant: one body, the factor an
// argument.
long scale_by_3(const long *values, int count) {
  unsigned long total = 0;
  for (int i = 0; i < count; ++i) {
    unsigned long v = (unsigned long)values[i] * 3 + (values[i] >> 2);
    total = total * 31 + (v ^ (v >> 7));
  }
  return long(total >> 1);
}

long scale_by_5(const long *values, int count) {
  unsigned long total = 0;
  for (int i = 0; i < count; ++i) {
    unsigned long v = (unsigned long)values[i] * 5 + (values[i] >> 2);
    total = total * 31 + (v ^ (v >> 7));
  }
  return long(total >> 1);
}

long scale_by_7(const long *values, int count) {
  unsigned long total = 0;
  for (int i = 0; i < count; ++i) {
    unsigned long v = (unsigned long)values[i] * 7 + (values[i] >> 2);
    total = total * 31 + (v ^ (v >> 7));
  }
  return long(total >> 1);
}

// The same function written twice.
long weigh_even(const long *values, int count) {
  long total = 0;
  for (int i = 0; i + 1 < count; i += 2)
    total += values[i] * values[i + 1] - (values[i] ^ values[i + 1]);
  return total;
}

long weigh_pairs(const long *values, int count) {
  long total = 0;
  for (int i = 0; i + 1 < count; i += 2)
    total += values[i] * values[i + 1] - (values[i] ^ values[i + 1]);
  return total;
}
