/* Bitcode (compiled with -fcommon). Each symbol's kind or visibility, as
   the plugin tells the linker, decides whether the link works. */
#include <stdio.h>

/* A weak definition: the native object's strong one wins. */
__attribute__((weak)) int config_value(void) { return 1; }
/* A common symbol: the native object's initialized definition wins. */
int shared_counter;
/* A weak reference defined nowhere: the link succeeds, the address is 0. */
extern void maybe_hook(void) __attribute__((weak));
/* Hidden, and called from the native object in the same output. */
__attribute__((visibility("hidden"))) int hidden_twice(int x) { return x * 2; }

int native_entry(void);

int main(void) {
  printf("config=%d counter=%d hook=%s native=%d\n", config_value(),
         shared_counter, maybe_hook ? "present" : "absent", native_entry());
  return 0;
}
