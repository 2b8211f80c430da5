/* A native executable using the library, with its own lib_hook(). */
#include <stdio.h>

int lib_add(int a, int b);
int lib_add_copy(int a, int b);
int lib_call(int x);

int lib_hook(int x) { return x + 1000; }

int main(void) {
  int (*volatile p)(int, int) = lib_add;
  int (*volatile q)(int, int) = lib_add_copy;
  printf("add=%d copy=%d same=%d call=%d\n", p(2, 3), q(2, 3), p == q, lib_call(2));
  return 0;
}
