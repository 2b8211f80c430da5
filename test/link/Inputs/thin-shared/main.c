#include <stdio.h>

unsigned a_work(int n, const char *tag);
unsigned b_work(int n, const char *tag);
volatile int seed = 6;
const char *volatile tags[] = {"alpha", "beta"};

int main(void) {
  printf("a_work=%u\n", a_work(seed, tags[0]));
  printf("b_work=%u\n", b_work(seed + 1, tags[1]));
  return 0;
}
