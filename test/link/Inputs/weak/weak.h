// Declarations shared by weak_a.cpp and weak_b.cpp.
#pragma once

int pick(int x);        // weak in weak_a.cpp, strong in weak_b.cpp
int late(int x);        // strong in weak_a.cpp, weak in weak_b.cpp
int keep_weak(int x);   // weak only (weak_a.cpp)
int keep_weak2(int x);  // weak only (weak_b.cpp), identical to keep_weak
int b_side(int x);

extern volatile int seed;

// linkonce_odr: emitted in both translation units, one copy survives.
inline __attribute__((noinline)) int twice(int x) { return (x << 1) ^ 0x77; }

// Instances for int/unsigned and long/unsigned long are identical.
template <typename T> struct Box {
  static __attribute__((noinline)) T get(T x) { return (x ^ 0x55) | 1; }
};
