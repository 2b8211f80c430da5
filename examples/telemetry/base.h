// base.h - What every part of the telemetry tool uses: fixed-width names,
// a deterministic random source, a 64-bit hash, a text builder, the Q16.16
// fixed-point type some sensors report in, and per-type traits that let
// the generic code convert any channel value to and from double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

namespace tel {

using i8 = std::int8_t;
using u8 = std::uint8_t;
using i16 = std::int16_t;
using u16 = std::uint16_t;
using i32 = std::int32_t;
using u32 = std::uint32_t;
using i64 = std::int64_t;
using u64 = std::uint64_t;

// splitmix64: the same sequence on every machine.
class Rng {
public:
  explicit Rng(u64 seed) : state_(seed) {}
  u64 next();
  u64 below(u64 n) { return n ? next() % n : 0; }
  i64 range(i64 lo, i64 hi) { return lo + i64(below(u64(hi - lo) + 1)); }
  double unit() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  bool chance(unsigned percent) { return below(100) < percent; }
  Rng fork(u64 salt) { return Rng(next() ^ (salt * 0x9e3779b97f4a7c15ULL)); }

private:
  u64 state_;
};

// FNV-1a over bytes; values are hashed by their object representation, so
// only types without padding go through value().
class Hasher {
public:
  void bytes(const void *p, std::size_t n);
  template <class T> void value(const T &v) {
    static_assert(std::is_trivially_copyable<T>::value, "plain values only");
    bytes(&v, sizeof v);
  }
  void text(const std::string &s) {
    bytes(s.data(), s.size());
    value(u64(s.size()));
  }
  u64 digest() const { return h_; }

private:
  u64 h_ = 0xcbf29ce484222325ULL;
};

// Appends formatted text; reports and sinks build their lines with it.
class Text {
public:
  Text &put(const char *s);
  Text &put(const std::string &s) { return put(s.c_str()); }
  Text &put(char c);
  Text &num(long long v);
  Text &unum(unsigned long long v);
  Text &fixed(double v, int decimals);
  Text &hex(u64 v, int digits);
  Text &pad(std::size_t column); // spaces up to column (of the last line)
  Text &right(const std::string &s, std::size_t width);
  const std::string &str() const { return s_; }
  std::size_t size() const { return s_.size(); }
  void clear() { s_.clear(); }

private:
  std::string s_;
};

// Q16.16 fixed point, as the load and torque sensors report it.
struct Fixed {
  i32 raw;
  static Fixed from_raw(i32 r) { return Fixed{r}; }
  double to_double() const { return double(raw) / 65536.0; }
  friend bool operator<(Fixed a, Fixed b) { return a.raw < b.raw; }
  friend bool operator>(Fixed a, Fixed b) { return a.raw > b.raw; }
  friend bool operator<=(Fixed a, Fixed b) { return a.raw <= b.raw; }
  friend bool operator>=(Fixed a, Fixed b) { return a.raw >= b.raw; }
  friend bool operator==(Fixed a, Fixed b) { return a.raw == b.raw; }
  friend bool operator!=(Fixed a, Fixed b) { return a.raw != b.raw; }
};

enum class Severity : u8 { Info, Notice, Warning, Fault };
const char *severity_name(Severity s);

// Per-type facts: a short name, the smallest and largest value, and the
// conversions to and from double (rounding, saturating at the limits).
template <class T> struct Traits {
  static_assert(std::is_arithmetic<T>::value, "no traits for this type");
  static constexpr bool is_float = std::is_floating_point<T>::value;
  static constexpr bool is_signed = std::is_signed<T>::value;
  static T lowest() { return std::numeric_limits<T>::lowest(); }
  static T highest() { return std::numeric_limits<T>::max(); }
  static double to_double(T v) { return double(v); }
  static T from_double(double d) {
    if (is_float)
      return T(d);
    if (!(d > double(lowest())))
      return lowest();
    if (!(d < double(highest())))
      return highest();
    double r = d < 0 ? d - 0.5 : d + 0.5;
    return T(r);
  }
  static const char *name() {
    if (std::is_same<T, i8>::value)
      return "i8";
    if (std::is_same<T, u8>::value)
      return "u8";
    if (std::is_same<T, i16>::value)
      return "i16";
    if (std::is_same<T, u16>::value)
      return "u16";
    if (std::is_same<T, i32>::value)
      return "i32";
    if (std::is_same<T, u32>::value)
      return "u32";
    if (std::is_same<T, i64>::value)
      return "i64";
    if (std::is_same<T, u64>::value)
      return "u64";
    if (std::is_same<T, float>::value)
      return "f32";
    return "f64";
  }
};

template <> struct Traits<Fixed> {
  static constexpr bool is_float = false;
  static constexpr bool is_signed = true;
  static Fixed lowest() { return Fixed{std::numeric_limits<i32>::min()}; }
  static Fixed highest() { return Fixed{std::numeric_limits<i32>::max()}; }
  static double to_double(Fixed v) { return v.to_double(); }
  static Fixed from_double(double d) {
    double r = d * 65536.0;
    if (!(r > -2147483648.0))
      return lowest();
    if (!(r < 2147483647.0))
      return highest();
    return Fixed{i32(r < 0 ? r - 0.5 : r + 0.5)};
  }
  static const char *name() { return "q16.16"; }
};

template <class T> double to_double(T v) { return Traits<T>::to_double(v); }
template <class T> T from_double(double d) { return Traits<T>::from_double(d); }

// Mixes an integer into a well-spread 64-bit hash (for FlatMap).
inline u64 mix64(u64 x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

} // namespace tel
