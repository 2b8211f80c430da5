// report.cpp - The sinks' formatting.
#include "report.h"

namespace tel {

namespace {
std::string num2(double v) {
  Text t;
  t.fixed(v, 2);
  return t.str();
}

std::string count(std::size_t n) {
  Text t;
  t.unum(n);
  return t.str();
}

std::string alarms(const ChannelResult &r) {
  Text t;
  t.unum(r.by_severity[1]).put('/').unum(r.by_severity[2]).put('/');
  t.unum(r.by_severity[3]);
  return t.str();
}
} // namespace

void TableSink::begin(const std::string &title) {
  out_.put(title).put('\n');
  out_.put("channel").pad(18).put("type").pad(25);
  out_.right("raw", 6).right("kept", 6).right("min", 14).right("mean", 14);
  out_.right("max", 14).right("p95", 14).right("n/w/f", 9);
  out_.right("bytes", 7).put("  histogram\n");
}

void TableSink::row(const ChannelResult &r) {
  out_.put(r.name).pad(18).put(r.type).pad(25).right(count(r.raw), 6);
  out_.right(count(r.kept), 6).right(num2(r.min), 14);
  out_.right(num2(r.mean), 14).right(num2(r.max), 14).right(num2(r.p95), 14);
  out_.right(alarms(r), 9).right(count(r.encoded), 7);
  out_.put("  [").put(r.histogram).put("]");
  if (!r.round_trip)
    out_.put(" CODEC MISMATCH");
  out_.put('\n');
  ++rows_;
  raw_ += r.raw;
  kept_ += r.kept;
  bytes_ += r.encoded;
  alarms_ += r.by_severity[1] + r.by_severity[2] + r.by_severity[3];
}

void TableSink::end() {
  out_.put("total: ").unum(rows_).put(" channels, ").unum(raw_);
  out_.put(" samples received, ").unum(kept_).put(" kept, ").unum(alarms_);
  out_.put(" alarms, ").unum(bytes_).put(" bytes encoded\n\n");
}

void ShapeSink::begin(const std::string &title) {
  out_.put(title).put('\n');
  out_.put("channel").pad(18).right("distinct", 8).right("mode", 14);
  out_.right("times", 6).right("peak", 14).right("2nd", 14).right("3rd", 14);
  out_.right("win", 4).right("widest", 11).right("high", 5).put('\n');
}

void ShapeSink::row(const ChannelResult &r) {
  out_.put(r.name).pad(18).right(count(r.distinct), 8).right(num2(r.mode), 14);
  out_.right(count(r.mode_count), 6);
  for (double p : r.peaks)
    out_.right(num2(p), 14);
  out_.right(count(r.windows), 4).right(num2(r.widest_window), 11);
  out_.right(count(r.longest_high), 5).put('\n');
  ++rows_;
}

void ShapeSink::end() { out_.put('\n'); }

void CsvSink::begin(const std::string &title) {
  csv_.put("# ").put(title).put('\n');
  csv_.put("channel,type,raw,kept,min,max,mean,stddev,p50,p95,notice,warning,"
           "fault,bytes,crc\n");
}

void CsvSink::row(const ChannelResult &r) {
  csv_.put(r.name).put(',').put(r.type).put(',').unum(r.raw).put(',');
  csv_.unum(r.kept).put(',').fixed(r.min, 4).put(',').fixed(r.max, 4).put(',');
  csv_.fixed(r.mean, 4).put(',').fixed(r.stddev, 4).put(',');
  csv_.fixed(r.p50, 4).put(',').fixed(r.p95, 4);
  for (int s = 1; s < 4; ++s)
    csv_.put(',').unum(r.by_severity[s]);
  csv_.put(',').unum(r.encoded).put(',').hex(r.crc, 8).put('\n');
  ++rows_;
}

void DigestSink::row(const ChannelResult &r) {
  h_.text(r.name);
  h_.value(u64(r.raw));
  h_.value(u64(r.kept));
  h_.value(r.digest);
  h_.value(r.crc);
  h_.value(u64(r.encoded));
  for (std::size_t s : r.by_severity)
    h_.value(u64(s));
  h_.value(r.min);
  h_.value(r.max);
  h_.value(r.p50);
  h_.value(r.p95);
}

} // namespace tel
