/* Two identical varargs functions whose addresses are compared: a thunk
   cannot forward variable arguments, so they are not merged (a NotMerged
   remark), and both must keep working. */
#include <stdarg.h>
#include <stdio.h>

typedef int (*vfn)(int, ...);

int sum_a(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int sum_b(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

vfn volatile va_table[2] = {sum_a, sum_b};

void varargs_report(void) {
  printf("sum_a==sum_b %d\n", va_table[0] == va_table[1]);
  printf("sums %d %d\n", va_table[0](3, 1, 2, 3), va_table[1](2, 10, 20));
}
