// Shared by the C++ program's files. NonNull<T>::count is the same function
// for every T, in a comdat of its own; so are two of Shape's derived
// classes' virtual functions. Acc<T>::sum is not: Acc<int> and Acc<unsigned>
// differ (signed overflow is undefined, unsigned wraps), and Acc<long>, also
// used by the native object, stays external while LTO specializes the
// internal Acc<long long> (fastcc, argument ranges).
#pragma once
#include <cstddef>
#include <string>

template <typename T> struct Acc {
  __attribute__((noinline)) static T sum(const T *v, std::size_t n) {
    T s = 0;
    for (std::size_t i = 0; i < n; ++i)
      s = s * 3 + v[i];
    return s;
  }
};

template <typename T> struct NonNull {
  __attribute__((noinline)) static int count(T *const *v, std::size_t n) {
    int c = 0;
    for (std::size_t i = 0; i < n; ++i)
      c += v[i] != nullptr;
    return c;
  }
};

struct Shape {
  virtual ~Shape() = default;
  virtual long area() const = 0;
  virtual int corners() const = 0;
};

Shape *make_shape(int kind, long size); // shapes.cpp
long parse_size(const std::string &s);  // parse.cpp: throws on bad input
long native_weight(long x);              // native.cpp
int dso_scale(int x);                    // the shared library
extern int registry_count;               // main.cpp, set by a constructor
