// algo.h - Sorting, selection and statistics over plain arrays of any
// channel type. Written once, compiled for every element type and
// comparison the tool uses.
#pragma once

#include "base.h"
#include "containers.h"

#include <cmath>
#include <utility>
#include <vector>

namespace tel {

template <class T, class Less>
void insertion_sort(T *first, T *last, Less less) {
  for (T *i = first + (first != last); i < last; ++i) {
    T v = std::move(*i);
    T *j = i;
    for (; j > first && less(v, *(j - 1)); --j)
      *j = std::move(*(j - 1));
    *j = std::move(v);
  }
}

template <class T, class Less>
void sift_down(T *base, std::size_t start, std::size_t n, Less less) {
  std::size_t root = start;
  for (;;) {
    std::size_t child = 2 * root + 1;
    if (child >= n)
      return;
    if (child + 1 < n && less(base[child], base[child + 1]))
      ++child;
    if (!less(base[root], base[child]))
      return;
    std::swap(base[root], base[child]);
    root = child;
  }
}

template <class T, class Less> void heap_sort(T *first, T *last, Less less) {
  std::size_t n = std::size_t(last - first);
  for (std::size_t i = n / 2; i-- > 0;)
    sift_down(first, i, n, less);
  for (std::size_t end = n; end > 1; --end) {
    std::swap(first[0], first[end - 1]);
    sift_down(first, 0, end - 1, less);
  }
}

template <class T, class Less>
T *partition_pivot(T *first, T *last, Less less) {
  T *mid = first + (last - first) / 2;
  T *back = last - 1;
  if (less(*mid, *first))
    std::swap(*mid, *first);
  if (less(*back, *mid)) {
    std::swap(*back, *mid);
    if (less(*mid, *first))
      std::swap(*mid, *first);
  }
  T pivot = *mid;
  T *i = first, *j = back;
  for (;;) {
    while (less(*i, pivot))
      ++i;
    while (less(pivot, *j))
      --j;
    if (i >= j)
      return j + 1;
    std::swap(*i, *j);
    ++i;
    --j;
  }
}

// Introsort: quicksort on a median of three, heap sort when it recurses
// too deep, insertion sort for short runs.
template <class T, class Less>
void sort_range(T *first, T *last, Less less, int depth) {
  while (last - first > 16) {
    if (depth-- == 0) {
      heap_sort(first, last, less);
      return;
    }
    T *cut = partition_pivot(first, last, less);
    sort_range(cut, last, less, depth);
    last = cut;
  }
  insertion_sort(first, last, less);
}

template <class T, class Less> void sort(T *first, T *last, Less less) {
  int depth = 0;
  for (std::size_t n = std::size_t(last - first); n > 1; n >>= 1)
    depth += 2;
  sort_range(first, last, less, depth);
}

template <class T> void sort(T *first, T *last) {
  sort(first, last, [](const T &a, const T &b) { return a < b; });
}

// Stable merge sort through a buffer.
template <class T, class Less>
void stable_sort(T *first, T *last, Less less) {
  std::size_t n = std::size_t(last - first);
  if (n < 2)
    return;
  std::vector<T> buf(first, last);
  for (std::size_t width = 1; width < n; width *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      std::size_t mid = lo + width < n ? lo + width : n;
      std::size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
      std::size_t a = lo, b = mid, out = lo;
      while (a < mid && b < hi)
        buf[out++] = less(first[b], first[a]) ? first[b++] : first[a++];
      while (a < mid)
        buf[out++] = first[a++];
      while (b < hi)
        buf[out++] = first[b++];
    }
    for (std::size_t i = 0; i < n; ++i)
      first[i] = buf[i];
  }
}

// Quickselect: after it, first[k] is what a full sort would put there.
template <class T, class Less>
void nth_element(T *first, T *kth, T *last, Less less) {
  while (last - first > 16) {
    T *cut = partition_pivot(first, last, less);
    if (kth < cut)
      last = cut;
    else
      first = cut;
  }
  insertion_sort(first, last, less);
}

template <class T, class Less>
const T *lower_bound(const T *first, const T *last, const T &v, Less less) {
  std::size_t n = std::size_t(last - first);
  while (n > 0) {
    std::size_t half = n / 2;
    if (less(first[half], v)) {
      first += half + 1;
      n -= half + 1;
    } else {
      n = half;
    }
  }
  return first;
}

template <class T, class Eq> T *unique(T *first, T *last, Eq eq) {
  if (first == last)
    return last;
  T *out = first;
  for (T *i = first + 1; i < last; ++i)
    if (!eq(*out, *i))
      *++out = std::move(*i);
  return out + 1;
}

template <class T> void reverse(T *first, T *last) {
  while (first < last && first < --last)
    std::swap(*first++, *last);
}

// Count, extremes, mean and variance (Welford), in one pass.
template <class T> struct Summary {
  std::size_t count = 0;
  T min{}, max{};
  double mean = 0, m2 = 0;

  void add(T v) {
    if (count == 0 || v < min)
      min = v;
    if (count == 0 || max < v)
      max = v;
    ++count;
    double d = to_double(v);
    double delta = d - mean;
    mean += delta / double(count);
    m2 += delta * (d - mean);
  }
  double variance() const { return count > 1 ? m2 / double(count - 1) : 0.0; }
  double stddev() const { return std::sqrt(variance()); }
};

template <class T> Summary<T> summarize(const T *first, const T *last) {
  Summary<T> s;
  for (; first != last; ++first)
    s.add(*first);
  return s;
}

// The pct-th percentile (nearest rank) of values, which it reorders.
template <class T> T percentile(std::vector<T> &values, unsigned pct) {
  if (values.empty())
    return T{};
  std::size_t rank = (values.size() * pct + 99) / 100;
  std::size_t k = rank ? rank - 1 : 0;
  nth_element(values.data(), values.data() + k,
              values.data() + values.size(),
              [](const T &a, const T &b) { return a < b; });
  return values[k];
}

// Counts of values in Bins equal slices of [lo, hi]; values outside go to
// the first or the last bin.
template <std::size_t Bins> struct Histogram {
  u32 counts[Bins] = {};
  double lo = 0, hi = 0;

  template <class T> void fill(const T *first, const T *last) {
    double width = (hi - lo) / double(Bins);
    for (; first != last; ++first) {
      double d = to_double(*first);
      std::size_t b = 0;
      if (width > 0 && d > lo) {
        double slot = (d - lo) / width;
        b = slot >= double(Bins) ? Bins - 1 : std::size_t(slot);
      }
      ++counts[b];
    }
  }
  std::size_t peak() const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < Bins; ++i)
      if (counts[i] > counts[best])
        best = i;
    return best;
  }
  // One character per bin, from ' ' (empty) to '#' (the fullest).
  std::string sparkline() const {
    static const char levels[] = " .:-=+*#";
    u32 top = counts[peak()];
    std::string s;
    for (std::size_t i = 0; i < Bins; ++i)
      s += top ? levels[(counts[i] * 7 + top - 1) / top] : ' ';
    return s;
  }
};

// The longest run of consecutive elements that satisfy pred.
template <class T, class Pred>
std::size_t longest_run(const T *first, const T *last, Pred pred) {
  std::size_t best = 0, run = 0;
  for (; first != last; ++first) {
    run = pred(*first) ? run + 1 : 0;
    if (run > best)
      best = run;
  }
  return best;
}

} // namespace tel
