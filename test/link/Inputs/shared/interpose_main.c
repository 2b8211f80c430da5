#include <stdio.h>

int foo_sub(int);
int foo_both(int);

/* Interposes libfoo.so's foo_add (e.g. a wrapper, as LD_PRELOAD does).
   foo_sub in the library never called foo_add, so it must not change. */
int foo_add(int x) { return -x; }

int main(void) {
  printf("main foo_add %d\n", foo_add(3));
  printf("lib foo_sub %d\n", foo_sub(4));
  printf("lib foo_both %d\n", foo_both(5));
  return 0;
}
