using Fn = int (*)(int);

int api_one(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }
int api_two(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }
int api_three(int x) { return (x * 13) ^ (x >> 2) ^ 0x1234; }

Fn api_table[3] = {api_one, api_two, api_three};
