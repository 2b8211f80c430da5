/* Native part of the shared library. */
int lib_internal(int x) __attribute__((visibility("hidden")));
int native_part(int x) { return lib_internal(x) + 100; }
