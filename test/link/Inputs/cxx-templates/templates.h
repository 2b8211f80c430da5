// Templates instantiated for int, unsigned, long, unsigned long and
// long long in two translation units. Instances for types with the same
// representation compile to identical bodies (linkonce_odr, one comdat
// each): swap_ends<int> == swap_ends<unsigned>, swap_ends<long> ==
// swap_ends<unsigned long>, mangle<int> == mangle<unsigned>, mangle<long>
// == mangle<unsigned long> == mangle<long long> (no signed arithmetic, so
// no nsw flag tells them apart), Counter<int>::bump ==
// Counter<unsigned>::bump.
//
// Every argument is read from a volatile variable, so that no instance is
// specialised for its call sites (constant or range-annotated arguments).
#pragma once

template <typename T> __attribute__((noinline)) void swap_ends(T *v, int n) {
  T t = v[0];
  v[0] = v[n - 1];
  v[n - 1] = t;
}

template <typename T> __attribute__((noinline)) T mangle(T x, T y) {
  return (x ^ y) & (x | 3);
}

template <typename T> struct Counter {
  T value;
  __attribute__((noinline)) void bump(T by) { value = (value ^ by) | 1; }
};

extern volatile int n_int, v_int, w_int;
extern volatile unsigned v_unsigned, w_unsigned;
extern volatile long v_long, w_long;
extern volatile unsigned long v_ulong, w_ulong;
extern volatile long long v_llong, w_llong;

int other_tu();
