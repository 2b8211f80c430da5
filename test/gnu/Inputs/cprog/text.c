/* Archive member. Two identical external functions, compared by address in
   main.c, so they keep distinct addresses. */
static __attribute__((noinline)) int mix(int x) {
  x ^= x >> 3;
  x *= 0x45d9f3b;
  x ^= x >> 5;
  return x & 0xffff;
}

unsigned text_hash(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 16777619u + mix(*s);
  return h;
}

unsigned text_hash_copy(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 16777619u + mix(*s);
  return h;
}
