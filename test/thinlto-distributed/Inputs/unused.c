/* A library member the program never calls: with --start-lib, ld.lld's
   thin link leaves it out and writes an index that says to skip it. */
int unused_fn(int x) { return x * 3 + 1; }
