// <algorithm> and <numeric> over small structs and scalars, driven by
// lambdas: stable_sort, partial_sort, nth_element, transform, accumulate,
// min/max_element, plus std::deque and std::vector<bool>-free containers.
#include <algorithm>
#include <deque>
#include <numeric>
#include <vector>

struct P2 { int x, y; };
struct Q2 { int u, v; };
struct R3 { unsigned char r, g, b; };
struct S3 { unsigned char h, s, l; };
struct L2 { long a, b; };
struct M2 { long long c, d; };

template <typename T, typename Key> __attribute__((noinline)) void stableBy(std::vector<T> &v, Key key) {
  std::stable_sort(v.begin(), v.end(), [&](const T &a, const T &b) { return key(a) < key(b); });
}
template <typename T, typename Key> __attribute__((noinline)) void topK(std::vector<T> &v, std::size_t k, Key key) {
  std::partial_sort(v.begin(), v.begin() + std::min(k, v.size()), v.end(),
                    [&](const T &a, const T &b) { return key(a) < key(b); });
}
template <typename T, typename Key> __attribute__((noinline)) void median(std::vector<T> &v, Key key) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end(),
                   [&](const T &a, const T &b) { return key(a) < key(b); });
}
template <typename T, typename Key> __attribute__((noinline)) long total(const std::deque<T> &d, Key key) {
  return std::accumulate(d.begin(), d.end(), 0L, [&](long s, const T &e) { return s + key(e); });
}
template <typename T> __attribute__((noinline)) void pushBoth(std::deque<T> &d, const T &x) {
  d.push_back(x);
  d.push_front(x);
}

#define KEY(T, f) [](const T &e) { return e.f; }
#define ALGOS(T, f)                                                            \
  void algos_##T(std::vector<T> &v, std::deque<T> &d, const T &x) {            \
    stableBy(v, KEY(T, f));                                                    \
    topK(v, 3, KEY(T, f));                                                     \
    median(v, KEY(T, f));                                                      \
    total(d, KEY(T, f));                                                       \
    pushBoth(d, x);                                                            \
  }
ALGOS(P2, x)
ALGOS(Q2, u)
ALGOS(R3, r)
ALGOS(S3, h)
ALGOS(L2, a)
ALGOS(M2, c)

template <typename T> __attribute__((noinline)) T maxOf(const std::vector<T> &v) { return *std::max_element(v.begin(), v.end()); }
template <typename T> __attribute__((noinline)) void squareAll(std::vector<T> &v) { std::transform(v.begin(), v.end(), v.begin(), [](T x) { return x * x; }); }
template <typename T> __attribute__((noinline)) void iota(std::vector<T> &v) { std::iota(v.begin(), v.end(), T(1)); }
#define SCALAR(T)                                                              \
  template T maxOf<T>(const std::vector<T> &);                                 \
  template void squareAll<T>(std::vector<T> &);                                \
  template void iota<T>(std::vector<T> &);
SCALAR(int)
SCALAR(unsigned)
SCALAR(long)
SCALAR(long long)
SCALAR(unsigned long)
SCALAR(short)
SCALAR(float)
SCALAR(double)
