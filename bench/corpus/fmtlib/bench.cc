// A formatting workload for {fmt}: integers, floating point (shortest and
// fixed precision), strings with alignment and fill, format_to into
// memory buffers, compile-time format strings, printf-style formatting,
// ranges and tuples, chrono, colours and wide strings. Every result goes
// into a running hash (FNV-1a) printed at the end, with a few samples, so
// the output is the same on every run and every correct build.
//
// Usage: bench [ROUNDS]   (default 40)

#include <fmt/chrono.h>
#include <fmt/color.h>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <fmt/os.h>
#include <fmt/printf.h>
#include <fmt/ranges.h>
#include <fmt/xchar.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace {

uint64_t hash = 1469598103934665603ull;

void mix(const char* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    hash ^= static_cast<unsigned char>(p[i]);
    hash *= 1099511628211ull;
  }
}

void mix(const std::string& s) { mix(s.data(), s.size()); }

void mix(const std::wstring& s) {
  for (wchar_t c : s) {
    char b[4] = {char(c), char(c >> 8), char(c >> 16), char(c >> 24)};
    mix(b, 4);
  }
}

uint32_t state = 2463534242u;

uint32_t rnd() {  // xorshift32
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

struct point {
  double x, y;
};

}  // namespace

template <> struct fmt::formatter<point> {
  char presentation = 'f';
  constexpr auto parse(format_parse_context& ctx) -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    if (it != ctx.end() && (*it == 'f' || *it == 'e')) presentation = *it++;
    return it;
  }
  template <typename Ctx>
  auto format(const point& p, Ctx& ctx) const -> decltype(ctx.out()) {
    return presentation == 'f'
               ? fmt::format_to(ctx.out(), "({:.2f}, {:.2f})", p.x, p.y)
               : fmt::format_to(ctx.out(), "({:.3e}, {:.3e})", p.x, p.y);
  }
};

namespace {

void integers(int n) {
  fmt::memory_buffer buf;
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    int64_t v = static_cast<int64_t>(r) * (i % 2 ? -7919 : 104729);
    buf.clear();
    fmt::format_to(std::back_inserter(buf),
                   "{} {:x} {:#o} {:b} {:+} {:>12} {:<8d}| {:^10}| {:08X} "
                   "{:L}\n",
                   v, r, r & 0xffff, r & 0xff, int(r % 1000) - 500, v,
                   i, r % 97, r, r);
    mix(buf.data(), buf.size());
  }
}

void floats(int n) {
  fmt::memory_buffer buf;
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    double d = (static_cast<double>(r) / 4294967296.0 - 0.5) *
               (i % 7 == 0 ? 1e300 : i % 5 == 0 ? 1e-300 : 12345.678);
    float f = static_cast<float>(d);
    buf.clear();
    fmt::format_to(std::back_inserter(buf),
                   "{} {} {:.3f} {:.10e} {:g} {:.17g} {:a} {:>14.5}|"
                   "{:012.4f}\n",
                   d, f, d, d, d, d, d, f, static_cast<double>(f));
    mix(buf.data(), buf.size());
  }
}

void strings(int n) {
  static const char* const words[] = {"alpha", "beta",  "gamma", "delta",
                                      "epsilon", "zeta", "eta", "theta",
                                      "Grüße",  "日本語"};
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    const char* w = words[r % 10];
    std::string s = fmt::format(
        "[{:*^16}] [{:<12}] [{:>12.3}] {:?} {:c} {} {}", w, w, w,
        fmt::string_view(w), char('a' + r % 26), true,
        static_cast<const void*>(nullptr));
    s += fmt::format("{0}-{1}-{0} {name}={value}", i, w,
                     fmt::arg("name", w), fmt::arg("value", r % 1000));
    mix(s);
  }
}

void compiled(int n) {
  char out[256];
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    auto end = fmt::format_to(out, FMT_COMPILE("{}:{}:{:x} {} {}"), i, r,
                              r, static_cast<double>(r) / 3, "done");
    mix(out, static_cast<size_t>(end - out));
    auto res = fmt::format_to_n(out, 16, "{:>30}", r);
    mix(out, res.size < 16 ? res.size : 16);
    mix(fmt::to_string(r));
    mix(fmt::format(FMT_COMPILE("{:08.3f}"), static_cast<double>(r) / 7));
  }
}

void printfs(int n) {
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    mix(fmt::sprintf("%d %5u %-8x %08.3f %e %s %c %%", int(r) - 1000, r % 100,
                     r, static_cast<double>(r) / 1e6,
                     static_cast<double>(r) * 1e10, "text", 'A' + r % 26));
  }
}

void containers(int n) {
  std::vector<int> v;
  std::map<std::string, double> m;
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    v.push_back(static_cast<int>(r % 10000));
    if (v.size() > 24) v.erase(v.begin());
    m[fmt::format("k{}", r % 16)] = static_cast<double>(r) / 1000;
    auto t = std::make_tuple(i, 'x', static_cast<double>(r) / 9, "s");
    mix(fmt::format("{} {} {} {:n}", v, m, t, v));
    mix(fmt::format("{}", fmt::join(v.begin(), v.end(), ", ")));
    point p{static_cast<double>(r) / 7, -static_cast<double>(r) / 11};
    mix(fmt::format("{} {:e}", p, p));
  }
}

void times(int n) {
  std::tm tm{};
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    tm.tm_year = 70 + static_cast<int>(r % 60);
    tm.tm_mon = static_cast<int>(r % 12);
    tm.tm_mday = 1 + static_cast<int>(r % 28);
    tm.tm_hour = static_cast<int>(r % 24);
    tm.tm_min = static_cast<int>(r % 60);
    tm.tm_sec = static_cast<int>(r % 60);
    tm.tm_wday = static_cast<int>(r % 7);
    tm.tm_yday = static_cast<int>(r % 365);
    mix(fmt::format("{:%Y-%m-%d %H:%M:%S} {:%a %b %e %j %I %p}", tm, tm));
    mix(fmt::format("{} {} {:%H:%M:%S} {:.3}",
                    std::chrono::milliseconds(r % 100000),
                    std::chrono::microseconds(r),
                    std::chrono::seconds(r % 86400),
                    std::chrono::duration<double>(r / 1e3)));
  }
}

void styled(int n) {
  for (int i = 0; i < n; ++i) {
    uint32_t r = rnd();
    mix(fmt::format(fg(fmt::rgb(r & 0xffffff)) | fmt::emphasis::bold,
                    "{} {}", i, r));
    mix(fmt::format(bg(static_cast<fmt::terminal_color>(40 + r % 8)),
                    "{:>6}", r % 1000));
    mix(fmt::format(L"{} {:>8} {:.2f} {}", i, L"wide", r / 3.0,
                    static_cast<wchar_t>(L'a' + r % 26)));
  }
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 40;
  for (int round = 0; round < rounds; ++round) {
    integers(400);
    floats(400);
    strings(300);
    compiled(300);
    printfs(200);
    containers(100);
    times(100);
    styled(100);
    if (round == 0 || round + 1 == rounds)
      fmt::print("round {:3}: {:016x}\n", round, hash);
  }
  // A few samples, so that a difference shows what it is.
  fmt::print("{:.17g} {} {:e} {}\n", 0.1 + 0.2, 1e23, 5e-324,
             std::numeric_limits<double>::max());
  fmt::print("{}\n", fmt::format("{:>10}|{:<10}|{:^10}", "r", "l", "c"));
  std::fputs(fmt::sprintf("%08.3f %x %s\n", 3.14159, 255u, "ok").c_str(),
             stdout);
  fmt::print("hash {:016x}\n", hash);
  return 0;
}
