// liblzma (xz): delta payloads and full bundles in the update channel are xz streams.
#include <lzma.h>
