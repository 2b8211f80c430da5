// A native shared library.
int dso_scale(int x) { return x * 100; }
