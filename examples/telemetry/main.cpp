// main.cpp - telemetry: replays one trip of a test vehicle's sensor log
// (generated from fixed seeds, so every run sees the same data), cleans each
// channel, checks it against its alarm rules, encodes it for storage, and
// prints the trip report and a checksum of everything it computed.

#include "algo.h"
#include "codec.h"
#include "report.h"

#include <cstdio>

using namespace tel;

namespace {

// name, kind, samples, base, amplitude, period (s), noise, lo, hi, gain,
// offset, spike %, stuck %, gap %, disorder %, smooth, quantum, decimate,
// seed
const ChannelSpec kChannels[] = {
    {"engine.coolant", Kind::I16, 900, 88, 6, 40, 0.8, 70, 93, 0.1, -40, 1, 0, 1, 2, 4, 0, 0, 101},
    {"engine.oil", Kind::I16, 900, 95, 8, 55, 1.0, 75, 110, 0.1, -40, 1, 1, 0, 1, 4, 0, 0, 102},
    {"engine.rpm", Kind::U16, 1200, 2400, 900, 20, 60, 700, 3800, 1, 0, 2, 0, 1, 2, 8, 10, 0, 103},
    {"intake.kpa", Kind::U16, 800, 101, 12, 30, 0.5, 80, 125, 0.01, 0, 1, 0, 0, 1, 0, 0, 0, 104},
    {"battery.mv", Kind::U16, 1000, 12600, 300, 90, 25, 11800, 12800, 1, 0, 0, 0, 2, 1, 4, 0, 0, 105},
    {"battery.ma", Kind::I32, 1000, -1500, 4000, 25, 150, -8000, 6000, 1, 0, 1, 0, 0, 2, 0, 0, 0, 106},
    {"fuel.pct", Kind::U8, 600, 62, 3, 300, 1.5, 10, 100, 0.5, 0, 0, 2, 1, 1, 8, 0, 0, 107},
    {"cabin.celsius", Kind::I8, 700, 21, 2.5, 120, 0.6, 19, 26, 1, 0, 0, 1, 1, 1, 4, 0, 0, 108},
    {"signal.dbm", Kind::I8, 700, -72, 9, 45, 3, -80, -50, 1, 0, 2, 0, 3, 0, 0, 0, 0, 109},
    {"humidity.pct", Kind::U8, 500, 45, 10, 200, 2, 20, 70, 1, 0, 0, 1, 0, 1, 8, 0, 0, 110},
    {"gps.lat_e7", Kind::I32, 1100, 482081000, 200000, 600, 4000, 481500000, 482600000, 1, 0, 1, 0, 2, 1, 0, 0, 0, 111},
    {"gps.lon_e7", Kind::I32, 1100, 163738000, 300000, 500, 4000, 163000000, 164500000, 1, 0, 1, 0, 2, 1, 0, 0, 0, 112},
    {"gps.alt_m", Kind::F32, 1100, 180, 25, 300, 2, 120, 240, 1, 0, 1, 0, 2, 1, 4, 0, 0, 113},
    {"odometer.m", Kind::U64, 800, 15234000, 20000, 3600, 3, 15200000, 15260000, 1, 0, 0, 0, 1, 2, 0, 0, 0, 114},
    {"trip.skew_us", Kind::I64, 800, 0, 2500, 20, 300, -4000, 4000, 1, 0, 2, 0, 0, 1, 0, 0, 0, 115},
    {"uptime.ms", Kind::U32, 900, 5000000, 100000, 400, 50, 4800000, 5200000, 1, 0, 0, 0, 0, 3, 0, 0, 0, 116},
    {"packets.rx", Kind::U32, 900, 40000, 500, 35, 40, 39000, 41000, 1, 0, 1, 1, 1, 1, 0, 0, 2, 117},
    {"accel.x_g", Kind::F64, 1500, 0, 0.35, 7, 0.05, -0.6, 0.6, 1, 0, 2, 0, 0, 2, 4, 0, 0, 118},
    {"accel.y_g", Kind::F64, 1500, 0, 0.25, 11, 0.04, -0.5, 0.5, 1, 0, 2, 0, 0, 2, 4, 0, 0, 119},
    {"accel.z_g", Kind::F32, 1500, 1.0, 0.05, 3, 0.02, 0.85, 1.15, 1, 0, 1, 0, 0, 1, 0, 0, 3, 120},
    {"brake.bar", Kind::F32, 900, 12, 10, 9, 0.6, 0, 20, 1, 0, 1, 0, 1, 1, 0, 0.5, 0, 121},
    {"tire.fl_bar", Kind::F32, 600, 2.3, 0.05, 900, 0.01, 2.0, 2.6, 1, 0, 0, 1, 1, 0, 8, 0.01, 0, 122},
    {"tire.rr_bar", Kind::F32, 600, 2.1, 0.06, 800, 0.01, 2.0, 2.6, 1, 0, 0, 1, 1, 0, 8, 0.01, 0, 123},
    {"motor.load", Kind::Q16, 1000, 0.55, 0.3, 15, 0.03, 0.05, 0.8, 1, 0, 1, 0, 1, 1, 4, 0, 0, 124},
    {"motor.torque_nm", Kind::Q16, 1000, 180, 90, 15, 5, 20, 320, 1, 0, 1, 1, 0, 1, 0, 0, 0, 125},
    {"door.state", Kind::U8, 400, 1.5, 1.5, 60, 0.2, 0, 3, 1, 0, 0, 3, 0, 0, 0, 1, 0, 126},
};

// Channels whose pipeline log is printed in full.
const char *const kDetailed[] = {"engine.coolant", "gps.lat_e7", "motor.load"};

struct StageTotal {
  std::string stage;
  std::size_t touched = 0, runs = 0;
};

struct Gap {
  std::string channel;
  i64 from = 0, to = 0;
};

} // namespace

int main() {
  Bus bus;
  std::size_t severity_totals[4] = {};
  bus.alarms.subscribe([&severity_totals](const AlarmEvent &e) {
    ++severity_totals[unsigned(e.finding.severity)];
  });

  Text faults;
  std::size_t fault_lines = 0, faults_not_shown = 0;
  bus.alarms.subscribe([&faults, &fault_lines, &faults_not_shown](const AlarmEvent &e) {
    if (e.finding.severity != Severity::Fault)
      return;
    if (fault_lines == 8) {
      ++faults_not_shown;
      return;
    }
    faults.put("  ").put(*e.channel).pad(20).put(e.finding.rule).pad(28);
    faults.put("at ").fixed(double(e.finding.t) / 1000.0, 3).put(" s").pad(44);
    faults.put("value ").fixed(e.finding.value, 3).put('\n');
    ++fault_lines;
  });

  Gap longest;
  std::size_t gaps = 0;
  bus.gaps.subscribe([&longest, &gaps](const GapEvent &e) {
    ++gaps;
    if (e.to - e.from > longest.to - longest.from)
      longest = Gap{*e.channel, e.from, e.to};
  });

  std::size_t codec_bytes = 0, codec_samples = 0, codec_ok = 0, codec_blocks = 0;
  bus.codec.subscribe([&](const CodecEvent &e) {
    codec_bytes += e.bytes;
    codec_samples += e.samples;
    codec_ok += e.round_trip;
    ++codec_blocks;
  });

  SmallVec<StageTotal, 8> stage_totals;
  bus.stages.subscribe([&stage_totals](const StageEvent &e) {
    long i = stage_totals.find_if(
        [&e](const StageTotal &s) { return s.stage == e.stage; });
    if (i < 0) {
      stage_totals.emplace_back();
      stage_totals.back().stage = e.stage;
      i = long(stage_totals.size() - 1);
    }
    stage_totals[std::size_t(i)].touched += e.touched;
    ++stage_totals[std::size_t(i)].runs;
  });

  // Every event, in order, folded into one hash.
  Hasher events;
  bus.alarms.subscribe([&events](const AlarmEvent &e) {
    events.text(*e.channel);
    events.value(e.finding.t);
    events.value(u8(e.finding.severity));
    events.value(e.finding.value);
  });
  bus.gaps.subscribe([&events](const GapEvent &e) {
    events.value(e.from);
    events.value(e.to);
  });
  bus.codec.subscribe([&events](const CodecEvent &e) {
    events.value(u64(e.bytes));
    events.value(u8(e.round_trip));
  });
  bus.stages.subscribe([&events](const StageEvent &e) {
    events.value(u64(e.touched));
  });

  // A probe on the first half of the trip's channels only.
  std::size_t early_alarms = 0;
  int probe = bus.alarms.subscribe(
      [&early_alarms](const AlarmEvent &) { ++early_alarms; });

  Text table, shape, details;
  TableSink table_sink(table);
  ShapeSink shape_sink(shape);
  CsvSink csv;
  DigestSink digest;
  FanOut all;
  all.to(table_sink).to(shape_sink).to(csv).to(digest);
  table_sink.begin("Trip report: channels");
  shape_sink.begin("Signal shape");
  csv.begin("telemetry trip");
  digest.begin("telemetry trip");

  Hasher logs;
  const std::size_t n = sizeof kChannels / sizeof kChannels[0];
  std::vector<ChannelResult> results;
  for (std::size_t i = 0; i < n; ++i) {
    if (i == n / 2)
      bus.alarms.unsubscribe(probe);
    Text log;
    results.push_back(run_channel(kChannels[i], bus, log));
    logs.text(log.str());
    for (const char *name : kDetailed)
      if (results.back().name == name)
        details.put(log.str());
    all.row(results.back());
  }
  all.end();

  std::fputs(table.str().c_str(), stdout);
  std::fputs(shape.str().c_str(), stdout);

  std::printf("Pipelines (in full for %zu channels)\n%s\n",
              sizeof kDetailed / sizeof kDetailed[0], details.str().c_str());

  StageTotal *first = stage_totals.begin(), *last = stage_totals.end();
  tel::sort(first, last, [](const StageTotal &a, const StageTotal &b) {
    return a.touched != b.touched ? a.touched > b.touched : a.stage < b.stage;
  });
  std::printf("Stages over all channels\n");
  for (const StageTotal &s : stage_totals)
    std::printf("  %-10s %3zu runs %8zu samples touched\n", s.stage.c_str(),
                s.runs, s.touched);

  std::printf("\nAlarms: %zu notice, %zu warning, %zu fault (%zu in the "
              "first %zu channels)\n",
              severity_totals[1], severity_totals[2], severity_totals[3],
              early_alarms, n / 2);
  std::printf("First faults:\n%s", faults.str().c_str());
  if (faults_not_shown)
    std::printf("  ... and %zu more\n", faults_not_shown);
  std::printf("Dropouts: %zu, the longest %.3f s on %s at %.3f s\n", gaps,
              double(longest.to - longest.from) / 1000.0,
              longest.channel.c_str(), double(longest.from) / 1000.0);
  std::printf("Storage: %zu blocks, %zu samples in %zu bytes (%.2f bits a "
              "sample), %zu of %zu decode to the same samples\n",
              codec_blocks, codec_samples, codec_bytes,
              codec_samples ? 8.0 * double(codec_bytes) / double(codec_samples) : 0.0,
              codec_ok, codec_blocks);

  // The channel with the most alarms, and the busiest type.
  std::vector<const ChannelResult *> by_alarms;
  for (const ChannelResult &r : results)
    by_alarms.push_back(&r);
  tel::stable_sort(by_alarms.data(), by_alarms.data() + by_alarms.size(),
                   [](const ChannelResult *a, const ChannelResult *b) {
                     std::size_t x = a->by_severity[1] + a->by_severity[2] +
                                     a->by_severity[3];
                     std::size_t y = b->by_severity[1] + b->by_severity[2] +
                                     b->by_severity[3];
                     return x > y;
                   });
  std::printf("Most alarms: %s, %s, %s\n", by_alarms[0]->name.c_str(),
              by_alarms[1]->name.c_str(), by_alarms[2]->name.c_str());

  FlatMap<u8, u32> per_kind;
  for (std::size_t i = 0; i < n; ++i)
    per_kind[u8(kChannels[i].kind)] += u32(results[i].kept);
  std::printf("Samples kept by type:");
  for (u8 k = 0; k <= u8(Kind::Q16); ++k)
    if (const u32 *kept = per_kind.find(k))
      std::printf(" %s %u", kind_name(Kind(k)), *kept);
  std::printf("\n");

  std::printf("\nCSV: %zu rows, %zu bytes, crc %08x\n", csv.rows(),
              csv.text().size(),
              crc32(reinterpret_cast<const u8 *>(csv.text().data()),
                    csv.text().size()));
  Hasher total;
  total.value(digest.digest());
  total.value(events.digest());
  total.value(logs.digest());
  total.value(u64(per_kind.size()));
  std::printf("checksum: results %016llx events %016llx logs %016llx\n",
              (unsigned long long)digest.digest(),
              (unsigned long long)events.digest(),
              (unsigned long long)logs.digest());
  std::printf("checksum: %016llx\n", (unsigned long long)total.digest());
  return 0;
}
