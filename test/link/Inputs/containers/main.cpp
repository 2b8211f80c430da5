// Fills the pools the pointer element types point into, runs the exercises
// of numbers.cpp and records.cpp, and prints their totals by name.
#include "containers.h"

#include <cstdio>
#include <map>
#include <string>

namespace cont {
Point point_pool[kPool];
Wide wide_pool[kPool];
} // namespace cont

int main() {
  using namespace cont;
  for (unsigned i = 0; i < kPool; ++i) {
    point_pool[i] = Point{int(i), int(i * i % 17)};
    wide_pool[i] = Wide{long(i) * 3, -long(i), long(i % 5)};
  }
  std::map<std::string, std::uint64_t> totals;
  totals["numbers"] = run_numbers(1000);
  totals["records"] = run_records(2000);
  std::uint64_t all = 0;
  for (const auto &kv : totals) {
    std::printf("total %-8s %016llx\n", kv.first.c_str(),
                static_cast<unsigned long long>(kv.second));
    all = mix(all, kv.second);
  }
  std::printf("all %016llx\n", static_cast<unsigned long long>(all));
  return 0;
}
