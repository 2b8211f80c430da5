// The C++ program's main file (bitcode).
#include "common.h"
#include <cstdio>
#include <stdexcept>

int registry_count;

namespace {
// A static constructor: runs only if the generated object's .init_array is
// kept and run.
struct Registry {
  Registry() { registry_count += 40; }
} registry;
} // namespace

volatile int seed = 3;

int main() {
  int s = seed;
  int iv[] = {s, s + 1, s + 2};
  unsigned uv[] = {unsigned(s), unsigned(s) + 1, unsigned(s) + 2};
  long lv[] = {s, s * 2L};
  long long llv[] = {s, s * 2LL};
  // Lengths from seed: constants would specialize each instance apart.
  std::printf("acc %d %u %ld %lld\n", Acc<int>::sum(iv, s), Acc<unsigned>::sum(uv, s),
              Acc<long>::sum(lv, s - 1), Acc<long long>::sum(llv, s - 1));
  long total = 0;
  int corners = 0;
  Shape *shapes[3];
  for (int kind = 0; kind < 3; ++kind) {
    shapes[kind] = make_shape(kind, s + kind);
    total += shapes[kind]->area();
    corners += shapes[kind]->corners();
  }
  const char *names[] = {"a", nullptr, "c", "d"};
  std::printf("shapes area=%ld corners=%d nonnull=%d,%d\n", total, corners,
              NonNull<Shape>::count(shapes, s), NonNull<const char>::count(names, s + 1));
  for (Shape *sh : shapes)
    delete sh;
  for (const char *text : {"12", "x7"}) {
    try {
      std::printf("parse %s -> %ld\n", text, parse_size(text));
    } catch (const std::invalid_argument &e) {
      std::printf("parse %s failed: %s\n", text, e.what());
    }
  }
  std::printf("native=%ld dso=%d registry=%d\n", native_weight(s), dso_scale(s),
              registry_count);
  return 0;
}
