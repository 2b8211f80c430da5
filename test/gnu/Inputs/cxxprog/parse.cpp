// Archive member: throws across files.
#include "common.h"
#include <stdexcept>

long parse_size(const std::string &s) {
  long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      throw std::invalid_argument("not a number: " + s);
    v = v * 10 + (c - '0');
  }
  unsigned uv[] = {unsigned(v), 1u};
  return v + Acc<unsigned>::sum(uv, 2) % 2;
}
