// rules.h - Pricing rules and stock checks.
#pragma once

#include "common.h"

namespace inv {

// Adjusts a unit price. Rules apply in the order they were given.
class PriceRule {
public:
  virtual ~PriceRule() = default;
  virtual Cents apply(const Item &it, Cents price) const = 0;
  virtual void describe(char *buf, size_t cap) const = 0;
};

// Flags items that need attention.
class Check {
public:
  virtual ~Check() = default;
  virtual const char *name() const = 0;
  virtual bool flagged(const Item &it) const = 0;
};

// The rule of the words of a "rule" line, or null if they make none.
PriceRule *parse_rule(char **words, int n);
Cents final_price(const Vec<PriceRule *> &rules, const Item &it);
// The caller owns the checks.
Vec<Check *> standard_checks();

} // namespace inv
