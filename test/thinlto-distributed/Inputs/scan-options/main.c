#include <stdio.h>
long walk_a(const int *v, int n);
long walk_b(const int *v, int n);
long walk_c(const int *v, int n);
__attribute__((noinline)) int fa(int x) { return x + 1; }
__attribute__((noinline)) int fb(int x) { return x * 2; }
__attribute__((noinline)) int fc(int x) { return x - 3; }
int main(int argc, char **argv) {
  int v[64];
  for (int i = 0; i < 64; ++i) v[i] = i * argc + 5;
  printf("%ld %ld %ld\n", walk_a(v, 64), walk_b(v, 64), walk_c(v, 64));
  return 0;
}
