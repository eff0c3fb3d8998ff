// libcsv (Debian libcsv-dev) ships no pkg-config file; its header sits directly in /usr/include.
#include <csv.h>
