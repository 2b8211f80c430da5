// rules.cpp - Pricing rules, stock checks, and the parser of "rule" lines:
//   rule discount CATEGORY PERCENT | bulk MIN_QTY PERCENT | floor CENTS

#include "rules.h"

#include <cstdlib>

namespace inv {
namespace {

// Copied from parser.cpp, which keeps its own.
bool parse_long(const char *s, long &out) {
  if (!s || !*s)
    return false;
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (*end != '\0')
    return false;
  out = v;
  return true;
}

bool parse_category(const char *s, Category &out) {
  for (int c = 0; c < int(Category::Count); ++c)
    if (std::strcmp(s, category_name(Category(c))) == 0) {
      out = Category(c);
      return true;
    }
  return false;
}

// Rounds half away from zero.
Cents percent_of(Cents price, int percent) {
  Cents x = price * percent;
  return x >= 0 ? (x + 50) / 100 : -((-x + 50) / 100);
}

class CategoryDiscount : public PriceRule {
  Category cat_;
  int pct_;

public:
  CategoryDiscount(Category c, int pct) : cat_(c), pct_(pct) {}
  Cents apply(const Item &it, Cents p) const override {
    return it.cat == cat_ ? p - percent_of(p, pct_) : p;
  }
  void describe(char *buf, size_t cap) const override {
    std::snprintf(buf, cap, "%d%% off %s", pct_, category_name(cat_));
  }
};

class BulkDiscount : public PriceRule {
  Qty min_qty_;
  int pct_;

public:
  BulkDiscount(Qty min_qty, int pct) : min_qty_(min_qty), pct_(pct) {}
  Cents apply(const Item &it, Cents p) const override {
    return it.qty >= min_qty_ ? p - percent_of(p, pct_) : p;
  }
  void describe(char *buf, size_t cap) const override {
    std::snprintf(buf, cap, "%d%% off from %d units", pct_, min_qty_);
  }
};

class PriceFloor : public PriceRule {
  Cents floor_;

public:
  explicit PriceFloor(Cents floor) : floor_(floor) {}
  Cents apply(const Item &, Cents p) const override { return p < floor_ ? floor_ : p; }
  void describe(char *buf, size_t cap) const override {
    std::snprintf(buf, cap, "at least %ld.%02ld", floor_ / 100, floor_ % 100);
  }
};

struct BelowReorder : Check {
  const char *name() const override { return "below reorder level"; }
  bool flagged(const Item &it) const override { return it.qty < it.reorder_at; }
};
struct OutOfStock : Check {
  const char *name() const override { return "out of stock"; }
  bool flagged(const Item &it) const override { return it.qty <= 0; }
};
struct Heavy : Check {
  const char *name() const override { return "heavy (over 20 kg a unit)"; }
  bool flagged(const Item &it) const override { return it.weight > 20000; }
};

} // namespace

PriceRule *parse_rule(char **w, int n) {
  long a, q;
  Category c;
  if (n == 4 && !std::strcmp(w[1], "discount") && parse_category(w[2], c) &&
      parse_long(w[3], a) && a > 0 && a < 100)
    return new CategoryDiscount(c, int(a));
  if (n == 4 && !std::strcmp(w[1], "bulk") && parse_long(w[2], q) &&
      parse_long(w[3], a) && a > 0 && a < 100)
    return new BulkDiscount(Qty(q), int(a));
  if (n == 3 && !std::strcmp(w[1], "floor") && parse_long(w[2], a) && a >= 0)
    return new PriceFloor(a);
  return nullptr;
}

Cents final_price(const Vec<PriceRule *> &rules, const Item &it) {
  Cents p = it.unit;
  for (const PriceRule *r : rules)
    p = r->apply(it, p);
  return p;
}

Vec<Check *> standard_checks() {
  Vec<Check *> v;
  v.push_back(new BelowReorder);
  v.push_back(new OutOfStock);
  v.push_back(new Heavy);
  return v;
}
} // namespace inv
