// containers.h - The tool's own containers: a vector with inline storage
// for short lists, a fixed ring of the last N values, an open-addressing
// hash map for integer keys, and a fixed-size bit set. They are used over
// every channel type, so each is compiled many times over.
#pragma once

#include "base.h"

#include <new>
#include <utility>

namespace tel {

// A vector that keeps its first N elements inside the object.
template <class T, std::size_t N> class SmallVec {
  static_assert(N > 0, "SmallVec needs inline room");

public:
  SmallVec() : data_(inline_data()), size_(0), cap_(N) {}
  SmallVec(const SmallVec &o) : SmallVec() {
    reserve(o.size_);
    for (std::size_t i = 0; i < o.size_; ++i)
      new (data_ + i) T(o.data_[i]);
    size_ = o.size_;
  }
  SmallVec(SmallVec &&o) noexcept : SmallVec() { take(o); }
  ~SmallVec() {
    clear();
    release();
  }
  SmallVec &operator=(const SmallVec &o) {
    if (this != &o) {
      clear();
      reserve(o.size_);
      for (std::size_t i = 0; i < o.size_; ++i)
        new (data_ + i) T(o.data_[i]);
      size_ = o.size_;
    }
    return *this;
  }
  SmallVec &operator=(SmallVec &&o) noexcept {
    if (this != &o) {
      clear();
      release();
      data_ = inline_data();
      cap_ = N;
      take(o);
    }
    return *this;
  }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return cap_; }
  bool empty() const { return size_ == 0; }
  bool is_inline() const { return data_ == inline_data(); }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }
  T &operator[](std::size_t i) { return data_[i]; }
  const T &operator[](std::size_t i) const { return data_[i]; }
  T &front() { return data_[0]; }
  T &back() { return data_[size_ - 1]; }
  const T &back() const { return data_[size_ - 1]; }

  void reserve(std::size_t n) {
    if (n > cap_)
      grow(n);
  }
  void push_back(const T &v) {
    if (size_ == cap_)
      grow(size_ + 1);
    new (data_ + size_) T(v);
    ++size_;
  }
  template <class... A> T &emplace_back(A &&...args) {
    if (size_ == cap_)
      grow(size_ + 1);
    T *p = new (data_ + size_) T(std::forward<A>(args)...);
    ++size_;
    return *p;
  }
  void pop_back() { data_[--size_].~T(); }
  void clear() {
    while (size_)
      pop_back();
  }
  void resize(std::size_t n, const T &fill) {
    while (size_ > n)
      pop_back();
    reserve(n);
    while (size_ < n)
      push_back(fill);
  }
  void insert(std::size_t pos, const T &v) {
    push_back(v);
    for (std::size_t i = size_ - 1; i > pos; --i)
      std::swap(data_[i], data_[i - 1]);
  }
  void erase(std::size_t pos) {
    for (std::size_t i = pos; i + 1 < size_; ++i)
      data_[i] = std::move(data_[i + 1]);
    pop_back();
  }
  template <class Pred> std::size_t erase_if(Pred pred) {
    std::size_t out = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (!pred(data_[i])) {
        if (out != i)
          data_[out] = std::move(data_[i]);
        ++out;
      }
    std::size_t removed = size_ - out;
    while (size_ > out)
      pop_back();
    return removed;
  }
  template <class Pred> long find_if(Pred pred) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (pred(data_[i]))
        return long(i);
    return -1;
  }

private:
  T *inline_data() { return reinterpret_cast<T *>(inline_); }
  const T *inline_data() const { return reinterpret_cast<const T *>(inline_); }
  void grow(std::size_t need) {
    std::size_t cap = cap_ * 2;
    if (cap < need)
      cap = need;
    T *fresh = static_cast<T *>(::operator new(cap * sizeof(T)));
    for (std::size_t i = 0; i < size_; ++i) {
      new (fresh + i) T(std::move(data_[i]));
      data_[i].~T();
    }
    release();
    data_ = fresh;
    cap_ = cap;
  }
  void release() {
    if (!is_inline())
      ::operator delete(data_);
  }
  void take(SmallVec &o) {
    if (o.is_inline()) {
      for (std::size_t i = 0; i < o.size_; ++i)
        new (data_ + i) T(std::move(o.data_[i]));
      size_ = o.size_;
      o.clear();
    } else {
      data_ = o.data_;
      size_ = o.size_;
      cap_ = o.cap_;
      o.data_ = o.inline_data();
      o.size_ = 0;
      o.cap_ = N;
    }
  }

  T *data_;
  std::size_t size_, cap_;
  alignas(T) unsigned char inline_[N * sizeof(T)];
};

// The last N values pushed; older ones fall out.
template <class T, std::size_t N> class Ring {
public:
  void push(const T &v) {
    items_[(head_ + count_) % N] = v;
    if (count_ < N)
      ++count_;
    else
      head_ = (head_ + 1) % N;
  }
  std::size_t size() const { return count_; }
  bool full() const { return count_ == N; }
  // i = 0 is the oldest value kept.
  const T &operator[](std::size_t i) const { return items_[(head_ + i) % N]; }
  const T &newest() const { return (*this)[count_ - 1]; }
  void clear() { head_ = count_ = 0; }
  double mean() const {
    double sum = 0;
    for (std::size_t i = 0; i < count_; ++i)
      sum += to_double((*this)[i]);
    return count_ ? sum / double(count_) : 0.0;
  }
  bool all_equal() const {
    for (std::size_t i = 1; i < count_; ++i)
      if (!((*this)[i] == (*this)[0]))
        return false;
    return true;
  }

private:
  T items_[N] = {};
  std::size_t head_ = 0, count_ = 0;
};

// Open addressing, linear probing, for integer-like keys. Iteration goes
// by slot, which depends only on the keys inserted: deterministic.
template <class K> inline u64 key_hash(K k) {
  return mix64(u64(k));
}
inline u64 key_hash(Fixed k) { return mix64(u64(u32(k.raw))); }

template <class K, class V> class FlatMap {
public:
  FlatMap() { rehash(16); }
  FlatMap(const FlatMap &) = delete;
  FlatMap &operator=(const FlatMap &) = delete;
  ~FlatMap() {
    delete[] keys_;
    delete[] values_;
    delete[] used_;
  }

  std::size_t size() const { return size_; }
  V &operator[](const K &k) {
    if ((size_ + 1) * 4 > cap_ * 3)
      rehash(cap_ * 2);
    std::size_t i = slot(k);
    if (!used_[i]) {
      used_[i] = 1;
      keys_[i] = k;
      values_[i] = V();
      ++size_;
    }
    return values_[i];
  }
  const V *find(const K &k) const {
    std::size_t i = slot(k);
    return used_[i] ? &values_[i] : nullptr;
  }
  template <class F> void for_each(F f) const {
    for (std::size_t i = 0; i < cap_; ++i)
      if (used_[i])
        f(keys_[i], values_[i]);
  }
  // The key with the largest value; ties go to the smaller key.
  template <class Less> bool max_entry(K &key, V &value, Less less) const {
    bool any = false;
    for (std::size_t i = 0; i < cap_; ++i) {
      if (!used_[i])
        continue;
      if (!any || value < values_[i] ||
          (!(values_[i] < value) && less(keys_[i], key))) {
        key = keys_[i];
        value = values_[i];
        any = true;
      }
    }
    return any;
  }

private:
  std::size_t slot(const K &k) const {
    std::size_t i = std::size_t(key_hash(k)) & (cap_ - 1);
    while (used_[i] && !(keys_[i] == k))
      i = (i + 1) & (cap_ - 1);
    return i;
  }
  void rehash(std::size_t cap) {
    K *old_keys = keys_;
    V *old_values = values_;
    u8 *old_used = used_;
    std::size_t old_cap = cap_;
    keys_ = new K[cap];
    values_ = new V[cap];
    used_ = new u8[cap]();
    cap_ = cap;
    size_ = 0;
    for (std::size_t i = 0; i < old_cap; ++i)
      if (old_used[i])
        (*this)[old_keys[i]] = old_values[i];
    delete[] old_keys;
    delete[] old_values;
    delete[] old_used;
  }

  K *keys_ = nullptr;
  V *values_ = nullptr;
  u8 *used_ = nullptr;
  std::size_t cap_ = 0, size_ = 0;
};

template <std::size_t N> class BitSet {
public:
  void set(std::size_t i) { words_[i / 64] |= u64(1) << (i % 64); }
  bool test(std::size_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  std::size_t count() const {
    std::size_t n = 0;
    for (u64 w : words_)
      for (; w; w &= w - 1)
        ++n;
    return n;
  }

private:
  u64 words_[(N + 63) / 64] = {};
};

} // namespace tel
