/* A C program spread over four files. scramble() and checksum() are
   copy-pasted static helpers (three copies each); api_one() and api_two()
   are identical external functions whose addresses are stored in a table
   (api.c) and compared, so they must keep distinct addresses. */
#include <stdio.h>

typedef int (*api_fn)(int);
extern api_fn api_table[2];
int api_one(int x);
int api_two(int x);
int b_entry(int x);
int c_entry(int x);

/* Read at run time so that the optimizer knows nothing about the inputs. */
volatile int seed = 4;

static __attribute__((noinline)) int scramble(int x) {
  return (x * 31) ^ (x >> 3) ^ 0x5a5a;
}

static __attribute__((noinline)) int checksum(const int *v, int n) {
  int r = 0;
  for (int i = 0; i < n; ++i)
    r = r * 7 + (v[i] ^ 3);
  return r;
}

int main(void) {
  int s = seed;
  int v[] = {s, s + 1, s + 2, s + 3};
  api_fn volatile p1 = api_table[0], p2 = api_table[1], p1again = api_one;
  printf("main scramble=%d checksum=%d\n", scramble(s), checksum(v, seed - 1));
  printf("b_entry=%d\n", b_entry(s));
  printf("c_entry=%d\n", c_entry(s));
  printf("api_one==api_two %d\n", p1 == p2);
  printf("api_one==api_one %d\n", p1 == p1again);
  printf("api calls %d %d %d %d\n", p1(5), p2(6), api_one(s), api_two(s));
  return 0;
}
