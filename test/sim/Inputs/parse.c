/* A tokenizer and two nearly identical field parsers: the switch-heavy
   code of configuration readers. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum tok { T_END, T_NUM, T_NAME, T_EQ, T_SEMI, T_LBRACE, T_RBRACE, T_ERR };

struct lexer { const char *p; long num; char name[32]; };

enum tok next(struct lexer *L) {
  while (*L->p == ' ' || *L->p == '\t' || *L->p == '\n')
    L->p++;
  char c = *L->p;
  switch (c) {
  case 0: return T_END;
  case '=': L->p++; return T_EQ;
  case ';': L->p++; return T_SEMI;
  case '{': L->p++; return T_LBRACE;
  case '}': L->p++; return T_RBRACE;
  default: break;
  }
  if (isdigit((unsigned char)c)) {
    long v = 0;
    while (isdigit((unsigned char)*L->p))
      v = v * 10 + (*L->p++ - '0');
    L->num = v;
    return T_NUM;
  }
  if (isalpha((unsigned char)c)) {
    int n = 0;
    while (isalnum((unsigned char)*L->p) && n < 31)
      L->name[n++] = *L->p++;
    L->name[n] = 0;
    return T_NAME;
  }
  return T_ERR;
}

struct server { long port, threads, timeout; int verbose; };
struct client { long retries, timeout, port; int verbose; };

int parse_server(const char *text, struct server *s) {
  struct lexer L = {text, 0, {0}};
  for (;;) {
    enum tok t = next(&L);
    if (t == T_END) return 0;
    if (t != T_NAME) return -1;
    char key[32];
    strcpy(key, L.name);
    if (next(&L) != T_EQ) return -1;
    if (next(&L) != T_NUM) return -1;
    if (!strcmp(key, "port")) s->port = L.num;
    else if (!strcmp(key, "threads")) s->threads = L.num;
    else if (!strcmp(key, "timeout")) s->timeout = L.num;
    else if (!strcmp(key, "verbose")) s->verbose = L.num != 0;
    else return -2;
    if (next(&L) != T_SEMI) return -1;
  }
}

int parse_client(const char *text, struct client *c) {
  struct lexer L = {text, 0, {0}};
  for (;;) {
    enum tok t = next(&L);
    if (t == T_END) return 0;
    if (t != T_NAME) return -1;
    char key[32];
    strcpy(key, L.name);
    if (next(&L) != T_EQ) return -1;
    if (next(&L) != T_NUM) return -1;
    if (!strcmp(key, "retries")) c->retries = L.num;
    else if (!strcmp(key, "timeout")) c->timeout = L.num;
    else if (!strcmp(key, "port")) c->port = L.num;
    else if (!strcmp(key, "verbose")) c->verbose = L.num != 0;
    else return -2;
    if (next(&L) != T_SEMI) return -1;
  }
}

const char *tok_name(enum tok t) {
  switch (t) {
  case T_END: return "end";
  case T_NUM: return "number";
  case T_NAME: return "name";
  case T_EQ: return "=";
  case T_SEMI: return ";";
  case T_LBRACE: return "{";
  case T_RBRACE: return "}";
  default: return "error";
  }
}
