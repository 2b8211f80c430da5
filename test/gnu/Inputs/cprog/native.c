/* Compiled without -flto: a native object that calls into the bitcode. */
int stats_sum(const int *v, int n);

int native_scale(int x) {
  int v[] = {x, x * 2};
  return stats_sum(v, 2) * 3;
}
