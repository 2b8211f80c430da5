/* The "random" bytes of expat's hash salt (arc4random_buf by the name the
   recipe bench/lib/projects/expat.py gives it): the same on every run, so
   that the hash tables, and with them the instructions executed, are the
   same on every run. */
#include <stddef.h>
#include <string.h>

void bench_fixed_salt(void *buf, size_t n);

void
bench_fixed_salt(void *buf, size_t n) {
  memset(buf, 0x5a, n);
}
