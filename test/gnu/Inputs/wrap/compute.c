/* Bitcode: a function --wrap=compute wraps. */
int compute(int x) { return x * 3 + 1; }
