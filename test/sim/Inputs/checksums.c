/* Checksums and record packing written the way code gets copied: the same
   loops and field-by-field copies pasted with small changes. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

uint32_t adler32(const unsigned char *p, size_t n) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; ++i) {
    a = (a + p[i]) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

uint32_t adler32_words(const uint16_t *p, size_t n) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; ++i) {
    a = (a + p[i]) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

uint32_t fnv1a(const unsigned char *p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 16777619u;
  }
  return h;
}

uint64_t fnv1a64(const unsigned char *p, size_t n) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

uint32_t crc32_bitwise(const unsigned char *p, size_t n) {
  uint32_t crc = ~0u;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

uint32_t crc32c_bitwise(const unsigned char *p, size_t n) {
  uint32_t crc = ~0u;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
  }
  return ~crc;
}

struct header { uint32_t magic, version, length, flags; uint64_t stamp; };
struct trailer { uint32_t magic, length, checksum, flags; uint64_t stamp; };

void pack_header(unsigned char *out, const struct header *h) {
  out[0] = h->magic >> 24; out[1] = h->magic >> 16;
  out[2] = h->magic >> 8; out[3] = h->magic;
  out[4] = h->version >> 24; out[5] = h->version >> 16;
  out[6] = h->version >> 8; out[7] = h->version;
  out[8] = h->length >> 24; out[9] = h->length >> 16;
  out[10] = h->length >> 8; out[11] = h->length;
  memcpy(out + 12, &h->stamp, sizeof h->stamp);
}

void pack_trailer(unsigned char *out, const struct trailer *t) {
  out[0] = t->magic >> 24; out[1] = t->magic >> 16;
  out[2] = t->magic >> 8; out[3] = t->magic;
  out[4] = t->length >> 24; out[5] = t->length >> 16;
  out[6] = t->length >> 8; out[7] = t->length;
  out[8] = t->checksum >> 24; out[9] = t->checksum >> 16;
  out[10] = t->checksum >> 8; out[11] = t->checksum;
  memcpy(out + 12, &t->stamp, sizeof t->stamp);
}

uint32_t unpack_u32(const unsigned char *in) {
  return ((uint32_t)in[0] << 24) | ((uint32_t)in[1] << 16) |
         ((uint32_t)in[2] << 8) | in[3];
}

void unpack_header(struct header *h, const unsigned char *in) {
  h->magic = ((uint32_t)in[0] << 24) | ((uint32_t)in[1] << 16) |
             ((uint32_t)in[2] << 8) | in[3];
  h->version = ((uint32_t)in[4] << 24) | ((uint32_t)in[5] << 16) |
               ((uint32_t)in[6] << 8) | in[7];
  h->length = ((uint32_t)in[8] << 24) | ((uint32_t)in[9] << 16) |
              ((uint32_t)in[10] << 8) | in[11];
  memcpy(&h->stamp, in + 12, sizeof h->stamp);
}
