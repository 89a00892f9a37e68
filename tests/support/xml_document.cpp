#include "xml_document.hpp"

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <libxml/xpath.h>

namespace perfgate::testing {
namespace {

void collect_error(void* context, const char* format, ...) {
  auto* text = static_cast<std::string*>(context);
  char buffer[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  *text += buffer;
}

struct XPathResult {
  xmlXPathContextPtr context = nullptr;
  xmlXPathObjectPtr object = nullptr;
  XPathResult(void* doc, const std::string& xpath) {
    if (!doc) return;
    context = xmlXPathNewContext(static_cast<xmlDocPtr>(doc));
    object = xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(xpath.c_str()), context);
  }
  ~XPathResult() {
    if (object) xmlXPathFreeObject(object);
    if (context) xmlXPathFreeContext(context);
  }
  xmlNodeSetPtr nodes() const { return object && object->nodesetval ? object->nodesetval : nullptr; }
};

}  // namespace

XmlDocument::XmlDocument(const std::string& text) {
  xmlSetGenericErrorFunc(&error_, collect_error);
  doc_ = xmlReadMemory(text.data(), static_cast<int>(text.size()), "junit.xml", "UTF-8", XML_PARSE_NONET);
  xmlSetGenericErrorFunc(nullptr, nullptr);
  if (!doc_ && error_.empty()) error_ = "not well-formed";
}

XmlDocument::~XmlDocument() {
  if (doc_) xmlFreeDoc(static_cast<xmlDocPtr>(doc_));
}

std::string XmlDocument::schema_problems(const std::string& xsd_file) const {
  if (!doc_) return "not well-formed: " + error_;
  std::string problems;
  xmlSchemaParserCtxtPtr parser = xmlSchemaNewParserCtxt(xsd_file.c_str());
  xmlSchemaSetParserErrors(parser, collect_error, collect_error, &problems);
  xmlSchemaPtr schema = xmlSchemaParse(parser);
  xmlSchemaFreeParserCtxt(parser);
  if (!schema) return xsd_file + ": not a usable schema: " + problems;
  xmlSchemaValidCtxtPtr validator = xmlSchemaNewValidCtxt(schema);
  xmlSchemaSetValidErrors(validator, collect_error, collect_error, &problems);
  const int result = xmlSchemaValidateDoc(validator, static_cast<xmlDocPtr>(doc_));
  xmlSchemaFreeValidCtxt(validator);
  xmlSchemaFree(schema);
  if (result != 0 && problems.empty()) problems = "invalid (libxml2 code " + std::to_string(result) + ")";
  return problems;
}

std::size_t XmlDocument::count(const std::string& xpath) const {
  const XPathResult result(doc_, xpath);
  return result.nodes() ? static_cast<std::size_t>(result.nodes()->nodeNr) : 0;
}

std::vector<std::string> XmlDocument::values(const std::string& xpath) const {
  const XPathResult result(doc_, xpath);
  std::vector<std::string> out;
  if (!result.nodes()) return out;
  for (int i = 0; i < result.nodes()->nodeNr; ++i) {
    xmlChar* content = xmlNodeGetContent(result.nodes()->nodeTab[i]);
    out.emplace_back(content ? reinterpret_cast<const char*>(content) : "");
    xmlFree(content);
  }
  return out;
}

std::string xpath_literal(const std::string& text) {
  if (text.find('\'') == std::string::npos) return "'" + text + "'";
  if (text.find('"') == std::string::npos) return "\"" + text + "\"";
  std::string out = "concat(";
  std::size_t start = 0;
  while (true) {
    const std::size_t quote = text.find('\'', start);
    out += "'" + text.substr(start, quote - start) + "'";
    if (quote == std::string::npos) break;
    out += ", \"'\", ";
    start = quote + 1;
  }
  return out + ")";
}

}  // namespace perfgate::testing
