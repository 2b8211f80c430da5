// channel_impl.h - run_typed<T>: one channel, start to finish, for a value
// type T. Included by channels_int.cpp and channels_real.cpp, which
// instantiate it for their kinds.
#pragma once

#include "channel.h"
#include "codec.h"
#include "pipeline.h"

#include <cmath>

namespace tel {

// A smooth periodic shape in [-1, 1] from plain arithmetic (Bhaskara's
// approximation of the sine), so that every machine computes the same
// samples.
inline double wave(double phase) {
  double x = 2.0 * (phase - std::floor(phase));
  double sign = 1.0;
  if (x >= 1.0) {
    x -= 1.0;
    sign = -1.0;
  }
  double p = x * (1.0 - x);
  return sign * 16.0 * p / (5.0 - 4.0 * p);
}

template <class T> Series<T> generate(const ChannelSpec &c) {
  Rng rng(c.seed);
  Series<T> s(c.name);
  s.reserve(c.samples + c.samples / 8);
  i64 t = 0;
  double frozen = 0;
  unsigned frozen_left = 0;
  for (u32 i = 0; i < c.samples; ++i) {
    t += 100 + rng.range(-15, 15);
    if (rng.chance(c.gap_pct))
      t += rng.range(1200, 4000);
    double phase = double(t) / (c.period_s * 1000.0);
    double d = c.base + c.amplitude * wave(phase) +
               c.noise * (rng.unit() * 2.0 - 1.0);
    if (frozen_left) {
      d = frozen;
      --frozen_left;
    } else if (rng.chance(c.stuck_pct)) {
      frozen_left = unsigned(rng.range(10, 30));
      frozen = d;
    }
    if (rng.chance(c.spike_pct))
      d += (rng.chance(50) ? 6.0 : -6.0) * (c.amplitude + c.noise);
    // The sensor reports before calibration.
    T v = from_double<T>((d - c.offset) / c.gain);
    if (!s.empty() && rng.chance(c.disorder_pct)) {
      // Arrives after the sample that follows it.
      Sample<T> prev = s[s.size() - 1];
      s[s.size() - 1] = Sample<T>{t, v};
      s.push(prev.t, prev.v);
    } else {
      s.push(t, v);
    }
    if (rng.chance(c.disorder_pct / 2 + 1))
      s.push(t, v); // retransmitted
  }
  return s;
}

template <class T> Pipeline<T> make_pipeline(const ChannelSpec &c) {
  Pipeline<T> p;
  p.template then<ReorderStage<T>>();
  if (c.gain != 1.0 || c.offset != 0.0) {
    double gain = c.gain, offset = c.offset;
    Text label;
    label.put("x").fixed(gain, 3).put(offset < 0 ? " - " : " + ");
    label.fixed(std::fabs(offset), 2);
    p.template then<MapStage<T>>(label.str(), [gain, offset](T v) {
      return from_double<T>(to_double(v) * gain + offset);
    });
  }
  double span = c.hi - c.lo;
  double lo = c.lo - 8 * span, hi = c.hi + 8 * span;
  Text plausible;
  plausible.put("plausible [").fixed(lo, 1).put(", ").fixed(hi, 1).put("]");
  p.template then<FilterStage<T>>(plausible.str(), [lo, hi](const Sample<T> &x) {
    double d = to_double(x.v);
    return d >= lo && d <= hi;
  });
  if (c.spike_pct)
    p.template then<DespikeStage<T>>(4.0);
  if (c.quantum > 0)
    p.template then<QuantizeStage<T>>(c.quantum);
  if (c.smooth == 4)
    p.template then<SmoothStage<T, 4>>();
  else if (c.smooth == 8)
    p.template then<SmoothStage<T, 8>>();
  if (c.decimate > 1)
    p.template then<DecimateStage<T>>(c.decimate);
  p.template then<ClampStage<T>>(from_double<T>(c.lo - 2 * span),
                                 from_double<T>(c.hi + 2 * span));
  return p;
}

template <class T> RuleSet<T> make_rules(const ChannelSpec &c) {
  RuleSet<T> r;
  double span = c.hi - c.lo;
  r.template add<AboveRule<T>>(from_double<T>(c.hi), 400, Severity::Warning);
  r.template add<BelowRule<T>>(from_double<T>(c.lo), 400, Severity::Notice);
  r.template add<BandRule<T>>(from_double<T>(c.lo - span / 4),
                              from_double<T>(c.hi + span / 4), span / 20,
                              Severity::Fault);
  r.template add<RateRule<T>>(span, Severity::Notice);
  r.template add<StuckRule<T>>(12, c.stuck_pct ? Severity::Fault : Severity::Info);
  r.template add<GapRule<T>>(1000, Severity::Warning);
  return r;
}

// Distinct values and the most frequent one: integers as they are, other
// types rounded to hundredths.
template <class T> void count_values(const std::vector<T> &values,
                                     ChannelResult &r, std::true_type) {
  FlatMap<T, u32> counts;
  for (T v : values)
    ++counts[v];
  T key{};
  u32 n = 0;
  counts.max_entry(key, n, [](T a, T b) { return a < b; });
  r.distinct = counts.size();
  r.mode = to_double(key);
  r.mode_count = n;
}

template <class T> void count_values(const std::vector<T> &values,
                                     ChannelResult &r, std::false_type) {
  FlatMap<i64, u32> counts;
  for (T v : values)
    ++counts[i64(std::floor(to_double(v) * 100.0 + 0.5))];
  i64 key = 0;
  u32 n = 0;
  counts.max_entry(key, n, [](i64 a, i64 b) { return a < b; });
  r.distinct = counts.size();
  r.mode = double(key) / 100.0;
  r.mode_count = n;
}

template <class T> bool same_samples(const Series<T> &a, const Series<T> &b) {
  if (a.size() != b.size() || a.name() != b.name())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].t != b[i].t || std::memcmp(&a[i].v, &b[i].v, sizeof(T)) != 0)
      return false;
  return true;
}

// Per one-minute window: the spread of the values.
template <class T> void window_stats(const Series<T> &s, ChannelResult &r) {
  SmallVec<Summary<T>, 8> windows;
  i64 window_end = -1;
  for (const Sample<T> &x : s) {
    if (x.t >= window_end) {
      windows.emplace_back();
      window_end = (x.t / 60000 + 1) * 60000;
    }
    windows.back().add(x.v);
  }
  r.windows = windows.size();
  for (const Summary<T> &w : windows) {
    double spread = to_double(w.max) - to_double(w.min);
    if (spread > r.widest_window)
      r.widest_window = spread;
  }
}

template <class T> void top_peaks(const std::vector<T> &values, ChannelResult &r) {
  SmallVec<T, 3> top;
  for (T v : values) {
    std::size_t pos = 0;
    while (pos < top.size() && !(top[pos] < v))
      ++pos;
    if (pos < 3) {
      top.insert(pos, v);
      if (top.size() > 3)
        top.pop_back();
    }
  }
  for (std::size_t i = 0; i < top.size(); ++i)
    r.peaks[i] = to_double(top[i]);
}

template <class T>
ChannelResult run_typed(const ChannelSpec &c, Bus &bus, Text &log) {
  ChannelResult r;
  r.name = c.name;
  r.type = Traits<T>::name();

  Series<T> s = generate<T>(c);
  r.raw = s.size();
  Pipeline<T> pipeline = make_pipeline<T>(c);
  r.stages = pipeline.size();
  log.put(c.name).put(" (").put(r.type).put(", ").unum(r.raw).put(" raw)\n");
  pipeline.run(s, log, [&bus, &r](const char *stage, std::size_t touched) {
    bus.stages.publish(StageEvent{&r.name, stage, touched});
  });
  r.kept = s.size();

  RuleSet<T> rules = make_rules<T>(c);
  r.rules = rules.size();
  std::vector<Finding> findings = rules.evaluate(s);
  for (const Finding &f : findings) {
    ++r.by_severity[unsigned(f.severity)];
    bus.alarms.publish(AlarmEvent{&r.name, f});
    if (std::strcmp(f.rule, "gap") == 0)
      bus.gaps.publish(GapEvent{&r.name, f.t, f.t + i64(f.value)});
  }

  std::vector<T> values = s.values();
  if (!values.empty()) {
    Summary<T> sum = summarize(values.data(), values.data() + values.size());
    r.min = to_double(sum.min);
    r.max = to_double(sum.max);
    r.mean = sum.mean;
    r.stddev = sum.stddev();
    Histogram<16> h;
    double span = c.hi - c.lo;
    h.lo = c.lo - span / 2;
    h.hi = c.hi + span / 2;
    h.fill(values.data(), values.data() + values.size());
    r.histogram = h.sparkline();
    T high = from_double<T>(c.hi);
    r.longest_high = longest_run(values.data(), values.data() + values.size(),
                                 [high](T v) { return high < v; });
    count_values(values, r, std::integral_constant<bool, std::is_integral<T>::value>());
    top_peaks(values, r);
    std::vector<T> scratch = values;
    r.p50 = to_double(percentile(scratch, 50));
    r.p95 = to_double(percentile(scratch, 95));
  }
  window_stats(s, r);

  ByteWriter w;
  encode_series(s, w);
  r.encoded = w.size();
  r.crc = crc32(w.bytes().data(), w.size());
  ByteReader rd(w.bytes().data(), w.size());
  Series<T> back;
  r.round_trip = decode_series(rd, back) && rd.at_end() && same_samples(s, back);
  bus.codec.publish(CodecEvent{&r.name, r.encoded, s.size(), r.round_trip});

  Hasher h;
  for (const Sample<T> &x : s) {
    h.value(x.t);
    h.value(x.v);
  }
  r.digest = h.digest();
  return r;
}

} // namespace tel
