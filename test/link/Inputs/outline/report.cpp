// Reports: every record is formatted field by field into one buffer, each
// field the same sequence (format, advance, flag) with its own label,
// scale and unit; a field with a code calls codeOf, which may throw.
#include "ledger.h"

#include <cstdio>

namespace {
struct Out {
  char Buf[512];
  int N = 0;
};
} // namespace

__attribute__((noinline)) std::string formatItem(const Item &I) {
  Out O;
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, "%-8s", I.sku);
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "qty", I.qty / 1, 0, I.qty < I.reorder ? "!" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "price", I.price / 100, I.price % 100, "$");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "weight", I.weight / 1000, I.weight % 1000 / 10, "kg");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "shelf", I.shelf / 100, I.shelf % 100, "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "reorder", I.reorder / 1, 0, I.reorder > 50 ? "+" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "supplier", I.supplier / 1, 0, "#");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%c",
                       "grade", I.grade);
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%05d",
                       "code", codeOf(I.sku, 3) % 100000);
  return std::string(O.Buf, O.N);
}

__attribute__((noinline)) std::string formatCustomer(const Customer &C) {
  Out O;
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, "%-8s", C.name);
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "age", C.age / 1, 0, C.age >= 65 ? "s" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "zip", C.zip / 100, C.zip % 100, "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "credit", C.credit / 100, (C.credit < 0 ? -C.credit : C.credit) % 100, "$");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "orders", C.orders / 1, 0, C.orders > 100 ? "+" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "returns", C.returns / 1, 0, C.returns * 4 > C.orders ? "!" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "region", C.region / 1, 0, "r");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%c",
                       "tier", C.tier);
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%05d",
                       "code", codeOf(C.name, 5) % 100000);
  return std::string(O.Buf, O.N);
}

__attribute__((noinline)) std::string formatOrder(const Order &Or) {
  Out O;
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, "#%-7d", Or.id);
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "customer", Or.customer / 1, 0, "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "item", Or.item / 1, 0, "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "count", Or.count / 1, 0, Or.count > 100 ? "+" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "discount", Or.discount / 1, 0, "%");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "priority", Or.priority / 1, 0, Or.priority == 1 ? "!" : "");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "carrier", Or.carrier / 1, 0, "c");
  O.N += std::snprintf(O.Buf + O.N, sizeof O.Buf - O.N, " %s=%d.%02d%s",
                       "week", Or.week / 1, 0, "w");
  return std::string(O.Buf, O.N);
}

unsigned long checksum(const Item *Items, int NI, const Customer *Cs, int NC,
                       const Order *Os, int NO) {
  unsigned long H = 1469598103u;
  for (int K = 0; K < NI; ++K)
    H = (H ^ unsigned(Items[K].qty * 3 + Items[K].price)) * 1099511628211ul;
  for (int K = 0; K < NC; ++K)
    H = (H ^ unsigned(Cs[K].credit * 5 + Cs[K].orders)) * 1099511628211ul;
  for (int K = 0; K < NO; ++K)
    H = (H ^ unsigned(Os[K].count * 7 + Os[K].week)) * 1099511628211ul;
  return H % 1000000007ul;
}
