// common.h - Types shared by the inventory tool, and its growable array.
#pragma once

#include <cstdio>
#include <cstring>
#include <string>

namespace inv {

using Sku = unsigned;
using Qty = int;
using Cents = long;
using Grams = long long;

enum class Category : int { Hardware, Electrical, Plumbing, Paint, Garden, Count };
enum class Zone : unsigned { Receiving, Bulk, Picking, Returns, Count };

struct Location { int aisle, bin; };

struct Item {
  Sku sku;
  char name[24];
  Category cat;
  Zone zone;
  Qty qty;
  Cents unit;   // price of one unit, in cents
  Grams weight; // weight of one unit, in grams
  Location loc;
  Qty reorder_at;
};

struct Movement { Sku sku; Qty delta; };

// A growable array of trivially copyable values. It predates the use of
// the standard library in this code base and is kept for its small size.
template <class T> class Vec {
public:
  Vec() = default;
  Vec(const Vec &o) {
    for (const T &x : o)
      push_back(x);
  }
  Vec &operator=(const Vec &) = delete;
  ~Vec() { delete[] data_; }

  void push_back(const T &v) {
    if (size_ == cap_)
      grow(cap_ ? cap_ * 2 : 8);
    data_[size_++] = v;
  }
  size_t size() const { return size_; }
  T &operator[](size_t i) { return data_[i]; }
  const T &operator[](size_t i) const { return data_[i]; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }

  template <class Pred> long find_if(Pred p) const {
    for (size_t i = 0; i < size_; ++i)
      if (p(data_[i]))
        return long(i);
    return -1;
  }

private:
  void grow(size_t cap) {
    T *d = new T[cap];
    for (size_t i = 0; i < size_; ++i)
      d[i] = data_[i];
    delete[] data_;
    data_ = d;
    cap_ = cap;
  }

  T *data_ = nullptr;
  size_t size_ = 0, cap_ = 0;
};

class PriceRule; // rules.h

struct Inventory {
  Vec<Item> items;
  Vec<Movement> moves;
  Vec<PriceRule *> rules; // owned
  Vec<std::string> shown; // metric names of "show" lines
  int warnings = 0;

  Item *find(Sku sku) {
    long i = items.find_if([sku](const Item &it) { return it.sku == sku; });
    return i < 0 ? nullptr : &items[size_t(i)];
  }
};

inline const char *category_name(Category c) {
  static const char *const names[] = {"hardware", "electrical", "plumbing", "paint", "garden"};
  return unsigned(c) < unsigned(Category::Count) ? names[int(c)] : "?";
}

inline const char *zone_name(Zone z) {
  static const char *const names[] = {"receiving", "bulk", "picking", "returns"};
  return z < Zone::Count ? names[unsigned(z)] : "?";
}

// parser.cpp. release() frees the rules.
bool load_inventory(const char *path, Inventory &out);
void release(Inventory &inv);
// Called for every malformed input line; a front end may override it.
void on_warning(int line, const char *what);

} // namespace inv
