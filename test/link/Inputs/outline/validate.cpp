// Validation and field-by-field updates: every field is checked the same
// way, with its own bounds and message; a failure formats a message and
// throws through whatever code holds the check.
#include "ledger.h"

#include <cstdio>
#include <stdexcept>

int LiveScopes, ScopesDestroyed;
int ErrorCount, LastErrorValue;
const char *LastErrorField = "";

Scope::Scope(const char *What) : What(What) { ++LiveScopes; }
Scope::~Scope() {
  --LiveScopes;
  ++ScopesDestroyed;
}

[[noreturn]] __attribute__((noinline)) void fail(const char *Message) {
  throw std::runtime_error(Message);
}

__attribute__((noinline)) int checkedAdd(const char *Field, int Value,
                                         int Delta, int Lo, int Hi) {
  long Sum = long(Value) + Delta;
  if (Sum < Lo || Sum > Hi) {
    char Buf[128];
    std::snprintf(Buf, sizeof Buf, "update of %s: %d%+d leaves [%d, %d]",
                  Field, Value, Delta, Lo, Hi);
    fail(Buf);
  }
  return int(Sum);
}

__attribute__((noinline)) int codeOf(const char *Name, int Base) {
  int Code = Base;
  for (const char *P = Name; *P; ++P) {
    if (*P == '!') {
      char Buf[96];
      std::snprintf(Buf, sizeof Buf, "bad character in name '%s'", Name);
      fail(Buf);
    }
    Code = (Code * 31 + *P) % 100003;
  }
  return Code;
}

__attribute__((noinline)) void validateItem(const Item &I) {
  char Buf[160];
  if (I.qty < 0 || I.qty > 5000) {
    ++ErrorCount;
    LastErrorField = "qty";
    LastErrorValue = I.qty;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "qty", I.qty, 0, 5000);
    fail(Buf);
  }
  if (I.price < 1 || I.price > 250000) {
    ++ErrorCount;
    LastErrorField = "price";
    LastErrorValue = I.price;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "price", I.price, 1, 250000);
    fail(Buf);
  }
  if (I.weight < 1 || I.weight > 40000) {
    ++ErrorCount;
    LastErrorField = "weight";
    LastErrorValue = I.weight;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "weight", I.weight, 1, 40000);
    fail(Buf);
  }
  if (I.shelf < 100 || I.shelf > 999) {
    ++ErrorCount;
    LastErrorField = "shelf";
    LastErrorValue = I.shelf;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "shelf", I.shelf, 100, 999);
    fail(Buf);
  }
  if (I.reorder < 0 || I.reorder > I.qty + 100) {
    ++ErrorCount;
    LastErrorField = "reorder";
    LastErrorValue = I.reorder;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "reorder", I.reorder, 0, I.qty + 100);
    fail(Buf);
  }
  if (I.supplier < 1 || I.supplier > 64) {
    ++ErrorCount;
    LastErrorField = "supplier";
    LastErrorValue = I.supplier;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "supplier", I.supplier, 1, 64);
    fail(Buf);
  }
  if (I.grade < 'A' || I.grade > 'E') {
    ++ErrorCount;
    LastErrorField = "grade";
    LastErrorValue = I.grade;
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "grade", I.grade, 'A', 'E');
    fail(Buf);
  }
  // The name must map to a code (codeOf throws on a bad name).
  if (codeOf(I.sku, 7) % 1000 == 999) {
    ++ErrorCount;
    LastErrorField = "sku";
    LastErrorValue = codeOf(I.sku, 7);
    std::snprintf(Buf, sizeof Buf, "item %s: field %s is %d, not in [%d, %d]",
                  I.sku, "sku", codeOf(I.sku, 7), 0, 998);
    fail(Buf);
  }
}

__attribute__((noinline)) void validateCustomer(const Customer &C) {
  char Buf[160];
  if (C.age < 16 || C.age > 120) {
    ++ErrorCount;
    LastErrorField = "age";
    LastErrorValue = C.age;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "age", C.age, 16, 120);
    fail(Buf);
  }
  if (C.zip < 1000 || C.zip > 99999) {
    ++ErrorCount;
    LastErrorField = "zip";
    LastErrorValue = C.zip;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "zip", C.zip, 1000, 99999);
    fail(Buf);
  }
  if (C.credit < -500 || C.credit > 100000) {
    ++ErrorCount;
    LastErrorField = "credit";
    LastErrorValue = C.credit;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "credit", C.credit, -500, 100000);
    fail(Buf);
  }
  if (C.orders < 0 || C.orders > 10000) {
    ++ErrorCount;
    LastErrorField = "orders";
    LastErrorValue = C.orders;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "orders", C.orders, 0, 10000);
    fail(Buf);
  }
  if (C.returns < 0 || C.returns > C.orders) {
    ++ErrorCount;
    LastErrorField = "returns";
    LastErrorValue = C.returns;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "returns", C.returns, 0, C.orders);
    fail(Buf);
  }
  if (C.region < 1 || C.region > 12) {
    ++ErrorCount;
    LastErrorField = "region";
    LastErrorValue = C.region;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "region", C.region, 1, 12);
    fail(Buf);
  }
  if (C.tier < 'a' || C.tier > 'd') {
    ++ErrorCount;
    LastErrorField = "tier";
    LastErrorValue = C.tier;
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "tier", C.tier, 'a', 'd');
    fail(Buf);
  }
  if (codeOf(C.name, 11) % 1000 == 999) {
    ++ErrorCount;
    LastErrorField = "name";
    LastErrorValue = codeOf(C.name, 11);
    std::snprintf(Buf, sizeof Buf, "customer %s: field %s is %d, not in [%d, %d]",
                  C.name, "name", codeOf(C.name, 11), 0, 998);
    fail(Buf);
  }
}

__attribute__((noinline)) void validateOrder(const Order &O) {
  char Buf[160];
  if (O.id < 1 || O.id > 999999) {
    ++ErrorCount;
    LastErrorField = "id";
    LastErrorValue = O.id;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "id", O.id, 1, 999999);
    fail(Buf);
  }
  if (O.customer < 0 || O.customer > 63) {
    ++ErrorCount;
    LastErrorField = "customer";
    LastErrorValue = O.customer;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "customer", O.customer, 0, 63);
    fail(Buf);
  }
  if (O.item < 0 || O.item > 255) {
    ++ErrorCount;
    LastErrorField = "item";
    LastErrorValue = O.item;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "item", O.item, 0, 255);
    fail(Buf);
  }
  if (O.count < 1 || O.count > 500) {
    ++ErrorCount;
    LastErrorField = "count";
    LastErrorValue = O.count;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "count", O.count, 1, 500);
    fail(Buf);
  }
  if (O.discount < 0 || O.discount > 90) {
    ++ErrorCount;
    LastErrorField = "discount";
    LastErrorValue = O.discount;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "discount", O.discount, 0, 90);
    fail(Buf);
  }
  if (O.priority < 1 || O.priority > 5) {
    ++ErrorCount;
    LastErrorField = "priority";
    LastErrorValue = O.priority;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "priority", O.priority, 1, 5);
    fail(Buf);
  }
  if (O.carrier < 1 || O.carrier > 9) {
    ++ErrorCount;
    LastErrorField = "carrier";
    LastErrorValue = O.carrier;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "carrier", O.carrier, 1, 9);
    fail(Buf);
  }
  if (O.week < 1 || O.week > 53) {
    ++ErrorCount;
    LastErrorField = "week";
    LastErrorValue = O.week;
    std::snprintf(Buf, sizeof Buf, "order %d: field %s is %d, not in [%d, %d]",
                  O.id, "week", O.week, 1, 53);
    fail(Buf);
  }
}

// Field-by-field updates: each field goes through checkedAdd, which throws
// when the new value leaves its range; the exception then unwinds through
// the update (and whatever of it was outlined) to the caller.
__attribute__((noinline)) void updateItem(Item &I, const int *D) {
  I.qty = checkedAdd("item.qty", I.qty, D[0], 0, 5000);
  I.price = checkedAdd("item.price", I.price, D[1] * 5, 1, 250000);
  I.weight = checkedAdd("item.weight", I.weight, D[2] * 3, 1, 40000);
  I.shelf = checkedAdd("item.shelf", I.shelf, D[3], 100, 999);
  I.reorder = checkedAdd("item.reorder", I.reorder, D[4] * 2, 0, I.qty + 100);
  I.supplier = checkedAdd("item.supplier", I.supplier, D[5], 1, 64);
  I.grade = char(checkedAdd("item.grade", I.grade, D[6], 'A', 'E'));
}

__attribute__((noinline)) void updateCustomer(Customer &C, const int *D) {
  C.age = checkedAdd("customer.age", C.age, D[0], 16, 120);
  C.zip = checkedAdd("customer.zip", C.zip, D[1] * 7, 1000, 99999);
  C.credit = checkedAdd("customer.credit", C.credit, D[2] * 25, -500, 100000);
  C.orders = checkedAdd("customer.orders", C.orders, D[3], 0, 10000);
  C.returns = checkedAdd("customer.returns", C.returns, D[4] * 2, 0, C.orders);
  C.region = checkedAdd("customer.region", C.region, D[5], 1, 12);
  C.tier = char(checkedAdd("customer.tier", C.tier, D[6], 'a', 'd'));
}

__attribute__((noinline)) void updateOrder(Order &O, const int *D) {
  O.customer = checkedAdd("order.customer", O.customer, D[0], 0, 63);
  O.item = checkedAdd("order.item", O.item, D[1] * 3, 0, 255);
  O.count = checkedAdd("order.count", O.count, D[2] * 4, 1, 500);
  O.discount = checkedAdd("order.discount", O.discount, D[3], 0, 90);
  O.priority = checkedAdd("order.priority", O.priority, D[4] * 2, 1, 5);
  O.carrier = checkedAdd("order.carrier", O.carrier, D[5], 1, 9);
  O.week = checkedAdd("order.week", O.week, D[6], 1, 53);
}
