// parser.cpp - Reads the inventory snapshot text format:
//   item SKU NAME CATEGORY ZONE QTY PRICE WEIGHT_G AISLE-BIN REORDER_AT
//   move SKU DELTA
//   rule ...       (see rules.cpp)
//   show METRIC... (metrics of the summary, in order)
// '#' starts a comment. Malformed lines are reported and skipped.

#include "rules.h"

#include <cstdlib>

namespace inv {
namespace {

// Splits line into whitespace-separated words, in place.
int split_words(char *line, char **words, int max) {
  int n = 0;
  for (char *w = std::strtok(line, " \t\r\n"); w && *w != '#' && n < max;
       w = std::strtok(nullptr, " \t\r\n"))
    words[n++] = w;
  return n;
}

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

// "12.5" or "12.50" or "12" -> cents.
bool parse_money(const char *s, long &cents) {
  long whole = 0, frac = 0;
  int digits = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; ++p)
    whole = whole * 10 + (*p - '0');
  if (*p == '.')
    for (++p; *p >= '0' && *p <= '9' && digits < 2; ++p, ++digits)
      frac = frac * 10 + (*p - '0');
  cents = whole * 100 + (digits == 1 ? frac * 10 : frac);
  return p != s && *p == '\0';
}

template <class E> bool parse_enum(const char *s, E &out, const char *(*name)(E)) {
  for (int i = 0; i < int(E::Count); ++i)
    if (std::strcmp(s, name(E(i))) == 0) {
      out = E(i);
      return true;
    }
  return false;
}

const char *parse_item(char **w, int n, Item &it) {
  long sku, qty, weight, reorder;
  int used = 0;
  if (n != 10 || !parse_long(w[1], sku) || sku <= 0)
    return "bad item (9 fields, sku > 0)";
  std::snprintf(it.name, sizeof it.name, "%s", w[2]);
  if (!parse_enum(w[3], it.cat, category_name) || !parse_enum(w[4], it.zone, zone_name))
    return "unknown category or zone";
  if (!parse_long(w[5], qty) || !parse_long(w[7], weight) || weight < 0 ||
      !parse_long(w[9], reorder))
    return "bad number";
  if (!parse_money(w[6], it.unit))
    return "bad price";
  if (std::sscanf(w[8], "%d-%d%n", &it.loc.aisle, &it.loc.bin, &used) != 2 ||
      w[8][used] != '\0')
    return "bad location";
  it.sku = Sku(sku);
  it.qty = Qty(qty);
  it.weight = weight;
  it.reorder_at = Qty(reorder);
  return nullptr;
}

} // namespace

bool load_inventory(const char *path, Inventory &out) {
  FILE *f = std::fopen(path, "r");
  if (!f)
    return false;
  char line[256];
  for (int lineno = 1; std::fgets(line, sizeof line, f); ++lineno) {
    char *w[12];
    int n = split_words(line, w, 12);
    const char *err = nullptr;
    if (n == 0)
      continue;
    if (!std::strcmp(w[0], "item")) {
      Item it{};
      if (!(err = parse_item(w, n, it)) && out.find(it.sku))
        err = "duplicate sku";
      if (!err)
        out.items.push_back(it);
    } else if (!std::strcmp(w[0], "move")) {
      long sku, delta;
      if (n != 3 || !parse_long(w[1], sku) || !parse_long(w[2], delta))
        err = "bad move";
      else if (!out.find(Sku(sku)))
        err = "move of unknown sku";
      else
        out.moves.push_back(Movement{Sku(sku), Qty(delta)});
    } else if (!std::strcmp(w[0], "rule")) {
      if (PriceRule *r = parse_rule(w, n))
        out.rules.push_back(r);
      else
        err = "bad rule";
    } else if (!std::strcmp(w[0], "show")) {
      for (int i = 1; i < n; ++i)
        out.shown.push_back(w[i]);
    } else {
      err = "unknown record";
    }
    if (err) {
      ++out.warnings;
      on_warning(lineno, err);
    }
  }
  std::fclose(f);
  return true;
}

void release(Inventory &inv) {
  for (PriceRule *r : inv.rules)
    delete r;
}

// The default warning hook; weak, so that a stricter one can be linked in.
__attribute__((weak)) void on_warning(int line, const char *what) {
  std::printf("warning: line %d: %s\n", line, what);
}

} // namespace inv
