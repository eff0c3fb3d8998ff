// zlib decompresses the .csv.gz files OurAirports snapshots are distributed as.
#include <zlib.h>
