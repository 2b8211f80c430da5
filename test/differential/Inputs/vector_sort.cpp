// std::vector + <algorithm> instantiated for many element types whose
// representations coincide (int/enum, long/long long/unsigned long/pointers,
// small structs). Explicit instantiations keep every instance as a weak_odr
// definition even where -O2 would inline it away.
#include <algorithm>
#include <numeric>
#include <vector>

enum Color { Red, Green, Blue };
enum class Level : long { Low, High };
enum class Byte : unsigned char { Zero };
struct Pair { int a, b; bool operator<(const Pair &o) const { return a < o.a || (a == o.a && b < o.b); } bool operator==(const Pair &o) const { return a == o.a && b == o.b; } };
struct Coord { int x, y; bool operator<(const Coord &o) const { return x < o.x || (x == o.x && y < o.y); } bool operator==(const Coord &o) const { return x == o.x && y == o.y; } };
struct Node;
struct Leaf;
using IntPtr = int *;
using CStr = const char *;
using NodePtr = Node *;
using LeafPtr = Leaf *;

template <typename T> __attribute__((noinline)) void sortUnique(std::vector<T> &v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

template <typename T> __attribute__((noinline)) std::size_t countBelow(const std::vector<T> &v, const T &x) {
  return std::count_if(v.begin(), v.end(), [&](const T &e) { return e < x; });
}

template <typename T> __attribute__((noinline)) void fill(std::vector<T> &v, std::size_t n, const T &x) {
  v.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    v.push_back(x);
}

template <typename T> __attribute__((noinline)) void rotateHalf(std::vector<T> &v) {
  std::rotate(v.begin(), v.begin() + v.size() / 2, v.end());
  std::reverse(v.begin(), v.end());
}

template <typename T> __attribute__((noinline)) bool sortedSearch(const std::vector<T> &v, const T &x) {
  return std::binary_search(v.begin(), v.end(), x);
}

#define INSTANTIATE(T)                                                         \
  template void sortUnique<T>(std::vector<T> &);                               \
  template std::size_t countBelow<T>(const std::vector<T> &, const T &);       \
  template void fill<T>(std::vector<T> &, std::size_t, const T &);             \
  template void rotateHalf<T>(std::vector<T> &);                               \
  template bool sortedSearch<T>(const std::vector<T> &, const T &);

INSTANTIATE(int)
INSTANTIATE(unsigned)
INSTANTIATE(long)
INSTANTIATE(long long)
INSTANTIATE(unsigned long)
INSTANTIATE(unsigned long long)
INSTANTIATE(short)
INSTANTIATE(Color)
INSTANTIATE(Level)
INSTANTIATE(Byte)
INSTANTIATE(unsigned char)
INSTANTIATE(IntPtr)
INSTANTIATE(CStr)
INSTANTIATE(NodePtr)
INSTANTIATE(LeafPtr)
INSTANTIATE(Pair)
INSTANTIATE(Coord)

// Non-template users, so the module also has plain external functions.
long sumAll(const std::vector<long> &v) { return std::accumulate(v.begin(), v.end(), 0L); }
long long sumAllLL(const std::vector<long long> &v) { return std::accumulate(v.begin(), v.end(), 0LL); }
std::size_t sizeOfInts(const std::vector<int> &v) { return v.size(); }
std::size_t sizeOfUnsigned(const std::vector<unsigned> &v) { return v.size(); }
