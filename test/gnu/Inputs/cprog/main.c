/* A C program for the GNU linker plugin: bitcode files (this one and an
   archive of two members), a native object and a native shared library.
   mix() is a copy-pasted static helper (one copy here, one in each archive
   member); text_hash() and text_hash_copy() are identical external
   functions whose addresses are compared here; app_callback() is called
   back by the shared library, so it must stay exported from the executable
   even though no object file of the link refers to it. */
#include <stdio.h>

int stats_sum(const int *v, int n);
unsigned text_hash(const char *s);
unsigned text_hash_copy(const char *s);
int native_scale(int x);
int dso_offset(int x);
int dso_call_back(int x);

/* Read at run time so that the optimizer knows nothing about the inputs. */
volatile int seed = 5;

static __attribute__((noinline)) int mix(int x) {
  x ^= x >> 3;
  x *= 0x45d9f3b;
  x ^= x >> 5;
  return x & 0xffff;
}

int app_callback(int x) { return x * 7 + mix(x); }

int main(void) {
  int s = seed;
  int v[] = {s, s + 1, s + 2, s + 3, s + 4};
  unsigned (*volatile h1)(const char *) = text_hash;
  unsigned (*volatile h2)(const char *) = text_hash_copy;
  printf("mix=%d sum=%d\n", mix(s), stats_sum(v, 5));
  printf("hash=%u copy=%u same=%d\n", h1("coalesce"), h2("coalesce"), h1 == h2);
  printf("native=%d dso=%d callback=%d\n", native_scale(s), dso_offset(s),
         dso_call_back(s));
  return 0;
}
