/* Bitcode for a shared library: lib_internal() is hidden but called by the
   library's native object; lib_api() is exported. */
__attribute__((visibility("hidden"))) int lib_internal(int x) { return x + 7; }
int native_part(int x);
int lib_api(int x) { return native_part(x) * 2; }
