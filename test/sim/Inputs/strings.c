/* String helpers pasted and adapted: loops with branches inside, the
   multi-block regions of the similarity analysis. */
#include <stddef.h>

size_t count_char(const char *s, char c) {
  size_t n = 0;
  for (; *s; ++s)
    if (*s == c)
      ++n;
  return n;
}

size_t count_digit(const char *s) {
  size_t n = 0;
  for (; *s; ++s)
    if (*s >= '0' && *s <= '9')
      ++n;
  return n;
}

size_t count_upper(const char *s) {
  size_t n = 0;
  for (; *s; ++s)
    if (*s >= 'A' && *s <= 'Z')
      ++n;
  return n;
}

void to_upper(char *s) {
  for (; *s; ++s)
    if (*s >= 'a' && *s <= 'z')
      *s = *s - 'a' + 'A';
}

void to_lower(char *s) {
  for (; *s; ++s)
    if (*s >= 'A' && *s <= 'Z')
      *s = *s - 'A' + 'a';
}

int starts_with(const char *s, const char *p) {
  while (*p) {
    if (*s != *p)
      return 0;
    ++s;
    ++p;
  }
  return 1;
}

int ends_with(const char *s, const char *p) {
  size_t ls = 0, lp = 0;
  while (s[ls]) ++ls;
  while (p[lp]) ++lp;
  if (lp > ls)
    return 0;
  s += ls - lp;
  while (*p) {
    if (*s != *p)
      return 0;
    ++s;
    ++p;
  }
  return 1;
}

char *trim_right(char *s) {
  size_t n = 0;
  while (s[n]) ++n;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
    s[--n] = 0;
  return s;
}

char *trim_right_dots(char *s) {
  size_t n = 0;
  while (s[n]) ++n;
  while (n && (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ';'))
    s[--n] = 0;
  return s;
}

int compare_nocase(const char *a, const char *b) {
  for (;; ++a, ++b) {
    char x = *a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a;
    char y = *b >= 'A' && *b <= 'Z' ? *b - 'A' + 'a' : *b;
    if (x != y || !x)
      return x - y;
  }
}
