/* Helpers copy-pasted between "files" of a C program: static copies,
 * exported copies whose addresses are compared, weak defaults, entries of
 * function-pointer tables, copies that differ only in long vs pointer
 * types, and callers that become identical once their callees merge. */
#include <stddef.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

/* --- "file 1" --- */
static NOINLINE size_t str_len1(const char *s) { size_t n = 0; while (s[n]) ++n; return n; }
static NOINLINE int clamp1(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static NOINLINE unsigned hash1(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
static NOINLINE void swap1(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static NOINLINE int max3_1(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }
int file1_entry(const char *s, int *v) { swap1(v, v + 1); return clamp1((int)str_len1(s), 0, 64) + (int)hash1(s) + max3_1(v[0], v[1], v[2]); }

/* --- "file 2" --- */
static NOINLINE size_t str_len2(const char *s) { size_t n = 0; while (s[n]) ++n; return n; }
static NOINLINE int clamp2(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static NOINLINE unsigned hash2(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
static NOINLINE void swap2(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static NOINLINE int max3_2(int a, int b, int c) { int m = a > b ? a : b; return m > c ? m : c; }
int file2_entry(const char *s, int *v) { swap2(v, v + 1); return clamp2((int)str_len2(s), 0, 64) + (int)hash2(s) + max3_2(v[0], v[1], v[2]); }

/* --- "file 3": exported copies, addresses may be compared --- */
size_t util_strlen(const char *s) { size_t n = 0; while (s[n]) ++n; return n; }
size_t my_strlen(const char *s) { size_t n = 0; while (s[n]) ++n; return n; }
unsigned util_hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
unsigned djb2(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }
int sum_ints(const int *p, int n) { int s = 0; for (int i = 0; i < n; ++i) s += p[i]; return s; }
int add_ints(const int *p, int n) { int s = 0; for (int i = 0; i < n; ++i) s += p[i]; return s; }

/* Weak defaults, identical: each must stay overridable. Larger than the
 * thunks that merging them costs (each keeps its symbol). */
__attribute__((weak)) int on_error(int code) { int c = code < 0 ? -code : code; return code == 0 ? 0 : c < 256 ? -c * 3 - 1 : -(c >> 8) * 5 - 1000; }
__attribute__((weak)) int on_warning(int code) { int c = code < 0 ? -code : code; return code == 0 ? 0 : c < 256 ? -c * 3 - 1 : -(c >> 8) * 5 - 1000; }
__attribute__((weak)) int on_note(int code) { int c = code < 0 ? -code : code; return code == 0 ? 0 : c < 256 ? -c * 3 - 1 : -(c >> 8) * 5 - 1000; }
int on_fatal(int code) { int c = code < 0 ? -code : code; return code == 0 ? 0 : c < 256 ? -c * 3 - 1 : -(c >> 8) * 5 - 1000; }

/* Table entries: address taken, internal (saturating, so larger than a
 * thunk). */
static NOINLINE int op_add(int a, int b) { long r = (long)a + b; return r > 0x7fffffff ? 0x7fffffff : r < -0x7fffffff ? -0x7fffffff : (int)r; }
static NOINLINE int op_plus(int a, int b) { long r = (long)a + b; return r > 0x7fffffff ? 0x7fffffff : r < -0x7fffffff ? -0x7fffffff : (int)r; }
static NOINLINE int op_sub(int a, int b) { long r = (long)a - b; return r > 0x7fffffff ? 0x7fffffff : r < -0x7fffffff ? -0x7fffffff : (int)r; }
static NOINLINE int op_minus(int a, int b) { long r = (long)a - b; return r > 0x7fffffff ? 0x7fffffff : r < -0x7fffffff ? -0x7fffffff : (int)r; }
static NOINLINE int op_mul(int a, int b) { long r = (long)a * b; return r > 0x7fffffff ? 0x7fffffff : r < -0x7fffffff ? -0x7fffffff : (int)r; }
int (*const ops[])(int, int) = {op_add, op_plus, op_sub, op_minus, op_mul};

/* long vs pointer: same code after lowering. */
static NOINLINE long next_l(long p) { return *(long *)p; }
static NOINLINE void *next_p(void *p) { return *(void **)p; }
long walk_l(long p, int n) { while (n--) p = next_l(p); return p; }
void *walk_p(void *p, int n) { while (n--) p = next_p(p); return p; }

/* Callers that are equal once their callees are. */
static NOINLINE int leaf_a(int x) { return x * 7 + 3; }
static NOINLINE int leaf_b(int x) { return x * 7 + 3; }
static NOINLINE int mid_a(int x) { return leaf_a(x) + leaf_a(x + 1); }
static NOINLINE int mid_b(int x) { return leaf_b(x) + leaf_b(x + 1); }
static NOINLINE int top_a(int x) { return mid_a(x) * mid_a(x - 1); }
static NOINLINE int top_b(int x) { return mid_b(x) * mid_b(x - 1); }
int chain(int x) { return top_a(x) ^ top_b(x); }

/* Recursive copies. */
static NOINLINE unsigned fib_a(unsigned n) { return n < 2 ? n : fib_a(n - 1) + fib_a(n - 2); }
static NOINLINE unsigned fib_b(unsigned n) { return n < 2 ? n : fib_b(n - 1) + fib_b(n - 2); }
unsigned fibs(unsigned n) { return fib_a(n) + fib_b(n + 1); }

/* Struct copies. */
struct vec2 { float x, y; };
struct size2 { float w, h; };
static NOINLINE struct vec2 vadd(struct vec2 a, struct vec2 b) { struct vec2 r = {a.x + b.x, a.y + b.y}; return r; }
static NOINLINE struct size2 sadd(struct size2 a, struct size2 b) { struct size2 r = {a.w + b.w, a.h + b.h}; return r; }
float use_structs(struct vec2 a, struct size2 b) { return vadd(a, a).x + sadd(b, b).h; }

/* Copies using libc. */
static NOINLINE void zero1(void *p, size_t n) { memset(p, 0, n); }
static NOINLINE void zero2(void *p, size_t n) { memset(p, 0, n); }
void zero_both(void *p, void *q, size_t n) { zero1(p, n); zero2(q, n); }
