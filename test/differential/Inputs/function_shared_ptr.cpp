// std::function with many lambdas and functors, std::shared_ptr /
// make_shared / weak_ptr for many pointee types: managers, invokers and
// control blocks (with vtables, so their addresses are significant).
#include <functional>
#include <memory>
#include <vector>

struct A { int x; };
struct B { int y; };
struct C { long z; };
struct D { void *p; };
struct E { int a, b; ~E() {} };
struct F { int a, b; ~F() {} };
struct Big { long v[8]; };
struct Big2 { long w[8]; };

template <typename T> __attribute__((noinline)) std::shared_ptr<T> makeOne() { return std::make_shared<T>(); }
template <typename T> __attribute__((noinline)) std::shared_ptr<T> adopt(T *p) { return std::shared_ptr<T>(p); }
template <typename T> __attribute__((noinline)) long useCount(const std::weak_ptr<T> &w) { return w.use_count(); }
template <typename T> __attribute__((noinline)) bool alive(const std::weak_ptr<T> &w) { return !w.expired(); }
template <typename T> __attribute__((noinline)) std::unique_ptr<T> own() { return std::unique_ptr<T>(new T()); }

#define PTRS(T)                                                                \
  template std::shared_ptr<T> makeOne<T>();                                    \
  template std::shared_ptr<T> adopt<T>(T *);                                   \
  template long useCount<T>(const std::weak_ptr<T> &);                         \
  template bool alive<T>(const std::weak_ptr<T> &);                            \
  template std::unique_ptr<T> own<T>();
PTRS(int)
PTRS(unsigned)
PTRS(long)
PTRS(A)
PTRS(B)
PTRS(C)
PTRS(D)
PTRS(E)
PTRS(F)
PTRS(Big)
PTRS(Big2)

std::vector<std::function<int(int)>> intFunctions() {
  std::vector<std::function<int(int)>> v;
  v.push_back([](int x) { return x + 1; });
  v.push_back([](int y) { return y + 1; });
  v.push_back([](int x) { return x * 2; });
  v.push_back([](int z) { return z * 2; });
  v.push_back([](int x) { return x - 7; });
  int k = 3;
  v.push_back([k](int x) { return x + k; });
  v.push_back([k](int x) { return x + k; });
  long l = 3;
  v.push_back([l](int x) { return int(x + l); });
  v.push_back(std::negate<int>());
  v.push_back(std::negate<int>());
  return v;
}

std::vector<std::function<long(long, long)>> longFunctions() {
  std::vector<std::function<long(long, long)>> v;
  v.push_back([](long a, long b) { return a + b; });
  v.push_back([](long a, long b) { return a + b; });
  v.push_back(std::plus<long>());
  v.push_back(std::minus<long>());
  v.push_back([](long a, long b) { return a - b; });
  return v;
}

std::function<void()> callbacks(std::shared_ptr<A> a, std::shared_ptr<B> b) {
  return [a, b] { a->x += b->y; };
}
std::function<void()> callbacks2(std::shared_ptr<B> b, std::shared_ptr<A> a) {
  return [a, b] { b->y += a->x; };
}
int apply(const std::function<int(int)> &f, int x) { return f(x); }
long apply2(const std::function<long(long, long)> &f, long x) { return f(x, x); }
