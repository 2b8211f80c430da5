// codec.cpp - Bytes in and out, and the CRC-32 that guards each block.
#include "codec.h"

namespace tel {

void ByteWriter::varint(u64 v) {
  while (v >= 0x80) {
    buf_.push_back(u8(v | 0x80));
    v >>= 7;
  }
  buf_.push_back(u8(v));
}

void ByteWriter::fixed32(u32 v) {
  for (int i = 0; i < 4; ++i)
    buf_.push_back(u8(v >> (8 * i)));
}

void ByteWriter::fixed64(u64 v) {
  for (int i = 0; i < 8; ++i)
    buf_.push_back(u8(v >> (8 * i)));
}

void ByteWriter::text(const std::string &s) {
  varint(s.size());
  buf_.insert(buf_.end(), s.begin(), s.end());
}

u8 ByteReader::byte() {
  if (p_ == end_) {
    ok_ = false;
    return 0;
  }
  return *p_++;
}

u64 ByteReader::varint() {
  u64 v = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    u8 b = byte();
    v |= u64(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
  ok_ = false;
  return v;
}

u32 ByteReader::fixed32() {
  u32 v = 0;
  for (int i = 0; i < 4; ++i)
    v |= u32(byte()) << (8 * i);
  return v;
}

u64 ByteReader::fixed64() {
  u64 v = 0;
  for (int i = 0; i < 8; ++i)
    v |= u64(byte()) << (8 * i);
  return v;
}

std::string ByteReader::text() {
  u64 n = varint();
  if (!ok_ || n > u64(end_ - p_)) {
    ok_ = false;
    return std::string();
  }
  std::string s(reinterpret_cast<const char *>(p_), std::size_t(n));
  p_ += n;
  return s;
}

namespace {
struct CrcTable {
  u32 entries[256];
  CrcTable() {
    for (u32 i = 0; i < 256; ++i) {
      u32 c = i;
      for (int k = 0; k < 8; ++k)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      entries[i] = c;
    }
  }
};
} // namespace

u32 crc32(const u8 *data, std::size_t size) {
  static const CrcTable table;
  u32 c = 0xffffffffu;
  for (std::size_t i = 0; i < size; ++i)
    c = table.entries[(c ^ data[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

} // namespace tel
