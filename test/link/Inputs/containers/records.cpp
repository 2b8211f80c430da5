// The exercise over records of 2 to 40 bytes.
#include "containers.h"

namespace cont {

std::uint64_t run_records(std::uint32_t seed) {
  std::uint64_t h = 0;
  h = mix(h, exercise<Tag>("Tag", seed + 1, 200));
  h = mix(h, exercise<Rec3>("Rec3", seed + 2, 200));
  h = mix(h, exercise<Point>("Point", seed + 3, 200));
  h = mix(h, exercise<Span>("Span", seed + 4, 200));
  h = mix(h, exercise<Quad>("Quad", seed + 5, 200));
  h = mix(h, exercise<Box>("Box", seed + 6, 200));
  h = mix(h, exercise<Row>("Row", seed + 7, 200));
  return h;
}

} // namespace cont
