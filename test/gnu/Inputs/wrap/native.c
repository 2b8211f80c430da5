/* Native: calls compute, which --wrap=compute sends to __wrap_compute;
   __real_compute is the bitcode's compute. */
int compute(int x);
int __real_compute(int x);

int __wrap_compute(int x) { return __real_compute(x) + 1000; }
int native_call(int x) { return compute(x); }
