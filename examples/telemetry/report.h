// report.h - Where channel results go: sinks that print a table, write
// CSV, or fold everything into a digest, and a fan-out that feeds several.
#pragma once

#include "channel.h"

#include <vector>

namespace tel {

class Sink {
public:
  virtual ~Sink() = default;
  virtual void begin(const std::string &title) = 0;
  virtual void row(const ChannelResult &r) = 0;
  virtual void end() = 0;
};

// Values, alarms and size: one line per channel.
class TableSink : public Sink {
public:
  explicit TableSink(Text &out) : out_(out) {}
  void begin(const std::string &title) override;
  void row(const ChannelResult &r) override;
  void end() override;

private:
  Text &out_;
  std::size_t rows_ = 0, raw_ = 0, kept_ = 0, bytes_ = 0, alarms_ = 0;
};

// The shape of each signal: distinct values, mode, peaks, windows.
class ShapeSink : public Sink {
public:
  explicit ShapeSink(Text &out) : out_(out) {}
  void begin(const std::string &title) override;
  void row(const ChannelResult &r) override;
  void end() override;

private:
  Text &out_;
  std::size_t rows_ = 0;
};

class CsvSink : public Sink {
public:
  void begin(const std::string &title) override;
  void row(const ChannelResult &r) override;
  void end() override {}
  const std::string &text() const { return csv_.str(); }
  std::size_t rows() const { return rows_; }

private:
  Text csv_;
  std::size_t rows_ = 0;
};

class DigestSink : public Sink {
public:
  void begin(const std::string &title) override { h_.text(title); }
  void row(const ChannelResult &r) override;
  void end() override { h_.value(u64(0xe0d)); }
  u64 digest() const { return h_.digest(); }

private:
  Hasher h_;
};

class FanOut : public Sink {
public:
  FanOut &to(Sink &s) {
    sinks_.push_back(&s);
    return *this;
  }
  void begin(const std::string &title) override {
    for (Sink *s : sinks_)
      s->begin(title);
  }
  void row(const ChannelResult &r) override {
    for (Sink *s : sinks_)
      s->row(r);
  }
  void end() override {
    for (Sink *s : sinks_)
      s->end();
  }

private:
  std::vector<Sink *> sinks_;
};

} // namespace tel
