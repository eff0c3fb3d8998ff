// Named CZlibSystem because ZIPFoundation has a module called CZlib.
// zlib decompresses the .csv.gz files OurAirports snapshots are distributed as.
#include <zlib.h>
