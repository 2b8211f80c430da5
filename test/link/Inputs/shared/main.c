#include <stdio.h>

typedef int (*fn)(int);
int foo_add(int);
int foo_sub(int);
int foo_both(int);
int foo_hook2(int);
int foo_call_hooks(int);
fn foo_addr_of_add(void);
fn foo_addr_of_sub(void);

/* Overrides the weak definition in libfoo.so. */
int foo_hook(int x) { return x + 2000; }

int main(void) {
  fn volatile a = foo_add, s = foo_sub;
  printf("add==sub %d\n", a == s);
  printf("lib add==sub %d\n", foo_addr_of_add() == foo_addr_of_sub());
  printf("main add==lib add %d main sub==lib sub %d\n", a == foo_addr_of_add(),
         s == foo_addr_of_sub());
  printf("add %d sub %d both %d\n", a(3), s(4), foo_both(5));
  printf("hooks %d hook2 %d\n", foo_call_hooks(1), foo_hook2(7));
  return 0;
}
