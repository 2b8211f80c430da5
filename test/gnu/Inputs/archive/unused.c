/* An archive member nothing needs: it must stay out of the link. */
#include <stdio.h>

void unused_fn(void) { puts("unused"); }
