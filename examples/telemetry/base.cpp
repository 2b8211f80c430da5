// base.cpp - The out-of-line parts of base.h.
#include "base.h"

#include <cstdio>

namespace tel {

u64 Rng::next() {
  u64 z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void Hasher::bytes(const void *p, std::size_t n) {
  const unsigned char *b = static_cast<const unsigned char *>(p);
  for (std::size_t i = 0; i < n; ++i) {
    h_ ^= b[i];
    h_ *= 0x100000001b3ULL;
  }
}

Text &Text::put(const char *s) {
  s_ += s;
  return *this;
}

Text &Text::put(char c) {
  s_ += c;
  return *this;
}

Text &Text::num(long long v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%lld", v);
  return put(buf);
}

Text &Text::unum(unsigned long long v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%llu", v);
  return put(buf);
}

Text &Text::fixed(double v, int decimals) {
  char buf[48];
  // No "-0.000": a value that rounds to zero prints as zero.
  double limit = 0.5;
  for (int i = 0; i < decimals; ++i)
    limit /= 10;
  if (v < 0 && -v < limit)
    v = 0;
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return put(buf);
}

Text &Text::hex(u64 v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*llx", digits, (unsigned long long)v);
  return put(buf);
}

Text &Text::pad(std::size_t column) {
  std::size_t nl = s_.rfind('\n');
  std::size_t start = nl == std::string::npos ? 0 : nl + 1;
  while (s_.size() - start < column)
    s_ += ' ';
  return *this;
}

Text &Text::right(const std::string &s, std::size_t width) {
  for (std::size_t n = s.size(); n < width; ++n)
    s_ += ' ';
  s_ += s;
  return *this;
}

const char *severity_name(Severity s) {
  switch (s) {
  case Severity::Info:
    return "info";
  case Severity::Notice:
    return "notice";
  case Severity::Warning:
    return "warning";
  case Severity::Fault:
    return "fault";
  }
  return "?";
}

} // namespace tel
