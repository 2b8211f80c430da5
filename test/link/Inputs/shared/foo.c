/* libfoo.so, built with -shared -fPIC -flto and coalesce. */

/* Exported and identical: both must stay exported, at distinct addresses. */
int foo_add(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }
int foo_sub(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }

/* Identical local helpers: one body is enough. */
static __attribute__((noinline)) int helper1(int x) { return x * x + 17; }
static __attribute__((noinline)) int helper2(int x) { return x * x + 17; }
int foo_both(int x) { return helper1(x) + helper2(x ^ 5); }

/* Identical weak definitions (larger than the two thunks merging them costs):
   main.c overrides foo_hook, not foo_hook2; library calls reach main's. */
__attribute__((weak)) int foo_hook(int x) { int y = (x + 1000) * (x | 1); return (y ^ (y >> 7)) + (x << 3) * (y >> 12); }
__attribute__((weak)) int foo_hook2(int x) { int y = (x + 1000) * (x | 1); return (y ^ (y >> 7)) + (x << 3) * (y >> 12); }
int foo_call_hooks(int x) { return foo_hook(x) * 10000 + foo_hook2(x); }

/* Addresses as the library sees them. */
typedef int (*fn)(int);
fn foo_addr_of_add(void) { return foo_add; }
fn foo_addr_of_sub(void) { return foo_sub; }
