// glibc's allocator settings (`mallopt`), which Swift's Glibc module leaves out; the `aipbundle` executable sets one.
// Other systems have no <malloc.h> and get nothing.
#if __has_include(<malloc.h>) && defined(__linux__)
#include <malloc.h>
#endif
