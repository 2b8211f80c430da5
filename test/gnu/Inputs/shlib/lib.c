/* A shared library built from bitcode. lib_add() and lib_add_copy() are
   identical and both exported: each keeps its own address. hidden_a() and
   hidden_b() are identical and hidden: nothing outside can tell them apart.
   lib_hook() is a weak default-visibility definition: the executable's own
   lib_hook() replaces it, also for the call in lib_call(). */
int hidden_a(int x) __attribute__((visibility("hidden")));
int hidden_b(int x) __attribute__((visibility("hidden")));

__attribute__((noinline)) int hidden_a(int x) { return (x * 5) ^ (x >> 1) ^ 0x77; }
__attribute__((noinline)) int hidden_b(int x) { return (x * 5) ^ (x >> 1) ^ 0x77; }

int lib_add(int a, int b) { return a + b * 3 + hidden_a(a); }
int lib_add_copy(int a, int b) { return a + b * 3 + hidden_a(a); }

__attribute__((weak)) int lib_hook(int x) { return x + 1; }
int lib_call(int x) { return lib_hook(x) + hidden_b(x); }
