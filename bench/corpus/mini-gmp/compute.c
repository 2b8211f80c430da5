/* A big-number workload for mini-gmp: digits of pi (Chudnovsky, binary
   splitting) and of e, factorials, Fibonacci numbers by doubling,
   binomials, modular exponentiation, gcds, roots and a search for
   probable primes, with rationals (mini-mpq) for a harmonic sum. Every
   result is printed, in part, with a hash of its decimal digits, so the
   output is the same on every run and every correct build.

   Usage: compute [SCALE]   (default 5; the sizes grow with SCALE) */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mini-gmp.h"
#include "mini-mpq.h"

/* mini-gmp has no mpz_inits or mpz_clears. */
static void
mpz_inits (mpz_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x; x = va_arg (ap, mpz_ptr))
    mpz_init (x);
  va_end (ap);
}

static void
mpz_clears (mpz_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x; x = va_arg (ap, mpz_ptr))
    mpz_clear (x);
  va_end (ap);
}

static unsigned long long
fnv (const char *s)
{
  unsigned long long h = 1469598103934665603ull;
  for (; *s; s++)
    {
      h ^= (unsigned char) *s;
      h *= 1099511628211ull;
    }
  return h;
}

/* Prints NAME, the number's digit count, its first and last digits and
   the hash of all of them, in BASE. */
static void
show (const char *name, const mpz_t x, int base)
{
  char *s = mpz_get_str (NULL, base, x);
  size_t n = strlen (s);
  printf ("%s: %lu digits, %.24s...%s, hash %016llx\n", name,
          (unsigned long) n, s, n > 24 ? s + n - 24 : "", fnv (s));
  free (s);
}

/* Chudnovsky: P, Q, T of the terms [a, b). */
static void
bs (mpz_t P, mpz_t Q, mpz_t T, unsigned long a, unsigned long b)
{
  if (b - a == 1)
    {
      if (a == 0)
        {
          mpz_set_ui (P, 1);
          mpz_set_ui (Q, 1);
        }
      else
        {
          mpz_set_ui (P, 6 * a - 5);
          mpz_mul_ui (P, P, 2 * a - 1);
          mpz_mul_ui (P, P, 6 * a - 1);
          mpz_set_ui (Q, a);
          mpz_mul_ui (Q, Q, a);
          mpz_mul_ui (Q, Q, a);
          mpz_mul_ui (Q, Q, 10939058860032000ul / 1000);
          mpz_mul_ui (Q, Q, 1000);
        }
      mpz_set_ui (T, 545140134);
      mpz_mul_ui (T, T, a);
      mpz_add_ui (T, T, 13591409);
      mpz_mul (T, T, P);
      if (a & 1)
        mpz_neg (T, T);
    }
  else
    {
      unsigned long m = (a + b) / 2;
      mpz_t P2, Q2, T2;
      mpz_inits (P2, Q2, T2, NULL);
      bs (P, Q, T, a, m);
      bs (P2, Q2, T2, m, b);
      mpz_mul (T, T, Q2);
      mpz_mul (T2, T2, P);
      mpz_add (T, T, T2);
      mpz_mul (P, P, P2);
      mpz_mul (Q, Q, Q2);
      mpz_clears (P2, Q2, T2, NULL);
    }
}

static void
pi_digits (unsigned long digits)
{
  mpz_t P, Q, T, s, one;
  unsigned long terms = digits / 14 + 2;
  mpz_inits (P, Q, T, s, one, NULL);
  bs (P, Q, T, 0, terms);
  /* pi = 426880 sqrt(10005) Q / T, scaled by 10^digits. */
  mpz_ui_pow_ui (one, 10, 2 * digits);
  mpz_mul_ui (s, one, 10005);
  mpz_sqrt (s, s);
  mpz_mul (s, s, Q);
  mpz_mul_ui (s, s, 426880);
  mpz_tdiv_q (s, s, T);
  show ("pi", s, 10);
  mpz_clears (P, Q, T, s, one, NULL);
}

static void
e_digits (unsigned long digits)
{
  /* e = sum 1/k!, as a fixed-point number with guard digits. */
  mpz_t sum, term;
  unsigned long k;
  mpz_inits (sum, term, NULL);
  mpz_ui_pow_ui (term, 10, digits + 10);
  mpz_set (sum, term);
  for (k = 1; mpz_sgn (term) != 0; k++)
    {
      mpz_tdiv_q_ui (term, term, k);
      mpz_add (sum, sum, term);
    }
  mpz_tdiv_q_ui (sum, sum, 10000000000ul);
  show ("e", sum, 10);
  mpz_clears (sum, term, NULL);
}

static void
fib (mpz_t f, unsigned long n)
{
  /* F(2k) = F(k) (2 F(k+1) - F(k)), F(2k+1) = F(k+1)^2 + F(k)^2. */
  mpz_t a, b, t, u;
  int bit;
  mpz_inits (a, b, t, u, NULL);
  mpz_set_ui (a, 0);
  mpz_set_ui (b, 1);
  for (bit = 63; bit >= 0; bit--)
    {
      mpz_mul_2exp (t, b, 1);
      mpz_sub (t, t, a);
      mpz_mul (t, t, a);
      mpz_mul (u, a, a);
      mpz_mul (b, b, b);
      mpz_add (b, b, u);
      mpz_swap (a, t);
      if ((n >> bit) & 1)
        {
          mpz_add (t, a, b);
          mpz_swap (a, b);
          mpz_swap (b, t);
        }
    }
  mpz_set (f, a);
  mpz_clears (a, b, t, u, NULL);
}

static void
number_theory (unsigned long scale)
{
  mpz_t a, b, m, r, g;
  unsigned long i, found = 0;
  char name[64];
  mpz_inits (a, b, m, r, g, NULL);

  mpz_fac_ui (a, 1000 * scale);
  show ("factorial", a, 10);
  mpz_2fac_ui (b, 701 * scale);
  show ("double factorial", b, 16);
  mpz_bin_uiui (r, 4000 * scale, 1300 * scale);
  show ("binomial", r, 36);
  mpz_gcd (g, a, r);
  show ("gcd", g, 10);
  mpz_lcm (g, b, r);
  show ("lcm", g, 10);

  fib (m, 20000 * scale);
  show ("fibonacci", m, 10);
  mpz_rootrem (r, g, m, 7);
  show ("7th root", r, 10);
  show ("7th root remainder", g, 10);

  /* Fermat tests of 2^k + c for a few k: probable primes. */
  for (i = 0; found < 3 * scale && i < 4000; i++)
    {
      mpz_set_ui (a, 0);
      mpz_setbit (a, 256 + 64 * (found % 4));
      mpz_add_ui (a, a, 2 * i + 1);
      if (mpz_probab_prime_p (a, 10))
        {
          sprintf (name, "prime %lu", found);
          mpz_sub_ui (b, a, 1);
          mpz_set_ui (m, 3);
          mpz_powm (m, m, b, a);
          show (name, a, 10);
          printf ("  3^(p-1) mod p = %s\n", mpz_cmp_ui (m, 1) ? "?" : "1");
          found++;
          i = 0;
        }
    }

  /* RSA-like round trip with mpz_invert and mpz_powm. */
  mpz_set_ui (a, 1);
  mpz_mul_2exp (a, a, 521);
  mpz_sub_ui (a, a, 1);                 /* M521, a prime */
  mpz_set_ui (b, 65537);
  mpz_sub_ui (m, a, 1);
  mpz_invert (g, b, m);
  show ("inverse", g, 10);
  for (i = 0; i < 20 * scale; i++)
    {
      mpz_set_ui (r, 123456789 + i);
      mpz_powm (r, r, b, a);
      mpz_powm (r, r, g, a);
      if (mpz_cmp_ui (r, 123456789 + i) != 0)
        printf ("round trip %lu failed\n", i);
    }
  mpz_clears (a, b, m, r, g, NULL);
}

static void
harmonic (unsigned long n)
{
  mpq_t h, t;
  unsigned long k;
  mpq_init (h);
  mpq_init (t);
  for (k = 1; k <= n; k++)
    {
      mpq_set_ui (t, 1, k);
      mpq_add (h, h, t);
    }
  show ("harmonic numerator", mpq_numref (h), 10);
  show ("harmonic denominator", mpq_denref (h), 10);
  mpq_clear (h);
  mpq_clear (t);
}

int
main (int argc, char **argv)
{
  unsigned long scale = argc > 1 ? strtoul (argv[1], NULL, 10) : 5;
  pi_digits (2500 * scale);
  e_digits (1500 * scale);
  number_theory (scale);
  harmonic (300 * scale);
  return 0;
}
