// channels_real.cpp - Channels whose sensors report floating or fixed point.
#include "channel_impl.h"

namespace tel {

ChannelResult run_real_channel(const ChannelSpec &spec, Bus &bus, Text &log) {
  switch (spec.kind) {
  case Kind::F32:
    return run_typed<float>(spec, bus, log);
  case Kind::F64:
    return run_typed<double>(spec, bus, log);
  case Kind::Q16:
    return run_typed<Fixed>(spec, bus, log);
  default:
    return run_integer_channel(spec, bus, log);
  }
}

} // namespace tel
