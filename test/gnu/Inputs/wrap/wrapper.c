/* Bitcode: the wrapper of a C library function. Nothing names
   __wrap_malloc until the linker renames app.c's reference to malloc. */
#include <stdlib.h>

int mallocs;
void *__real_malloc(size_t n);

void *__wrap_malloc(size_t n) {
  ++mallocs;
  return __real_malloc(n);
}
