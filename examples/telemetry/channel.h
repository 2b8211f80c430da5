// channel.h - What a channel is (its value type and the shape of its
// signal), and what processing one yields.
#pragma once

#include "events.h"

#include <string>

namespace tel {

// The value type a sensor reports in.
enum class Kind : u8 { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, Q16 };
const char *kind_name(Kind k);

struct ChannelSpec {
  const char *name;
  Kind kind;
  u32 samples;
  // The signal: base + amplitude * wave(t / period) + noise, in the
  // channel's unit.
  double base, amplitude, period_s, noise;
  // The normal range: rules raise alarms outside it.
  double lo, hi;
  // Calibration applied after reception: v * gain + offset.
  double gain, offset;
  // Percent of samples that are spikes, start a frozen run, follow a
  // dropout, arrive out of order.
  unsigned spike_pct, stuck_pct, gap_pct, disorder_pct;
  unsigned smooth;  // moving average over 4 or 8 samples; 0: none
  double quantum;   // resolution to round to; 0: none
  unsigned decimate; // keep 1 in N; 0 or 1: all
  u64 seed;
};

struct ChannelResult {
  std::string name;
  const char *type = "";
  std::size_t raw = 0, kept = 0, stages = 0, rules = 0;
  double min = 0, max = 0, mean = 0, stddev = 0, p50 = 0, p95 = 0;
  std::size_t by_severity[4] = {};
  std::size_t distinct = 0;
  double mode = 0;
  u32 mode_count = 0;
  std::size_t longest_high = 0;  // longest run above the normal range
  std::size_t windows = 0;       // one-minute windows with samples
  double widest_window = 0;      // largest max - min within a window
  double peaks[3] = {};          // the three highest values
  std::size_t encoded = 0;
  u32 crc = 0;
  bool round_trip = false;
  std::string histogram;
  u64 digest = 0; // of the cleaned samples
};

// Generates, cleans, checks, summarizes and encodes one channel,
// publishing to bus and appending the pipeline's log to log.
ChannelResult run_channel(const ChannelSpec &spec, Bus &bus, Text &log);

// The two halves of run_channel, by kind (channels_int.cpp,
// channels_real.cpp).
ChannelResult run_integer_channel(const ChannelSpec &spec, Bus &bus, Text &log);
ChannelResult run_real_channel(const ChannelSpec &spec, Bus &bus, Text &log);

} // namespace tel
