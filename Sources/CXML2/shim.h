// libxml2's HTML parser and XPath, for eAIP aerodrome pages, and its streaming reader for XLSX sheets.
// Include paths come from pkg-config (libxml-2.0).
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so encoding.h would include the system's <unicode/ucnv.h>, whose UErrorCode
// clashes with the one Foundation's own ICU module declares. Nothing here uses the ICU converter fields.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlreader.h>
