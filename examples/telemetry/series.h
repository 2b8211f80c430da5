// series.h - A channel's readings: timestamped samples of one value type,
// and what every later stage asks of them.
#pragma once

#include "algo.h"

#include <string>
#include <vector>

namespace tel {

template <class T> struct Sample {
  i64 t; // milliseconds since the start of the trip
  T v;
};

template <class T> class Series {
public:
  Series() = default;
  explicit Series(std::string name) : name_(std::move(name)) {}

  const std::string &name() const { return name_; }
  std::size_t size() const { return samples_.size(); }
  bool empty() const { return samples_.empty(); }
  const Sample<T> &operator[](std::size_t i) const { return samples_[i]; }
  Sample<T> &operator[](std::size_t i) { return samples_[i]; }
  const Sample<T> *begin() const { return samples_.data(); }
  const Sample<T> *end() const { return samples_.data() + samples_.size(); }
  void push(i64 t, T v) { samples_.push_back(Sample<T>{t, v}); }
  void reserve(std::size_t n) { samples_.reserve(n); }
  void clear() { samples_.clear(); }

  std::vector<T> values() const {
    std::vector<T> out;
    out.reserve(samples_.size());
    for (const Sample<T> &s : samples_)
      out.push_back(s.v);
    return out;
  }

  // Samples arrive out of order from the radio link; put them back in
  // time order, keeping arrival order among equal times.
  void sort_by_time() {
    if (samples_.size() > 1)
      stable_sort(&samples_[0], &samples_[0] + samples_.size(),
                  [](const Sample<T> &a, const Sample<T> &b) {
                    return a.t < b.t;
                  });
  }

  // A retransmitted sample repeats a time already seen: keep the first.
  std::size_t drop_duplicate_times() {
    if (samples_.empty())
      return 0;
    Sample<T> *first = &samples_[0];
    Sample<T> *end = unique(first, first + samples_.size(),
                            [](const Sample<T> &a, const Sample<T> &b) {
                              return a.t == b.t;
                            });
    std::size_t removed = samples_.size() - std::size_t(end - first);
    samples_.resize(std::size_t(end - first));
    return removed;
  }

  template <class Pred> std::size_t remove_if(Pred pred) {
    std::size_t out = 0;
    for (std::size_t i = 0; i < samples_.size(); ++i)
      if (!pred(samples_[i]))
        samples_[out++] = samples_[i];
    std::size_t removed = samples_.size() - out;
    samples_.resize(out);
    return removed;
  }

  // The first sample at or after time t.
  std::size_t index_at(i64 t) const {
    Sample<T> key{t, T{}};
    const Sample<T> *p =
        lower_bound(begin(), end(), key,
                    [](const Sample<T> &a, const Sample<T> &b) {
                      return a.t < b.t;
                    });
    return std::size_t(p - begin());
  }

  i64 duration() const {
    return samples_.empty() ? 0 : samples_.back().t - samples_.front().t;
  }

private:
  std::string name_;
  std::vector<Sample<T>> samples_;
};

} // namespace tel
