// Template instances that differ only in constants: a scale factor and the
// statistics block each instance updates.
#pragma once

struct Stats {
  long calls, total, peak;
};

template <int Tag> struct Channel {
  static Stats stats;
};
template <int Tag> Stats Channel<Tag>::stats;

template <int Scale, int Tag>
__attribute__((noinline)) long scaled_sum(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    s += v[i] * Scale;
    s ^= s >> 3;
  }
  Stats &st = Channel<Tag>::stats;
  st.calls += 1;
  st.total += s;
  if (s > st.peak)
    st.peak = s;
  return s + Scale;
}

long other_tu(const long *v, int n);
