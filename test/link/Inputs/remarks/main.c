#include <stdio.h>

void varargs_report(void);
int api_one(int x);
int api_two(int x);
typedef int (*api_fn)(int);
extern api_fn api_table[2];

int main(void) {
  api_fn volatile p1 = api_table[0], p2 = api_table[1];
  printf("api_one==api_two %d calls %d %d\n", p1 == p2, p1(5), p2(6));
  varargs_report();
  return 0;
}
