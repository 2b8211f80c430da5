__attribute__((noinline)) long step_add(long acc, long x) { return acc + x; }
__attribute__((noinline)) long step_mul(long acc, long x) { return acc * x % 1000003; }
__attribute__((noinline)) long step_xor(long acc, long x) { return acc ^ (x << 3); }
__attribute__((noinline)) long step_max(long acc, long x) { return acc > x ? acc : x; }
