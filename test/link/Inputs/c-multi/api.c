/* Two identical external functions; their addresses are taken here and
   compared in main.c. */
typedef int (*api_fn)(int);

int api_one(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }
int api_two(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }

api_fn api_table[2] = {api_one, api_two};
