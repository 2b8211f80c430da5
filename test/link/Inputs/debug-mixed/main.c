// Built with -g. Calls the twins from both kinds of objects and the
// function of the object written by another tool.
#include <stdio.h>

int scale_g(int x);
int scale_nog(int x);
int tally(int n);
int sum_nog(int n);
int mix_dbg(int x);
int mix_nodbg(int x);

int main(void) {
  int (*volatile a)(int) = scale_g;
  int (*volatile b)(int) = scale_nog;
  int (*volatile c)(int) = mix_dbg;
  int (*volatile d)(int) = mix_nodbg;
  printf("scale_g==scale_nog %d mix_dbg==mix_nodbg %d\n", a == b, c == d);
  printf("scale %d %d mix %d %d\n", scale_g(7), scale_nog(7), mix_dbg(7),
         mix_nodbg(7));
  printf("tally %d\n", tally(20));
  printf("sum %d\n", sum_nog(20));
  return 0;
}
