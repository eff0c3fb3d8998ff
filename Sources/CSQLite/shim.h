// The system SQLite's C API, for the code that binds and reads values with their exact storage class (the updater's
// rows payloads, the logical content hash). GRDB keeps its own module for everything else.
#include <sqlite3.h>
