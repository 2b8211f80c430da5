// codec.h - The compact wire format channels are stored in: varints,
// zigzag for signed values, deltas between neighbours (XOR of the bit
// patterns for floating point), and a CRC-32 over each block.
#pragma once

#include "series.h"

#include <vector>

namespace tel {

class ByteWriter {
public:
  void byte(u8 b) { buf_.push_back(b); }
  void varint(u64 v);
  void zigzag(i64 v) { varint((u64(v) << 1) ^ u64(v >> 63)); }
  void fixed32(u32 v);
  void fixed64(u64 v);
  void text(const std::string &s);
  const std::vector<u8> &bytes() const { return buf_; }
  std::size_t size() const { return buf_.size(); }

private:
  std::vector<u8> buf_;
};

class ByteReader {
public:
  ByteReader(const u8 *data, std::size_t size) : p_(data), end_(data + size) {}
  u8 byte();
  u64 varint();
  i64 zigzag() {
    u64 v = varint();
    return i64(v >> 1) ^ -i64(v & 1);
  }
  u32 fixed32();
  u64 fixed64();
  std::string text();
  bool ok() const { return ok_; }
  bool at_end() const { return p_ == end_; }
  const u8 *position() const { return p_; }

private:
  const u8 *p_, *end_;
  bool ok_ = true;
};

u32 crc32(const u8 *data, std::size_t size);

// How one value is written. Unsigned integers as varints, signed ones
// zigzagged, floating point by its bits, fixed point by its raw value.
template <class T, bool Float = std::is_floating_point<T>::value,
          bool Signed = std::is_signed<T>::value>
struct Codec;

template <class T> struct Codec<T, false, false> {
  static void put(ByteWriter &w, T v) { w.varint(u64(v)); }
  static T get(ByteReader &r) { return T(r.varint()); }
  static void put_delta(ByteWriter &w, T prev, T v) {
    w.zigzag(i64(u64(v) - u64(prev)));
  }
  static T get_delta(ByteReader &r, T prev) { return T(u64(prev) + u64(r.zigzag())); }
};

template <class T> struct Codec<T, false, true> {
  static void put(ByteWriter &w, T v) { w.zigzag(i64(v)); }
  static T get(ByteReader &r) { return T(r.zigzag()); }
  static void put_delta(ByteWriter &w, T prev, T v) {
    w.zigzag(i64(u64(i64(v)) - u64(i64(prev))));
  }
  static T get_delta(ByteReader &r, T prev) {
    return T(i64(u64(i64(prev)) + u64(r.zigzag())));
  }
};

template <class T> struct Codec<T, true, true> {
  using Bits = typename std::conditional<sizeof(T) == 4, u32, u64>::type;
  static Bits bits(T v) {
    Bits b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  }
  static T from_bits(Bits b) {
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
  }
  static void put(ByteWriter &w, T v) {
    if (sizeof(T) == 4)
      w.fixed32(u32(bits(v)));
    else
      w.fixed64(u64(bits(v)));
  }
  static T get(ByteReader &r) {
    return from_bits(Bits(sizeof(T) == 4 ? r.fixed32() : r.fixed64()));
  }
  // Neighbouring readings share their high bits: XOR them away, and
  // write what is left from the top, as a varint of the reversed bits.
  static void put_delta(ByteWriter &w, T prev, T v) {
    w.varint(reverse_bits(bits(prev) ^ bits(v)));
  }
  static T get_delta(ByteReader &r, T prev) {
    return from_bits(Bits(bits(prev) ^ reverse_bits(Bits(r.varint()))));
  }
  static Bits reverse_bits(Bits x) {
    Bits out = 0;
    for (unsigned i = 0; i < sizeof(Bits) * 8; ++i, x >>= 1)
      out = Bits((out << 1) | (x & 1));
    return out;
  }
};

template <> struct Codec<Fixed, false, false> {
  static void put(ByteWriter &w, Fixed v) { w.zigzag(v.raw); }
  static Fixed get(ByteReader &r) { return Fixed{i32(r.zigzag())}; }
  static void put_delta(ByteWriter &w, Fixed prev, Fixed v) {
    w.zigzag(i64(v.raw) - i64(prev.raw));
  }
  static Fixed get_delta(ByteReader &r, Fixed prev) {
    return Fixed{i32(i64(prev.raw) + r.zigzag())};
  }
};

// A block: name, count, first time and value, then per sample the time
// delta and the value delta; a CRC-32 of everything before it closes it.
template <class T> void encode_series(const Series<T> &s, ByteWriter &w) {
  std::size_t start = w.size();
  w.text(s.name());
  w.text(Traits<T>::name());
  w.varint(s.size());
  if (!s.empty()) {
    w.zigzag(s[0].t);
    Codec<T>::put(w, s[0].v);
    for (std::size_t i = 1; i < s.size(); ++i) {
      w.varint(u64(s[i].t - s[i - 1].t));
      Codec<T>::put_delta(w, s[i - 1].v, s[i].v);
    }
  }
  w.fixed32(crc32(w.bytes().data() + start, w.size() - start));
}

// Reads a block back; false if it is damaged or of another type.
template <class T> bool decode_series(ByteReader &r, Series<T> &out) {
  const u8 *start = r.position();
  std::string name = r.text();
  std::string type = r.text();
  if (!r.ok() || type != Traits<T>::name())
    return false;
  Series<T> s(name);
  u64 n = r.varint();
  if (n > 0 && r.ok()) {
    i64 t = r.zigzag();
    T v = Codec<T>::get(r);
    s.push(t, v);
    for (u64 i = 1; i < n && r.ok(); ++i) {
      t += i64(r.varint());
      v = Codec<T>::get_delta(r, v);
      s.push(t, v);
    }
  }
  const u8 *end = r.position();
  u32 crc = r.fixed32();
  if (!r.ok() || crc != crc32(start, std::size_t(end - start)))
    return false;
  out = std::move(s);
  return true;
}

} // namespace tel
