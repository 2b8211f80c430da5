#include <stdio.h>
int lib_api(int x);
int main(void) {
  printf("lib_api=%d\n", lib_api(1));
  return 0;
}
