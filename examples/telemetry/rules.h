// rules.h - Alarm rules over a cleaned channel. A rule is a class template
// over the value type with virtual check(); a RuleSet owns the rules of one
// channel and returns their findings in time order.
#pragma once

#include "series.h"

#include <memory>

namespace tel {

struct Finding {
  i64 t;
  Severity severity;
  const char *rule;
  double value;
};

template <class T> class Rule {
public:
  virtual ~Rule() = default;
  virtual const char *kind() const = 0;
  virtual std::string describe() const = 0;
  virtual void check(const Series<T> &s, std::vector<Finding> &out) const = 0;
};

// Above a limit for at least hold_ms: one finding when it starts.
template <class T> class AboveRule : public Rule<T> {
public:
  AboveRule(T limit, i64 hold_ms, Severity sev)
      : limit_(limit), hold_ms_(hold_ms), sev_(sev) {}
  const char *kind() const override { return "above"; }
  std::string describe() const override {
    Text t;
    t.put("above ").fixed(to_double(limit_), 2).put(" for ").num(hold_ms_);
    t.put(" ms: ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    i64 since = -1;
    bool raised = false;
    for (const Sample<T> &x : s) {
      if (limit_ < x.v) {
        if (since < 0)
          since = x.t;
        if (!raised && x.t - since >= hold_ms_) {
          out.push_back(Finding{since, sev_, kind(), to_double(x.v)});
          raised = true;
        }
      } else {
        since = -1;
        raised = false;
      }
    }
  }

private:
  T limit_;
  i64 hold_ms_;
  Severity sev_;
};

template <class T> class BelowRule : public Rule<T> {
public:
  BelowRule(T limit, i64 hold_ms, Severity sev)
      : limit_(limit), hold_ms_(hold_ms), sev_(sev) {}
  const char *kind() const override { return "below"; }
  std::string describe() const override {
    Text t;
    t.put("below ").fixed(to_double(limit_), 2).put(" for ").num(hold_ms_);
    t.put(" ms: ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    i64 since = -1;
    bool raised = false;
    for (const Sample<T> &x : s) {
      if (x.v < limit_) {
        if (since < 0)
          since = x.t;
        if (!raised && x.t - since >= hold_ms_) {
          out.push_back(Finding{since, sev_, kind(), to_double(x.v)});
          raised = true;
        }
      } else {
        since = -1;
        raised = false;
      }
    }
  }

private:
  T limit_;
  i64 hold_ms_;
  Severity sev_;
};

// Outside [lo, hi]; it clears only once the value is back inside by the
// hysteresis margin, so a value hovering at the edge raises it once.
template <class T> class BandRule : public Rule<T> {
public:
  BandRule(T lo, T hi, double margin, Severity sev)
      : lo_(lo), hi_(hi), margin_(margin), sev_(sev) {}
  const char *kind() const override { return "band"; }
  std::string describe() const override {
    Text t;
    t.put("outside [").fixed(to_double(lo_), 2).put(", ");
    t.fixed(to_double(hi_), 2).put("] +- ").fixed(margin_, 2);
    t.put(": ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    bool outside = false;
    double lo = to_double(lo_), hi = to_double(hi_);
    for (const Sample<T> &x : s) {
      double d = to_double(x.v);
      if (!outside && (d < lo || d > hi)) {
        outside = true;
        out.push_back(Finding{x.t, sev_, kind(), d});
      } else if (outside && d >= lo + margin_ && d <= hi - margin_) {
        outside = false;
      }
    }
  }

private:
  T lo_, hi_;
  double margin_;
  Severity sev_;
};

// Changes faster than max_per_s units per second between two samples.
template <class T> class RateRule : public Rule<T> {
public:
  RateRule(double max_per_s, Severity sev) : max_(max_per_s), sev_(sev) {}
  const char *kind() const override { return "rate"; }
  std::string describe() const override {
    Text t;
    t.put("faster than ").fixed(max_, 2).put("/s: ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    for (std::size_t i = 1; i < s.size(); ++i) {
      i64 dt = s[i].t - s[i - 1].t;
      if (dt <= 0)
        continue;
      double rate = (to_double(s[i].v) - to_double(s[i - 1].v)) * 1000.0 /
                    double(dt);
      if (std::fabs(rate) > max_)
        out.push_back(Finding{s[i].t, sev_, kind(), rate});
    }
  }

private:
  double max_;
  Severity sev_;
};

// The same value for at least N samples in a row: a sensor that froze.
template <class T> class StuckRule : public Rule<T> {
public:
  StuckRule(std::size_t samples, Severity sev) : n_(samples), sev_(sev) {}
  const char *kind() const override { return "stuck"; }
  std::string describe() const override {
    Text t;
    t.put("stuck for ").unum(n_).put(" samples: ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    std::size_t run = 1;
    for (std::size_t i = 1; i < s.size(); ++i) {
      if (s[i].v == s[i - 1].v) {
        if (++run == n_)
          out.push_back(Finding{s[i + 1 - n_].t, sev_, kind(),
                                to_double(s[i].v)});
      } else {
        run = 1;
      }
    }
  }

private:
  std::size_t n_;
  Severity sev_;
};

// No sample for longer than max_ms: the link dropped.
template <class T> class GapRule : public Rule<T> {
public:
  GapRule(i64 max_ms, Severity sev) : max_ms_(max_ms), sev_(sev) {}
  const char *kind() const override { return "gap"; }
  std::string describe() const override {
    Text t;
    t.put("gap over ").num(max_ms_).put(" ms: ").put(severity_name(sev_));
    return t.str();
  }
  void check(const Series<T> &s, std::vector<Finding> &out) const override {
    for (std::size_t i = 1; i < s.size(); ++i)
      if (s[i].t - s[i - 1].t > max_ms_)
        out.push_back(
            Finding{s[i - 1].t, sev_, kind(), double(s[i].t - s[i - 1].t)});
  }

private:
  i64 max_ms_;
  Severity sev_;
};

template <class T> class RuleSet {
public:
  template <class R, class... A> RuleSet &add(A &&...args) {
    rules_.push_back(std::unique_ptr<Rule<T>>(new R(std::forward<A>(args)...)));
    return *this;
  }
  std::size_t size() const { return rules_.size(); }
  const Rule<T> &operator[](std::size_t i) const { return *rules_[i]; }

  std::vector<Finding> evaluate(const Series<T> &s) const {
    std::vector<Finding> out;
    for (const std::unique_ptr<Rule<T>> &r : rules_)
      r->check(s, out);
    if (!out.empty())
      stable_sort(&out[0], &out[0] + out.size(),
                  [](const Finding &a, const Finding &b) { return a.t < b.t; });
    return out;
  }

private:
  std::vector<std::unique_ptr<Rule<T>>> rules_;
};

} // namespace tel
