/* Bitcode: calls malloc, which --wrap=malloc sends to __wrap_malloc. */
#include <stdio.h>
#include <stdlib.h>

extern int mallocs;
int native_call(int x);

int main(void) {
  void *volatile p = malloc(16);
  free(p);
  printf("mallocs=%d compute=%d\n", mallocs, native_call(2));
  return 0;
}
