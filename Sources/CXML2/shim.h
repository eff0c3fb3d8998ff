// libxml2's HTML parser and XPath, for eAIP aerodrome pages. Include paths come from pkg-config (libxml-2.0).
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
