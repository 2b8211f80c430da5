/* nettle-bench: a workload of our own for Nettle (bench/lib/projects/
   nettle.py). Every hash, cipher (ECB, CBC and CTR), AEAD, MAC and
   armor that the library lists in its meta tables, run over the same
   pseudo-random bytes (Nettle's own knuth-lfib generator, fixed seed),
   each result checked where it can be (decryption, decoding) and its
   digest printed: the output is the same on every run and every
   target, and so is the work done.

   nettle-bench [ROUNDS]: ROUNDS passes over a 64 KiB buffer (default
   8). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbc.h"
#include "ctr.h"
#include "knuth-lfib.h"
#include "nettle-meta.h"
#include "pbkdf2.h"
#include "sha2.h"

#define SIZE (1 << 16)

static uint8_t *data, *out, *back;
static int failures;

static void
print_digest(const char *kind, const char *name, const uint8_t *d,
             size_t n) {
  size_t i;
  printf("%-7s %-24s ", kind, name);
  for (i = 0; i < n; i++)
    printf("%02x", d[i]);
  printf("\n");
}

/* The SHA-256 of a buffer, printed. */
static void
print_sum(const char *kind, const char *name, const uint8_t *p,
          size_t n) {
  struct sha256_ctx ctx;
  uint8_t d[SHA256_DIGEST_SIZE];
  sha256_init(&ctx);
  sha256_update(&ctx, n, p);
  sha256_digest(&ctx, sizeof(d), d);
  print_digest(kind, name, d, sizeof(d));
}

static void
check(int ok, const char *kind, const char *name) {
  if (!ok) {
    printf("FAILED: %s %s\n", kind, name);
    failures++;
  }
}

static void
hashes(int rounds) {
  const struct nettle_hash *const *h;
  for (h = nettle_get_hashes(); *h; h++) {
    void *ctx = malloc((*h)->context_size);
    uint8_t d[64];
    int r;
    (*h)->init(ctx);
    for (r = 0; r < rounds; r++)
      (*h)->update(ctx, SIZE - r, data + r);
    (*h)->digest(ctx, (*h)->digest_size, d);
    print_digest("hash", (*h)->name, d, (*h)->digest_size);
    free(ctx);
  }
}

static void
ciphers(int rounds) {
  const struct nettle_cipher *const *c;
  for (c = nettle_get_ciphers(); *c; c++) {
    void *ectx = malloc((*c)->context_size);
    void *dctx = malloc((*c)->context_size);
    size_t bs = (*c)->block_size;
    size_t len = SIZE - SIZE % bs;
    uint8_t iv[32], iv2[32];
    int r;
    (*c)->set_encrypt_key(ectx, data + 100);
    (*c)->set_decrypt_key(dctx, data + 100);
    for (r = 0; r < rounds; r++) {
      const char *mode = r % 3 == 0 ? "ecb" : r % 3 == 1 ? "cbc" : "ctr";
      memcpy(iv, data + 200 + r, bs);
      memcpy(iv2, iv, bs);
      if (r % 3 == 0) {
        (*c)->encrypt(ectx, len, out, data);
        (*c)->decrypt(dctx, len, back, out);
      } else if (r % 3 == 1) {
        cbc_encrypt(ectx, (*c)->encrypt, bs, iv, len, out, data);
        cbc_decrypt(dctx, (*c)->decrypt, bs, iv2, len, back, out);
      } else {
        ctr_crypt(ectx, (*c)->encrypt, bs, iv, len, out, data);
        ctr_crypt(ectx, (*c)->encrypt, bs, iv2, len, back, out);
      }
      check(memcmp(back, data, len) == 0, mode, (*c)->name);
    }
    print_sum("cipher", (*c)->name, out, len);
    free(ectx);
    free(dctx);
  }
}

static void
aeads(int rounds) {
  const struct nettle_aead *const *a;
  for (a = nettle_get_aeads(); *a; a++) {
    void *ctx = malloc((*a)->context_size);
    uint8_t tag[64], tag2[64];
    int r;
    for (r = 0; r < rounds; r++) {
      (*a)->set_encrypt_key(ctx, data + 300);
      if ((*a)->set_nonce)
        (*a)->set_nonce(ctx, data + 400 + r);
      (*a)->update(ctx, 64 + r, data + 500);
      (*a)->encrypt(ctx, SIZE, out, data);
      (*a)->digest(ctx, (*a)->digest_size, tag);
      (*a)->set_decrypt_key(ctx, data + 300);
      if ((*a)->set_nonce)
        (*a)->set_nonce(ctx, data + 400 + r);
      (*a)->update(ctx, 64 + r, data + 500);
      (*a)->decrypt(ctx, SIZE, back, out);
      (*a)->digest(ctx, (*a)->digest_size, tag2);
      check(memcmp(back, data, SIZE) == 0 &&
            memcmp(tag, tag2, (*a)->digest_size) == 0, "aead",
            (*a)->name);
    }
    print_digest("aead", (*a)->name, tag, (*a)->digest_size);
    free(ctx);
  }
}

static void
macs(int rounds) {
  const struct nettle_mac *const *m;
  for (m = nettle_get_macs(); *m; m++) {
    void *ctx = malloc((*m)->context_size);
    uint8_t d[64];
    int r;
    (*m)->set_key(ctx, data + 600);
    for (r = 0; r < rounds; r++)
      (*m)->update(ctx, SIZE - 7 * r, data + r);
    (*m)->digest(ctx, (*m)->digest_size, d);
    print_digest("mac", (*m)->name, d, (*m)->digest_size);
    free(ctx);
  }
}

static void
armors(int rounds) {
  const struct nettle_armor *const *a;
  for (a = nettle_get_armors(); *a; a++) {
    void *ectx = malloc((*a)->encode_context_size);
    void *dctx = malloc((*a)->decode_context_size);
    size_t in = SIZE / 4;
    char *text = malloc((*a)->encode_length(in) +
                        (*a)->encode_final_length);
    int r;
    for (r = 0; r < rounds; r++) {
      size_t n, m = SIZE;
      (*a)->encode_init(ectx);
      n = (*a)->encode_update(ectx, text, in - r, data + r);
      n += (*a)->encode_final(ectx, text + n);
      (*a)->decode_init(dctx);
      check((*a)->decode_update(dctx, &m, back, n, text) &&
            (*a)->decode_final(dctx) && m == in - r &&
            memcmp(back, data + r, m) == 0, "armor", (*a)->name);
      if (r == rounds - 1)
        print_sum("armor", (*a)->name, (const uint8_t *) text, n);
    }
    free(text);
    free(ectx);
    free(dctx);
  }
}

int
main(int argc, char **argv) {
  struct knuth_lfib_ctx rng;
  uint8_t key[32];
  int rounds = argc > 1 ? atoi(argv[1]) : 8;
  if (rounds < 1 || rounds > 1000) {
    fprintf(stderr, "usage: nettle-bench [ROUNDS]\n");
    return 2;
  }
  data = malloc(SIZE);
  out = malloc(SIZE);
  back = malloc(SIZE);
  knuth_lfib_init(&rng, 20240301);
  knuth_lfib_random(&rng, SIZE, data);
  hashes(rounds);
  ciphers(rounds);
  aeads(rounds);
  macs(rounds);
  armors(rounds);
  pbkdf2_hmac_sha256(16, data, 1000 * rounds, 16, data + 16, sizeof(key),
                     key);
  print_digest("pbkdf2", "hmac-sha256", key, sizeof(key));
  printf("%s\n", failures ? "FAILED" : "OK");
  return failures != 0;
}
