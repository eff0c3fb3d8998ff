// sqlite3.h declares the session extension (changesets for delta packages) only when
// the includer asks for it. Debian's libsqlite3 is built with it; these two defines make
// the declarations visible to Swift. GRDB keeps its own module for everything else.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
