// algo.h - Generic sorting, statistics and serialization over Vec<T>.
#pragma once

#include "common.h"

namespace inv {

// Shell sort: small, no recursion, fast enough for our sizes.
template <class T, class Cmp> void sort_by(Vec<T> &v, Cmp less) {
  size_t n = v.size();
  for (size_t gap = n / 2; gap > 0; gap /= 2)
    for (size_t i = gap; i < n; ++i) {
      T tmp = v[i];
      size_t j = i;
      for (; j >= gap && less(tmp, v[j - gap]); j -= gap)
        v[j] = v[j - gap];
      v[j] = tmp;
    }
}

template <class T> void sort(Vec<T> &v) {
  sort_by(v, [](const T &a, const T &b) { return a < b; });
}

// The distinct values of v, in order.
template <class T> Vec<T> sorted_unique(Vec<T> v) {
  sort(v);
  Vec<T> out;
  for (size_t i = 0; i < v.size(); ++i)
    if (i == 0 || v[i - 1] < v[i])
      out.push_back(v[i]);
  return out;
}

template <class T> T sum(const Vec<T> &v) {
  T s = 0;
  for (const T &x : v)
    s += x;
  return s;
}

template <class T> void min_max(const Vec<T> &v, T &lo, T &hi) {
  lo = hi = v[0];
  for (const T &x : v) {
    lo = x < lo ? x : lo;
    hi = hi < x ? x : hi;
  }
}

// The lower median.
template <class T> T median(Vec<T> v) {
  sort(v);
  return v[(v.size() - 1) / 2];
}

// One field of every item.
template <class F> Vec<F> project(const Vec<Item> &items, F Item::*field) {
  Vec<F> out;
  for (const Item &it : items)
    out.push_back(it.*field);
  return out;
}

// Little-endian bytes of every element, as written to the snapshot file.
template <class T> size_t serialize(const Vec<T> &v, unsigned char *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < v.size() && n + sizeof(T) <= cap; ++i, n += sizeof(T))
    std::memcpy(out + n, &v[i], sizeof(T));
  return n;
}

template <class T> unsigned checksum(const Vec<T> &v) {
  unsigned char buf[4096];
  size_t n = serialize(v, buf, sizeof buf);
  unsigned h = 2166136261u; // FNV-1a
  for (size_t i = 0; i < n; ++i)
    h = (h ^ buf[i]) * 16777619u;
  return h;
}

// Number of elements equal to x, compared bytewise.
template <class T> int count_equal(const Vec<T> &v, const T &x) {
  int n = 0;
  for (const T &y : v)
    if (std::memcmp(&y, &x, sizeof(T)) == 0)
      ++n;
  return n;
}

} // namespace inv
