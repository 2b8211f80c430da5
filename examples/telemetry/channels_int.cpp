// channels_int.cpp - Channels whose sensors report integers.
#include "channel_impl.h"

namespace tel {

ChannelResult run_integer_channel(const ChannelSpec &spec, Bus &bus, Text &log) {
  switch (spec.kind) {
  case Kind::I8:
    return run_typed<i8>(spec, bus, log);
  case Kind::U8:
    return run_typed<u8>(spec, bus, log);
  case Kind::I16:
    return run_typed<i16>(spec, bus, log);
  case Kind::U16:
    return run_typed<u16>(spec, bus, log);
  case Kind::I32:
    return run_typed<i32>(spec, bus, log);
  case Kind::U32:
    return run_typed<u32>(spec, bus, log);
  case Kind::I64:
    return run_typed<i64>(spec, bus, log);
  case Kind::U64:
    return run_typed<u64>(spec, bus, log);
  default:
    return run_real_channel(spec, bus, log);
  }
}

} // namespace tel
