// main.cpp - inventory SNAPSHOT.txt: reads a warehouse snapshot, applies its
// stock movements and pricing rules, and prints the stock report.

#include "algo.h"
#include "rules.h"
#include "table.h"

using namespace inv;

namespace {

// Same as table.cpp's; kept here so that the summary needs no table.
std::string format_money(Cents cents) {
  char buf[32];
  Cents a = cents < 0 ? -cents : cents;
  std::snprintf(buf, sizeof buf, "%s%ld.%02ld", cents < 0 ? "-" : "", a / 100,
                a % 100);
  return buf;
}

void print_stock(Inventory &inv) {
  Vec<const Item *> items;
  for (const Item &it : inv.items)
    items.push_back(&it);
  sort_by(items, [&inv](const Item *a, const Item *b) {
    Cents va = a->qty * final_price(inv.rules, *a), vb = b->qty * final_price(inv.rules, *b);
    return va != vb ? va > vb : a->sku < b->sku;
  });
  Table t("Stock by value");
  for (const char *h : {"sku", "name", "category", "zone", "loc"})
    t.column(h, h[0] == 's' ? Table::Right : Table::Left);
  for (const char *h : {"qty", "list", "price", "value"})
    t.column(h, Table::Right);
  for (const Item *it : items) {
    char loc[24];
    std::snprintf(loc, sizeof loc, "%d-%02d", it->loc.aisle, it->loc.bin);
    Cents price = final_price(inv.rules, *it);
    t.cell(long(it->sku));
    t.cell(it->name);
    t.cell(category_name(it->cat));
    t.cell(zone_name(it->zone));
    t.cell(loc);
    t.cell(long(it->qty));
    t.cell_money(it->unit);
    t.cell_money(price);
    t.cell_money(price * (it->qty > 0 ? it->qty : 0));
  }
  t.print();
}

template <class T> void stats_row(Table &t, const char *name, const Vec<T> &v) {
  T lo, hi;
  min_max(v, lo, hi);
  t.cell(name);
  t.cell(long(lo));
  t.cell(long(median(v)));
  t.cell(long(hi));
  t.cell(long(sum(v)));
}

void print_stats(const Inventory &inv) {
  Table t("Column statistics");
  t.column("column", Table::Left);
  for (const char *h : {"min", "median", "max", "sum"})
    t.column(h, Table::Right);
  stats_row(t, "qty", project(inv.items, &Item::qty));
  stats_row(t, "reorder_at", project(inv.items, &Item::reorder_at));
  stats_row(t, "sku", project(inv.items, &Item::sku));
  stats_row(t, "unit (cents)", project(inv.items, &Item::unit));
  stats_row(t, "weight (g)", project(inv.items, &Item::weight));
  Vec<Cents> value;
  Vec<Grams> mass;
  for (const Item &it : inv.items) {
    value.push_back(it.qty * it.unit);
    mass.push_back(it.qty * it.weight);
  }
  stats_row(t, "value (cents)", value);
  stats_row(t, "mass (g)", mass);
  t.print();
}

void print_groups(const Inventory &inv) {
  Cents total = 0;
  for (const Item &it : inv.items)
    total += it.qty * it.unit;
  Table t("By category");
  t.column("category", Table::Left);
  for (const char *h : {"items", "median qty", "median price", "value", "share"})
    t.column(h, Table::Right);
  for (Category c : sorted_unique(project(inv.items, &Item::cat))) {
    Vec<Qty> qty;
    Vec<Cents> price;
    Cents value = 0;
    for (const Item &it : inv.items)
      if (it.cat == c) {
        qty.push_back(it.qty);
        price.push_back(it.unit);
        value += it.qty * it.unit;
      }
    t.cell(category_name(c));
    t.cell(long(qty.size()));
    t.cell(long(median(qty)));
    t.cell_money(median(price));
    t.cell_money(value);
    t.cell_percent(value, total);
  }
  t.print();
  Vec<Zone> zones = project(inv.items, &Item::zone);
  std::printf("Items by zone:");
  for (Zone z : sorted_unique(zones))
    std::printf(" %s %d", zone_name(z), count_equal(zones, z));
  std::printf("\n");
}

void print_checks(const Inventory &inv) {
  std::printf("Checks\n");
  for (Check *c : standard_checks()) {
    Vec<Sku> skus;
    for (const Item &it : inv.items)
      if (c->flagged(it))
        skus.push_back(it.sku);
    std::printf("  %-26s %zu:", c->name(), skus.size());
    for (Sku s : sorted_unique(skus))
      std::printf(" %u", s);
    std::printf("\n");
    delete c;
  }
}

// Metrics of the summary. Several names may share one function; each
// function is evaluated once and its total reused for the other names.
using MetricFn = long (*)(const Item &);
long metric_units(const Item &it) { return it.qty; }
// Counted from the shelf scan until the scanners were retired; kept apart.
long metric_on_hand(const Item &it) { return it.qty; }
long metric_value(const Item &it) { return it.qty * it.unit; }
long metric_grams(const Item &it) { return it.qty * it.weight; }
long metric_shortfall(const Item &it) {
  return it.qty < it.reorder_at ? it.reorder_at - it.qty : 0;
}

const struct {
  const char *name;
  MetricFn fn;
} registry[] = {
    {"units", metric_units},   {"stock", metric_units}, {"on-hand", metric_on_hand},
    {"value", metric_value},   {"grams", metric_grams}, {"shortfall", metric_shortfall},
};

void print_summary(const Inventory &inv) {
  std::printf("Summary\n");
  Vec<MetricFn> done;
  Vec<long> totals;
  Vec<const char *> first;
  for (const std::string &shown : inv.shown) {
    const char *name = shown.c_str();
    MetricFn fn = nullptr;
    for (const auto &r : registry)
      if (std::strcmp(r.name, name) == 0)
        fn = r.fn;
    long seen = done.find_if([fn](MetricFn f) { return f == fn; });
    if (!fn) {
      std::printf("  %-10s unknown metric\n", name);
    } else if (seen >= 0) {
      std::printf("  %-10s %ld (same function as %s)\n", name, totals[seen], first[seen]);
    } else {
      long total = 0;
      for (const Item &it : inv.items)
        total += fn(it);
      done.push_back(fn);
      totals.push_back(total);
      first.push_back(name);
      std::printf("  %-10s %s\n", name,
                  fn == metric_value ? format_money(total).c_str() : std::to_string(total).c_str());
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  Inventory inv;
  if (argc != 2 || !load_inventory(argv[1], inv)) {
    std::fprintf(stderr, "usage: %s SNAPSHOT.txt (a readable file)\n", argv[0]);
    return 2;
  }
  std::printf("Loaded %zu items, %zu movements, %zu rules; %d bad lines\n",
              inv.items.size(), inv.moves.size(), inv.rules.size(), inv.warnings);
  for (const PriceRule *r : inv.rules) {
    char buf[64];
    r->describe(buf, sizeof buf);
    std::printf("  rule: %s\n", buf);
  }
  for (const Movement &m : inv.moves)
    inv.find(m.sku)->qty += m.delta;
  print_stock(inv);
  print_stats(inv);
  print_groups(inv);
  print_checks(inv);
  print_summary(inv);
  const Vec<Item> &items = inv.items;
  std::printf("Checksums: sku %08x qty %08x unit %08x weight %08x\n",
              checksum(project(items, &Item::sku)), checksum(project(items, &Item::qty)),
              checksum(project(items, &Item::unit)), checksum(project(items, &Item::weight)));
  std::printf("  category %08x zone %08x location %08x\n", checksum(project(items, &Item::cat)),
              checksum(project(items, &Item::zone)), checksum(project(items, &Item::loc)));
  release(inv);
  return 0;
}
