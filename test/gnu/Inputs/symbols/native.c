/* Native. */
int config_value(void) { return 2; }
int shared_counter = 5;
int hidden_twice(int x) __attribute__((visibility("hidden")));
int native_entry(void) { return hidden_twice(21); }
