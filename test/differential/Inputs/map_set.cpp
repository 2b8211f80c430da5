// Red-black-tree containers for many key/value types: std::map, std::set,
// std::multimap, plus std::unordered_map. _M_erase, _M_insert_unique,
// lower_bound etc. come out identical for keys of one representation.
#include <map>
#include <set>
#include <string>
#include <unordered_map>

enum Kind { KA, KB, KC };
enum class Wide : unsigned long { W0 };
struct Obj;
using ObjPtr = Obj *;
using CStr = const char *;

template <typename K, typename V> __attribute__((noinline)) V lookupOr(const std::map<K, V> &m, const K &k, V d) {
  auto it = m.find(k);
  return it == m.end() ? d : it->second;
}
template <typename K, typename V> __attribute__((noinline)) void put(std::map<K, V> &m, const K &k, const V &v) { m[k] = v; }
template <typename K, typename V> __attribute__((noinline)) void dropBelow(std::map<K, V> &m, const K &k) { m.erase(m.begin(), m.lower_bound(k)); }
template <typename K> __attribute__((noinline)) bool addKey(std::set<K> &s, const K &k) { return s.insert(k).second; }
template <typename K> __attribute__((noinline)) std::size_t countRange(const std::multimap<K, int> &m, const K &k) { return m.count(k); }
template <typename K> __attribute__((noinline)) void multiPut(std::multimap<K, int> &m, const K &k, int v) { m.emplace(k, v); }
template <typename K, typename V> __attribute__((noinline)) V &hashSlot(std::unordered_map<K, V> &m, const K &k) { return m[k]; }

#define MAPS(K, V)                                                             \
  template V lookupOr<K, V>(const std::map<K, V> &, const K &, V);             \
  template void put<K, V>(std::map<K, V> &, const K &, const V &);             \
  template void dropBelow<K, V>(std::map<K, V> &, const K &);                  \
  template V &hashSlot<K, V>(std::unordered_map<K, V> &, const K &);
#define SETS(K)                                                                \
  template bool addKey<K>(std::set<K> &, const K &);                           \
  template std::size_t countRange<K>(const std::multimap<K, int> &, const K &);\
  template void multiPut<K>(std::multimap<K, int> &, const K &, int);

MAPS(int, int)
MAPS(int, unsigned)
MAPS(int, Kind)
MAPS(Kind, int)
MAPS(long, long)
MAPS(long, long long)
MAPS(long long, long)
MAPS(unsigned long, ObjPtr)
MAPS(long, ObjPtr)
MAPS(Wide, long)
MAPS(unsigned, unsigned)
SETS(int)
SETS(unsigned)
SETS(Kind)
SETS(long)
SETS(long long)
SETS(unsigned long)
SETS(ObjPtr)
SETS(CStr)
SETS(Wide)

// A string-keyed map, for some bodies that are certainly unique.
int countWords(const std::map<std::string, int> &m, const std::string &w) {
  auto it = m.find(w);
  return it == m.end() ? 0 : it->second;
}
