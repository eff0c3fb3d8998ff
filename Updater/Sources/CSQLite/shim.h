// The system SQLite's C API, for the code that binds and reads values with their exact storage class (the updater's
// rows payloads, the logical content hash). GRDB keeps its own module for everything else.
#include <sqlite3.h>

// `sqlite3_config` is variadic, which Swift cannot call: the one setting the aipbundle executable makes, in C.
// Memory statistics off (they are on by default): with them, each of SQLite's allocations takes a global mutex,
// and the system's SQLite is built without lookaside memory, so a row inserted is several allocations. Not
// thread-safe: call it before any other thread uses SQLite. After SQLite is initialized it returns SQLITE_MISUSE and
// changes nothing.
static inline int aipbundle_sqlite3_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
