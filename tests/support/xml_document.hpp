#pragma once
// Strict XML parsing (libxml2) for checking the JUnit writer's output.

#include <memory>
#include <string>
#include <vector>

namespace perfgate::testing {

class XmlDocument {
 public:
  // Parses without recovery: `well_formed()` is false for any XML 1.0
  // well-formedness error, and `error()` says which.
  explicit XmlDocument(const std::string& text);
  ~XmlDocument();
  XmlDocument(const XmlDocument&) = delete;
  XmlDocument& operator=(const XmlDocument&) = delete;

  bool well_formed() const { return doc_ != nullptr; }
  const std::string& error() const { return error_; }

  // Validates against the XML Schema in `xsd_file` (libxml2,
  // xmlSchemaValidateDoc): empty when valid, else libxml2's messages.
  std::string schema_problems(const std::string& xsd_file) const;

  // XPath 1.0: the number of nodes, or the string values of the nodes.
  std::size_t count(const std::string& xpath) const;
  std::vector<std::string> values(const std::string& xpath) const;

 private:
  void* doc_ = nullptr;  // xmlDocPtr
  std::string error_;
};

// A literal for XPath expressions, whatever quotes `text` contains.
std::string xpath_literal(const std::string& text);

}  // namespace perfgate::testing
