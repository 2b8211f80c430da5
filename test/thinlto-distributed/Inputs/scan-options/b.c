/* walk_b: equal to walk_a, walk_b and walk_c but for the callee in its loop. */
int fb(int x);
long walk_b(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    int x = fb(v[i]);
    s += (long)x * 3 + (s >> 2);
    if (s > 100000) s = s % 9973 + x;
  }
  return s ^ (s >> 7);
}
