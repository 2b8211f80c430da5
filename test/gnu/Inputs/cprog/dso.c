/* A native shared library; dso_call_back() calls into the executable. */
int app_callback(int x);

int dso_offset(int x) { return x + 1000; }
int dso_call_back(int x) { return app_callback(x) + 1; }
