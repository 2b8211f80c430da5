// A small ledger of items, customers and orders: the kind of code the
// outliner is for. Long straight-line functions hold the same shape many
// times over (validate a field, format a field, update a field, build an
// error message and throw), each time with other constants.
#ifndef OUTLINE_LEDGER_H
#define OUTLINE_LEDGER_H

#include <string>

struct Item {
  char sku[16];
  int qty, price, weight, shelf, reorder, supplier;
  char grade;
};

struct Customer {
  char name[24];
  int age, zip, credit, orders, returns, region;
  char tier;
};

struct Order {
  int id, customer, item, count, discount, priority, carrier, week;
};

/// Counts constructions and destructions, and says when a scope unwinds.
struct Scope {
  explicit Scope(const char *What);
  ~Scope();
  const char *What;
};
extern int LiveScopes, ScopesDestroyed;
/// The last validation error: how many so far, which field, what value.
extern int ErrorCount, LastErrorValue;
extern const char *LastErrorField;

/// Throws std::runtime_error with the message (never returns).
[[noreturn]] void fail(const char *Message);
/// Adds a change to a field, in range [Lo, Hi], or throws naming it.
int checkedAdd(const char *Field, int Value, int Delta, int Lo, int Hi);
/// A code from a name (throws on a name with '!').
int codeOf(const char *Name, int Base);

// validate.cpp
void validateItem(const Item &I);
void validateCustomer(const Customer &C);
void validateOrder(const Order &O);
void updateItem(Item &I, const int *Delta);
void updateCustomer(Customer &C, const int *Delta);
void updateOrder(Order &O, const int *Delta);

// report.cpp
std::string formatItem(const Item &I);
std::string formatCustomer(const Customer &C);
std::string formatOrder(const Order &O);
unsigned long checksum(const Item *Items, int NI, const Customer *Cs, int NC,
                       const Order *Os, int NO);

#endif
