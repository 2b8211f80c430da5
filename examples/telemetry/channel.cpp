// channel.cpp - The entry point for one channel, whatever its kind.
#include "channel.h"

namespace tel {

const char *kind_name(Kind k) {
  static const char *const names[] = {"i8",  "u8",  "i16", "u16",
                                      "i32", "u32", "i64", "u64",
                                      "f32", "f64", "q16.16"};
  unsigned i = unsigned(k);
  return i < sizeof names / sizeof names[0] ? names[i] : "?";
}

ChannelResult run_channel(const ChannelSpec &spec, Bus &bus, Text &log) {
  switch (spec.kind) {
  case Kind::F32:
  case Kind::F64:
  case Kind::Q16:
    return run_real_channel(spec, bus, log);
  default:
    return run_integer_channel(spec, bus, log);
  }
}

} // namespace tel
