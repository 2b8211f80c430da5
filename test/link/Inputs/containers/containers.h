// A small template-heavy C++ program for the link tests (issue 10):
// std::vector, std::set and std::map over fourteen element types (int,
// long, short, unsigned, double, records of 2 to 40 bytes, pointers), over
// three translation units. The whole-program module then holds many
// libstdc++ instances that differ only in an element size (_M_allocate,
// _M_deallocate, ~_Vector_base), the candidates for merging up to
// constants. Deterministic and free of undefined behaviour: every
// exercise prints a line of counts and a 64-bit checksum
// (expected-output.txt).
#ifndef CONTAINERS_H
#define CONTAINERS_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

namespace cont {

struct Tag { // 2 bytes
  char c;
  unsigned char n;
};
struct Rec3 { // 6 bytes
  short a, b, c;
};
struct Point { // 8 bytes
  int x, y;
};
struct Span { // 12 bytes
  int lo, hi, step;
};
struct Quad { // 16 bytes
  int a, b, c, d;
};
struct Wide { // 24 bytes; only pointed to (Wide *)
  long a, b, c;
};
struct Box { // 32 bytes
  double x0, y0, x1, y1;
};
struct Row { // 40 bytes
  long id;
  long cells[4];
};

// Lexicographic orders and equality.
inline bool operator<(const Tag &l, const Tag &r) {
  return l.c != r.c ? l.c < r.c : l.n < r.n;
}
inline bool operator==(const Tag &l, const Tag &r) {
  return l.c == r.c && l.n == r.n;
}
inline bool operator<(const Rec3 &l, const Rec3 &r) {
  if (l.a != r.a)
    return l.a < r.a;
  return l.b != r.b ? l.b < r.b : l.c < r.c;
}
inline bool operator==(const Rec3 &l, const Rec3 &r) {
  return l.a == r.a && l.b == r.b && l.c == r.c;
}
inline bool operator<(const Point &l, const Point &r) {
  return l.x != r.x ? l.x < r.x : l.y < r.y;
}
inline bool operator==(const Point &l, const Point &r) {
  return l.x == r.x && l.y == r.y;
}
inline bool operator<(const Span &l, const Span &r) {
  if (l.lo != r.lo)
    return l.lo < r.lo;
  return l.hi != r.hi ? l.hi < r.hi : l.step < r.step;
}
inline bool operator==(const Span &l, const Span &r) {
  return l.lo == r.lo && l.hi == r.hi && l.step == r.step;
}
inline bool operator<(const Quad &l, const Quad &r) {
  if (l.a != r.a)
    return l.a < r.a;
  if (l.b != r.b)
    return l.b < r.b;
  return l.c != r.c ? l.c < r.c : l.d < r.d;
}
inline bool operator==(const Quad &l, const Quad &r) {
  return l.a == r.a && l.b == r.b && l.c == r.c && l.d == r.d;
}
inline bool operator<(const Box &l, const Box &r) {
  if (l.x0 != r.x0)
    return l.x0 < r.x0;
  if (l.y0 != r.y0)
    return l.y0 < r.y0;
  return l.x1 != r.x1 ? l.x1 < r.x1 : l.y1 < r.y1;
}
inline bool operator==(const Box &l, const Box &r) {
  return l.x0 == r.x0 && l.y0 == r.y0 && l.x1 == r.x1 && l.y1 == r.y1;
}
inline bool operator<(const Row &l, const Row &r) {
  if (l.id != r.id)
    return l.id < r.id;
  for (int i = 0; i < 4; ++i)
    if (l.cells[i] != r.cells[i])
      return l.cells[i] < r.cells[i];
  return false;
}
inline bool operator==(const Row &l, const Row &r) {
  for (int i = 0; i < 4; ++i)
    if (l.cells[i] != r.cells[i])
      return false;
  return l.id == r.id;
}

// What the pointer element types point into (main.cpp).
constexpr unsigned kPool = 64;
extern Point point_pool[kPool];
extern Wide wide_pool[kPool];

// A linear congruential generator: the same sequence on every host.
class Rng {
public:
  explicit Rng(std::uint32_t seed) : s_(seed) {}
  std::uint32_t next() {
    s_ = s_ * 1664525u + 1013904223u;
    return s_ >> 8;
  }

private:
  std::uint32_t s_;
};

// FNV-style mixing in unsigned arithmetic (wraps, never overflows).
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  return (h ^ v) * 1099511628211ull;
}

// make<T>(r): an element of type T from a random number r. Small value
// ranges, so that sets and maps see duplicates. Doubles are multiples of
// 0.5: exact, and the same on every host.
template <class T> T make(std::uint32_t r);
template <> inline int make<int>(std::uint32_t r) { return int(r % 1000) - 500; }
template <> inline long make<long>(std::uint32_t r) {
  return long(r % 5000) * 1000003L - 2500000000L;
}
template <> inline short make<short>(std::uint32_t r) {
  return short(int(r % 700) - 350);
}
template <> inline unsigned make<unsigned>(std::uint32_t r) { return r % 900u; }
template <> inline double make<double>(std::uint32_t r) {
  return double(r % 800) * 0.5 - 100.0;
}
template <> inline Tag make<Tag>(std::uint32_t r) {
  return Tag{char('a' + r % 26), static_cast<unsigned char>((r / 26) % 8)};
}
template <> inline Rec3 make<Rec3>(std::uint32_t r) {
  return Rec3{short(r % 10), short((r / 10) % 10), short((r / 100) % 10)};
}
template <> inline Point make<Point>(std::uint32_t r) {
  return Point{int(r % 30), int((r / 30) % 30)};
}
template <> inline Span make<Span>(std::uint32_t r) {
  return Span{int(r % 50), int(r % 50) + int(r % 7), int(r % 3) + 1};
}
template <> inline Quad make<Quad>(std::uint32_t r) {
  return Quad{int(r % 3), int(r % 4), int(r % 5), int(r % 7)};
}
template <> inline Box make<Box>(std::uint32_t r) {
  return Box{double(r % 40) * 0.25, double(r % 30) * 0.5, 10.0, 20.0};
}
template <> inline Row make<Row>(std::uint32_t r) {
  return Row{long(r % 50), {long(r % 3), long(r % 5), long(r % 7), 1}};
}
template <> inline const Point *make<const Point *>(std::uint32_t r) {
  return &point_pool[r % kPool];
}
template <> inline const Wide *make<const Wide *>(std::uint32_t r) {
  return &wide_pool[r % kPool];
}

// digest(v): a 64-bit value for the checksums, independent of addresses.
inline std::uint64_t digest(long v) { return std::uint64_t(v); }
inline std::uint64_t digest(int v) { return digest(long(v)); }
inline std::uint64_t digest(short v) { return digest(long(v)); }
inline std::uint64_t digest(unsigned v) { return v; }
inline std::uint64_t digest(double v) { return digest(long(v * 2.0)); }
inline std::uint64_t digest(const Tag &t) {
  return mix(std::uint64_t(t.c), t.n);
}
inline std::uint64_t digest(const Rec3 &r) {
  return mix(mix(digest(r.a), digest(r.b)), digest(r.c));
}
inline std::uint64_t digest(const Point &p) {
  return mix(digest(p.x), digest(p.y));
}
inline std::uint64_t digest(const Span &s) {
  return mix(mix(digest(s.lo), digest(s.hi)), digest(s.step));
}
inline std::uint64_t digest(const Quad &q) {
  return mix(mix(digest(q.a), digest(q.b)), mix(digest(q.c), digest(q.d)));
}
inline std::uint64_t digest(const Box &b) {
  return mix(mix(digest(b.x0), digest(b.y0)), mix(digest(b.x1), digest(b.y1)));
}
inline std::uint64_t digest(const Row &r) {
  std::uint64_t h = digest(r.id);
  for (long c : r.cells)
    h = mix(h, digest(c));
  return h;
}
inline std::uint64_t digest(const Point *p) {
  return std::uint64_t(p - point_pool) + 1000;
}
inline std::uint64_t digest(const Wide *p) {
  return std::uint64_t(p - wide_pool) + 2000;
}

// The work for one element type T: n elements in a std::vector
// (push_back, sort, unique, shrink_to_fit, binary search), in a std::set
// (built from the vector, count, erase) and in a std::map<long, T>
// (operator[], erase). Prints the sizes, the hits and a checksum.
template <class T>
std::uint64_t exercise(const char *name, std::uint32_t seed, unsigned n) {
  Rng rng(seed);
  std::vector<T> v;
  for (unsigned i = 0; i < n; ++i)
    v.push_back(make<T>(rng.next()));
  std::set<T> s(v.begin(), v.end());
  std::map<long, T> m;
  for (const T &x : v)
    m[long(digest(x) % 101)] = x;
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  v.shrink_to_fit();
  unsigned found = 0, counted = 0;
  for (unsigned i = 0; i < n / 2; ++i) {
    T k = make<T>(rng.next());
    found += std::binary_search(v.begin(), v.end(), k);
    counted += unsigned(s.count(k));
    if (i % 3 == 0) {
      s.erase(k);
      m.erase(long(i % 101));
    }
  }
  std::uint64_t h = mix(mix(v.size(), s.size()), mix(m.size(), found));
  for (const T &x : v)
    h = mix(h, digest(x));
  for (const T &x : s)
    h = mix(h, digest(x) + 1);
  for (const auto &kv : m)
    h = mix(mix(h, digest(kv.first)), digest(kv.second));
  std::printf("%-8s %4zu %4zu %4zu %4u %4u %016llx\n", name, v.size(),
              s.size(), m.size(), found, counted,
              static_cast<unsigned long long>(h));
  return h;
}

// One entry point per translation unit.
std::uint64_t run_numbers(std::uint32_t seed); // numbers.cpp
std::uint64_t run_records(std::uint32_t seed); // records.cpp

} // namespace cont

#endif
