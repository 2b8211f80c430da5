// The exercise over arithmetic element types and pointers.
#include "containers.h"

namespace cont {

std::uint64_t run_numbers(std::uint32_t seed) {
  std::uint64_t h = 0;
  h = mix(h, exercise<int>("int", seed + 1, 200));
  h = mix(h, exercise<long>("long", seed + 2, 200));
  h = mix(h, exercise<short>("short", seed + 3, 200));
  h = mix(h, exercise<unsigned>("unsigned", seed + 4, 200));
  h = mix(h, exercise<double>("double", seed + 5, 200));
  h = mix(h, exercise<const Point *>("Point*", seed + 6, 200));
  h = mix(h, exercise<const Wide *>("Wide*", seed + 7, 200));
  return h;
}

} // namespace cont
