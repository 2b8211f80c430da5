// events.h - The bus that channel processing publishes to: one topic per
// event type, subscribers as std::function, called in subscription order.
#pragma once

#include "rules.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tel {

struct AlarmEvent {
  const std::string *channel;
  Finding finding;
};

struct GapEvent {
  const std::string *channel;
  i64 from, to;
};

struct CodecEvent {
  const std::string *channel;
  std::size_t bytes, samples;
  bool round_trip;
};

struct StageEvent {
  const std::string *channel;
  const char *stage;
  std::size_t touched;
};

template <class E> class Topic {
public:
  using Handler = std::function<void(const E &)>;
  int subscribe(Handler h) {
    subs_.emplace_back(next_id_, std::move(h));
    return next_id_++;
  }
  bool unsubscribe(int id) {
    for (std::size_t i = 0; i < subs_.size(); ++i)
      if (subs_[i].first == id) {
        subs_.erase(subs_.begin() + long(i));
        return true;
      }
    return false;
  }
  void publish(const E &e) const {
    for (const std::pair<int, Handler> &s : subs_)
      s.second(e);
    ++published_;
  }
  std::size_t published() const { return published_; }
  std::size_t subscribers() const { return subs_.size(); }

private:
  std::vector<std::pair<int, Handler>> subs_;
  int next_id_ = 1;
  mutable std::size_t published_ = 0;
};

struct Bus {
  Topic<AlarmEvent> alarms;
  Topic<GapEvent> gaps;
  Topic<CodecEvent> codec;
  Topic<StageEvent> stages;
};

} // namespace tel
