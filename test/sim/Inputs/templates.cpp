// Template-heavy C++: containers, algorithms and callables instantiated
// for several types, so the same library code appears many times over.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

template <typename T> struct Stats {
  T Min{}, Max{}, Sum{};
  std::size_t Count = 0;
  void add(T V) {
    if (!Count || V < Min)
      Min = V;
    if (!Count || Max < V)
      Max = V;
    Sum += V;
    ++Count;
  }
};

template <typename T> Stats<T> summarize(const std::vector<T> &Values) {
  Stats<T> S;
  for (const T &V : Values)
    S.add(V);
  return S;
}

template <typename K, typename V>
std::vector<K> keysByValue(const std::map<K, V> &M) {
  std::vector<std::pair<V, K>> Pairs;
  for (const auto &[Key, Val] : M)
    Pairs.push_back({Val, Key});
  std::sort(Pairs.begin(), Pairs.end());
  std::vector<K> Out;
  for (auto &P : Pairs)
    Out.push_back(P.second);
  return Out;
}

template <typename T>
std::optional<T> firstMatching(const std::vector<T> &V,
                               const std::function<bool(const T &)> &Pred) {
  auto It = std::find_if(V.begin(), V.end(), Pred);
  if (It == V.end())
    return std::nullopt;
  return *It;
}

template <typename T> std::vector<T> uniqueSorted(std::vector<T> V) {
  std::sort(V.begin(), V.end());
  V.erase(std::unique(V.begin(), V.end()), V.end());
  return V;
}

template <typename T> struct Registry {
  std::unordered_map<std::string, std::shared_ptr<T>> Items;
  void put(const std::string &Name, T Value) {
    Items[Name] = std::make_shared<T>(std::move(Value));
  }
  std::shared_ptr<T> get(const std::string &Name) const {
    auto It = Items.find(Name);
    return It == Items.end() ? nullptr : It->second;
  }
};

int useInts(std::vector<int> V) {
  Stats<int> S = summarize(V);
  std::vector<int> U = uniqueSorted(V);
  auto F = firstMatching<int>(V, [](const int &X) { return X % 7 == 3; });
  return S.Max - S.Min + int(U.size()) + F.value_or(-1);
}

long useLongs(std::vector<long> V) {
  Stats<long> S = summarize(V);
  std::vector<long> U = uniqueSorted(V);
  auto F = firstMatching<long>(V, [](const long &X) { return X % 5 == 1; });
  return S.Max - S.Min + long(U.size()) + F.value_or(-1);
}

unsigned useUnsigned(std::vector<unsigned> V) {
  Stats<unsigned> S = summarize(V);
  std::vector<unsigned> U = uniqueSorted(V);
  auto F = firstMatching<unsigned>(V, [](const unsigned &X) { return X > 9; });
  return S.Max - S.Min + unsigned(U.size()) + F.value_or(0);
}

double useDoubles(std::vector<double> V) {
  Stats<double> S = summarize(V);
  std::vector<double> U = uniqueSorted(V);
  return S.Max - S.Min + double(U.size());
}

std::size_t useStrings(std::vector<std::string> V) {
  std::vector<std::string> U = uniqueSorted(V);
  std::map<std::string, int> Lengths;
  for (const std::string &S : V)
    Lengths[S] = int(S.size());
  return keysByValue(Lengths).size() + U.size();
}

std::size_t useMaps(const std::map<int, double> &A,
                    const std::map<std::string, long> &B,
                    const std::map<long, int> &C) {
  return keysByValue(A).size() + keysByValue(B).size() +
         keysByValue(C).size();
}

int useRegistries() {
  Registry<int> RI;
  Registry<std::string> RS;
  Registry<std::vector<int>> RV;
  RI.put("one", 1);
  RS.put("two", "2");
  RV.put("three", {1, 2, 3});
  std::set<int> Seen;
  Seen.insert(*RI.get("one"));
  Seen.insert(int(RS.get("two")->size()));
  Seen.insert(int(RV.get("three")->size()));
  return int(Seen.size());
}
