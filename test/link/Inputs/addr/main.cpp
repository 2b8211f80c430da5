// Identical functions whose addresses are taken and compared with ==.
// api_one, api_two and api_three (table.cpp stores their addresses) and the
// static local_a and local_b must all keep distinct addresses after
// merging, and every pointer must still call the right body.
#include <cstdio>

using Fn = int (*)(int);
extern Fn api_table[3];
int api_one(int x);
int api_two(int x);
int api_three(int x);

volatile int seed = 9;

static int local_a(int x) { return (x << 4) - (x ^ 0x3c3c); }
static int local_b(int x) { return (x << 4) - (x ^ 0x3c3c); }

int main() {
  Fn volatile p1 = api_table[0], p2 = api_table[1], p3 = api_table[2];
  Fn volatile q1 = api_one, q2 = api_two, q3 = api_three;
  Fn volatile la = local_a, lb = local_b, la2 = local_a;
  int s = seed;
  std::printf("one==two %d one==three %d two==three %d\n", p1 == p2, p1 == p3, p2 == p3);
  std::printf("table==direct %d %d %d\n", p1 == q1, p2 == q2, p3 == q3);
  std::printf("one==two via direct %d\n", q1 == q2);
  std::printf("local_a==local_b %d local_a==local_a %d\n", la == lb, la == la2);
  std::printf("calls %d %d %d %d %d\n", p1(s), p2(s + 1), p3(s + 2), la(s), lb(s + 1));
  std::printf("direct %d %d %d\n", api_one(s), api_two(s), api_three(s));
  return 0;
}
