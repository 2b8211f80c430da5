#pragma once

// Kernels over a column of values, called through tables (main.cpp).
using Kernel = long (*)(const long *values, int count);

long scale_by_3(const long *values, int count);
long scale_by_5(const long *values, int count);
long scale_by_7(const long *values, int count);
long weigh_even(const long *values, int count);
long weigh_pairs(const long *values, int count);

// stats.cpp, in a static library.
long checksum_orders(const long *values, int count);
long checksum_items(const long *values, int count);
long checksum_users(const long *values, int count);
long checksum_stores(const long *values, int count);

extern "C" {
// report.c
void report_line(const char *name, long value);
long mix_left(long a, long b);
long mix_right(long a, long b);
}
