// Exception handling in templates: invoke/landingpad/personality, cleanup
// of std::vector and std::string members when a constructor throws,
// try/catch wrappers instantiated for many types.
#include <stdexcept>
#include <string>
#include <vector>

template <typename T> struct Checked {
  std::vector<T> items;
  std::string label;
  Checked(std::size_t n, const T &x) : items(n, x), label("checked") {
    if (n > 1000)
      throw std::length_error("too many");
  }
};

template <typename T> __attribute__((noinline)) int tryBuild(std::size_t n, const T &x) {
  try {
    Checked<T> c(n, x);
    return int(c.items.size());
  } catch (const std::length_error &) {
    return -1;
  } catch (...) {
    return -2;
  }
}
template <typename T> __attribute__((noinline)) T at(const std::vector<T> &v, std::size_t i) {
  if (i >= v.size())
    throw std::out_of_range("at");
  return v[i];
}
template <typename T> __attribute__((noinline)) std::vector<T> grown(std::vector<T> v, const T &x) {
  for (int i = 0; i < 4; ++i)
    v.push_back(x);
  v.insert(v.begin(), x);
  return v;
}

enum Mode { M0 };
struct Tok;
using TokPtr = Tok *;
using CStr = const char *;
#define EH(T)                                                                  \
  template int tryBuild<T>(std::size_t, const T &);                            \
  template T at<T>(const std::vector<T> &, std::size_t);                       \
  template std::vector<T> grown<T>(std::vector<T>, const T &);
EH(int)
EH(unsigned)
EH(Mode)
EH(long)
EH(long long)
EH(unsigned long)
EH(TokPtr)
EH(CStr)
EH(double)
EH(float)
EH(char)
EH(bool)

std::string describe(int code) {
  try {
    if (code < 0)
      throw std::runtime_error("negative");
    return std::to_string(code);
  } catch (const std::exception &e) {
    return e.what();
  }
}
