// pipeline.h - The cleaning stages a channel's samples go through before
// rules look at them, and the pipeline that runs them in order. Each stage
// is a class template over the value type with virtual apply(); the
// calibration and filter stages take their code as std::function.
#pragma once

#include "series.h"

#include <cmath>
#include <functional>
#include <memory>

namespace tel {

template <class T> class Stage {
public:
  virtual ~Stage() = default;
  virtual const char *kind() const = 0;
  virtual std::string describe() const = 0;
  // Returns how many samples the stage removed or changed.
  virtual std::size_t apply(Series<T> &s) const = 0;
};

// Puts samples back in time order and drops retransmissions.
template <class T> class ReorderStage : public Stage<T> {
public:
  const char *kind() const override { return "reorder"; }
  std::string describe() const override { return "reorder by time"; }
  std::size_t apply(Series<T> &s) const override {
    std::size_t moved = 0;
    for (std::size_t i = 1; i < s.size(); ++i)
      if (s[i].t < s[i - 1].t)
        ++moved;
    s.sort_by_time();
    return moved + s.drop_duplicate_times();
  }
};

// A calibration: the sensor's raw reading to the unit it is reported in.
template <class T> class MapStage : public Stage<T> {
public:
  MapStage(std::string label, std::function<T(T)> fn)
      : label_(std::move(label)), fn_(std::move(fn)) {}
  const char *kind() const override { return "map"; }
  std::string describe() const override { return "map " + label_; }
  std::size_t apply(Series<T> &s) const override {
    std::size_t changed = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      T v = fn_(s[i].v);
      if (!(v == s[i].v))
        ++changed;
      s[i].v = v;
    }
    return changed;
  }

private:
  std::string label_;
  std::function<T(T)> fn_;
};

template <class T> class FilterStage : public Stage<T> {
public:
  FilterStage(std::string label, std::function<bool(const Sample<T> &)> keep)
      : label_(std::move(label)), keep_(std::move(keep)) {}
  const char *kind() const override { return "filter"; }
  std::string describe() const override { return "keep " + label_; }
  std::size_t apply(Series<T> &s) const override {
    return s.remove_if([this](const Sample<T> &x) { return !keep_(x); });
  }

private:
  std::string label_;
  std::function<bool(const Sample<T> &)> keep_;
};

template <class T> class ClampStage : public Stage<T> {
public:
  ClampStage(T lo, T hi) : lo_(lo), hi_(hi) {}
  const char *kind() const override { return "clamp"; }
  std::string describe() const override {
    Text t;
    t.put("clamp to [").fixed(to_double(lo_), 1).put(", ");
    t.fixed(to_double(hi_), 1).put("]");
    return t.str();
  }
  std::size_t apply(Series<T> &s) const override {
    std::size_t changed = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i].v < lo_) {
        s[i].v = lo_;
        ++changed;
      } else if (hi_ < s[i].v) {
        s[i].v = hi_;
        ++changed;
      }
    }
    return changed;
  }

private:
  T lo_, hi_;
};

// A moving average over the last W samples.
template <class T, std::size_t W> class SmoothStage : public Stage<T> {
public:
  const char *kind() const override { return "smooth"; }
  std::string describe() const override {
    Text t;
    t.put("moving average of ").unum(W);
    return t.str();
  }
  std::size_t apply(Series<T> &s) const override {
    Ring<T, W> window;
    std::size_t changed = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      window.push(s[i].v);
      T v = from_double<T>(window.mean());
      if (!(v == s[i].v))
        ++changed;
      s[i].v = v;
    }
    return changed;
  }
};

// Drops samples further than k standard deviations from the mean.
template <class T> class DespikeStage : public Stage<T> {
public:
  explicit DespikeStage(double k) : k_(k) {}
  const char *kind() const override { return "despike"; }
  std::string describe() const override {
    Text t;
    t.put("despike beyond ").fixed(k_, 1).put(" sigma");
    return t.str();
  }
  std::size_t apply(Series<T> &s) const override {
    Summary<T> sum;
    for (const Sample<T> &x : s)
      sum.add(x.v);
    double mean = sum.mean, limit = k_ * sum.stddev();
    if (limit <= 0)
      return 0;
    return s.remove_if([mean, limit](const Sample<T> &x) {
      return std::fabs(to_double(x.v) - mean) > limit;
    });
  }

private:
  double k_;
};

// Keeps one sample in every N.
template <class T> class DecimateStage : public Stage<T> {
public:
  explicit DecimateStage(std::size_t every) : every_(every) {}
  const char *kind() const override { return "decimate"; }
  std::string describe() const override {
    Text t;
    t.put("keep 1 in ").unum(every_);
    return t.str();
  }
  std::size_t apply(Series<T> &s) const override {
    std::size_t index = 0, every = every_;
    return s.remove_if(
        [&index, every](const Sample<T> &) { return index++ % every != 0; });
  }

private:
  std::size_t every_;
};

// Rounds values to a multiple of a step (the sensor's real resolution).
template <class T> class QuantizeStage : public Stage<T> {
public:
  explicit QuantizeStage(double step) : step_(step) {}
  const char *kind() const override { return "quantize"; }
  std::string describe() const override {
    Text t;
    t.put("quantize to ").fixed(step_, 3);
    return t.str();
  }
  std::size_t apply(Series<T> &s) const override {
    std::size_t changed = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      double q = std::floor(to_double(s[i].v) / step_ + 0.5) * step_;
      T v = from_double<T>(q);
      if (!(v == s[i].v))
        ++changed;
      s[i].v = v;
    }
    return changed;
  }

private:
  double step_;
};

template <class T> class Pipeline {
public:
  template <class S, class... A> Pipeline &then(A &&...args) {
    stages_.push_back(std::unique_ptr<Stage<T>>(new S(std::forward<A>(args)...)));
    return *this;
  }
  std::size_t size() const { return stages_.size(); }

  // Runs every stage; one log line each, and on_stage(kind, touched).
  void run(Series<T> &s, Text &log,
           const std::function<void(const char *, std::size_t)> &on_stage) const {
    for (const std::unique_ptr<Stage<T>> &st : stages_) {
      std::size_t n = st->apply(s);
      log.put("  ").put(st->describe()).put(' ').pad(44).unum(n);
      log.put(" touched, ");
      log.unum(s.size()).put(" left\n");
      if (on_stage)
        on_stage(st->kind(), n);
    }
  }

private:
  std::vector<std::unique_ptr<Stage<T>>> stages_;
};

} // namespace tel
