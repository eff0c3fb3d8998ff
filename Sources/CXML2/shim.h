// libxml2's HTML parser and XPath, for eAIP aerodrome pages, and its streaming reader for XLSX sheets.
// Include paths come from pkg-config (libxml-2.0).
//
// Debian's libxml2 is built with ICU, so encoding.h would pull in the system's ICU headers, whose UErrorCode
// clashes with the newer one of Swift's own _FoundationICU in any module that also imports Foundation. Nothing here
// uses libxml2's ICU converters (pages are read as UTF-8), so the ICU part of the headers is left out; it only adds
// two pointer fields at the end of xmlCharEncodingHandler, a struct Swift code never allocates or reads.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlreader.h>
// The parser's limits (XML_MAX_TEXT_LENGTH, xmlParserMaxDepth), checked by the eAIP reader's LibXML2Assumptions, and
// the HTML DOM's boolean attributes (htmlIsBooleanAttr), which its tree builder follows.
#include <libxml/parserInternals.h>
#include <libxml/HTMLtree.h>
