/* A small register machine dispatched by computed goto (GNU C labels as
   values), like Lua's and CPython's interpreters: every handler's address
   is in a table, and the bitwise handlers share their opening, which reads
   two operands and converts them when they are not integers. */
#include <stdio.h>
#include <stdlib.h>

enum { INT, STR };
typedef struct { long i; int tag; const char *s; } Value;
enum { OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LOAD, OP_PRINT, OP_JNZ, OP_DEC, OP_HALT };
typedef struct { unsigned char op, a, b, c; } Insn;

__attribute__((noinline)) static int toint(const Value *v, long *out) {
  if (v->tag == STR) {
    char *end;
    *out = strtol(v->s, &end, 10);
    return *end == '\0';
  }
  return 0;
}

/* Lua's luaV_tointegerns: the integer case inline, the rest a call. */
static inline int tointns(const Value *v, long *out) {
  if (v->tag == INT) {
    *out = v->i;
    return 1;
  }
  return toint(v, out);
}

static long run(const Insn *code, Value *r) {
  static void *const table[] = {&&op_and, &&op_or, &&op_xor, &&op_shl,
                                &&op_shr, &&op_load, &&op_print, &&op_jnz,
                                &&op_dec, &&op_halt};
  const Insn *pc = code;
#define NEXT goto *table[(++pc)->op]
#define BITOP(expr)                                                      \
  {                                                                      \
    long i1, i2;                                                         \
    if (tointns(&r[pc->b], &i1) && tointns(&r[pc->c], &i2)) {            \
      r[pc->a].tag = INT;                                                \
      r[pc->a].i = (expr);                                               \
    } else                                                               \
      r[pc->a].i = -1;                                                   \
    NEXT;                                                                \
  }
  goto *table[pc->op];
op_and: BITOP(i1 & i2)
op_or:  BITOP(i1 | i2)
op_xor: BITOP(i1 ^ i2)
op_shl: BITOP(i1 << (i2 & 63))
op_shr: BITOP((long)((unsigned long)i1 >> (i2 & 63)))
op_load: r[pc->a].tag = INT; r[pc->a].i = pc->b * 256 + pc->c; NEXT;
op_print: printf("r%d = %ld\n", pc->a, r[pc->a].i); NEXT;
op_jnz: if (r[pc->a].i) { pc = code + pc->b; goto *table[pc->op]; } NEXT;
op_dec: r[pc->a].i -= 1; NEXT;
op_halt: return r[pc->a].i;
}

int main(void) {
  Value r[8] = {{0, INT, 0}};
  r[6].tag = STR; r[6].s = "12345";
  r[7].tag = STR; r[7].s = "x";
  const Insn code[] = {
      {OP_LOAD, 0, 0, 100},  /* r0 = 100: the loop counter */
      {OP_LOAD, 1, 0x12, 0x34}, {OP_LOAD, 2, 0, 0x0f},
      {OP_AND, 3, 1, 2},  {OP_OR, 4, 3, 1},  {OP_XOR, 5, 4, 6},
      {OP_SHL, 3, 5, 2},  {OP_SHR, 4, 3, 2}, {OP_XOR, 1, 1, 4},
      {OP_DEC, 0, 0, 0},  {OP_JNZ, 0, 3, 0},
      {OP_PRINT, 1, 0, 0}, {OP_PRINT, 3, 0, 0}, {OP_PRINT, 4, 0, 0},
      {OP_AND, 5, 7, 1},  {OP_PRINT, 5, 0, 0}, {OP_SHR, 5, 1, 7},
      {OP_PRINT, 5, 0, 0}, {OP_HALT, 1, 0, 0}};
  printf("result %ld\n", run(code, r));
  return 0;
}
