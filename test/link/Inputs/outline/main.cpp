// Drives the ledger: every record is validated, updated and printed inside
// a scope with a destructor; the errors thrown deep inside (through code
// the outliner may have moved into another function) are caught here.
#include "ledger.h"

#include <cstdio>
#include <stdexcept>
#include <string>

static Item Items[] = {
    {"bolt", 120, 1999, 250, 101, 40, 3, 'A'},
    {"nut", 900, 350, 20, 102, 200, 3, 'B'},
    {"gear", 15, 12550, 1800, 340, 20, 17, 'C'},
    {"spring", 4990, 99, 5, 777, 60, 64, 'E'},
    {"bad!name", 10, 100, 100, 200, 5, 1, 'A'},
    {"axle", 7, 48000, 9000, 999, 10, 40, 'D'},
};
static Customer Customers[] = {
    {"ada", 36, 10115, 2500, 42, 3, 4, 'a'},
    {"brian", 71, 94107, -200, 310, 12, 9, 'c'},
    {"chen", 19, 2000, 99990, 8, 1, 12, 'b'},
    {"dora", 130, 5000, 0, 1, 0, 2, 'a'},
    {"emil", 44, 75001, 100, 20, 19, 1, 'd'},
};
static Order Orders[] = {
    {1001, 0, 3, 12, 10, 2, 4, 12},
    {1002, 1, 200, 480, 0, 1, 9, 53},
    {1003, 4, 17, 100, 95, 3, 2, 30},
    {1004, 63, 255, 1, 90, 5, 1, 1},
};

static const int ItemDeltas[][7] = {
    {10, 1, 2, 3, 4, 1, 1},   {-900, 0, 0, 0, 0, 0, 0},
    {5, 10, -5, 0, 1, 0, 0},  {20, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0},    {0, 0, 0, 0, 0, 30, 1},
};
static const int CustomerDeltas[][7] = {
    {1, 2, 3, 4, 0, 1, 1},  {0, 0, -20, 1, 1, 0, 1},
    {1, 0, 1, 0, 0, 1, 0},  {0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 1, 2, 0, 0},
};
static const int OrderDeltas[][7] = {
    {1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 1},
    {0, 0, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0},
};

struct Stats {
  int Ok = 0, Failed = 0;
  std::string Last;
  ~Stats() { std::printf("stats destroyed: last='%s'\n", Last.c_str()); }
};

// Each step runs inside its own scope; an exception leaves the step, runs
// the scope's destructor and the std::string's, and reaches the caller.
template <typename Rec, typename V, typename U, typename F>
static void process(const char *Kind, Rec &R, const int *D, V Validate,
                    U Update, F Format, Stats &S) {
  Scope Outer(Kind);
  std::string Label = std::string(Kind) + ":";
  try {
    Scope Inner("validate");
    Validate(R);
    Update(R, D);
    Validate(R);
    S.Last = Label + Format(R);
    std::printf("ok   %s\n", S.Last.c_str());
    ++S.Ok;
  } catch (const std::runtime_error &E) {
    ++S.Failed;
    std::printf("fail %s %s [live scopes %d]\n", Label.c_str(), E.what(),
                LiveScopes);
  }
}

int main() {
  {
    Stats S;
    for (unsigned K = 0; K < sizeof Items / sizeof *Items; ++K)
      process("item", Items[K], ItemDeltas[K], validateItem, updateItem,
              formatItem, S);
    for (unsigned K = 0; K < sizeof Customers / sizeof *Customers; ++K)
      process("customer", Customers[K], CustomerDeltas[K], validateCustomer,
              updateCustomer, formatCustomer, S);
    for (unsigned K = 0; K < sizeof Orders / sizeof *Orders; ++K)
      process("order", Orders[K], OrderDeltas[K], validateOrder, updateOrder,
              formatOrder, S);
    std::printf("ok=%d failed=%d live=%d destroyed=%d\n", S.Ok, S.Failed,
                LiveScopes, ScopesDestroyed);
    std::printf("validation errors=%d last=%s=%d\n", ErrorCount,
                LastErrorField, LastErrorValue);
  }
  // Formatting alone, outside any validation: the name with '!' throws
  // from codeOf, called in the middle of formatItem.
  for (const Item &I : Items) {
    try {
      std::printf("item %s\n", formatItem(I).c_str());
    } catch (const std::exception &E) {
      std::printf("item error: %s\n", E.what());
    }
  }
  for (const Customer &C : Customers)
    std::printf("customer %s\n", formatCustomer(C).c_str());
  for (const Order &O : Orders)
    std::printf("order %s\n", formatOrder(O).c_str());
  std::printf("checksum %lu\n",
              checksum(Items, sizeof Items / sizeof *Items, Customers,
                       sizeof Customers / sizeof *Customers, Orders,
                       sizeof Orders / sizeof *Orders));
  return 0;
}
