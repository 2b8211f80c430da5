#include <cstdio>

// Two equal functions called through a table: coalesce merges them.
static unsigned long twin_a(unsigned long x) {
  for (int i = 0; i < 6; ++i)
    x = (x ^ (x >> 13)) * 0x9e3779b97f4a7c15UL + (unsigned long)i;
  return x;
}

static unsigned long twin_b(unsigned long x) {
  for (int i = 0; i < 6; ++i)
    x = (x ^ (x >> 13)) * 0x9e3779b97f4a7c15UL + (unsigned long)i;
  return x;
}

static unsigned long (*const twins[])(unsigned long) = {twin_a, twin_b};

int main(int argc, char **) {
  unsigned long a = twins[argc & 1](41), b = twins[(argc + 1) & 1](41);
  std::printf("twins %lu %s\n", a % 100000, a == b ? "agree" : "differ");
  return 0;
}
