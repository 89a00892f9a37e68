#include "cli_man_page.hpp"

#include <sstream>
#include <vector>

#include "cli_app_tree.hpp"
#include "cli_help.hpp"

namespace perfgate::cli {
namespace {

// "BASE CURRENT [FILES...]": the positional arguments as the synopsis shows them.
std::string positionals(const CLI::App& command) {
  std::string text;
  for (const CLI::Option* option : command.get_options()) {
    if (option->nonpositional() || option->get_group().empty()) continue;
    std::string name = option->get_name(true);
    if (option->get_items_expected_max() > 1) name += "...";
    if (!option->get_required()) name = "[" + name + "]";
    text += " " + name;
  }
  return text;
}

// "-L, --label VALUE": an option's names and, when it takes one, its value.
std::string option_heading(const CLI::Option& option) {
  std::string names;
  for (const std::string& s : option.get_snames()) names += (names.empty() ? "-" : ", -") + s;
  for (const std::string& l : option.get_lnames()) names += (names.empty() ? "--" : ", --") + l;
  std::string heading = "\\fB" + roff_text(names) + "\\fR";
  if (takes_value(option)) heading += " \\fI" + roff_text(option.get_type_name()) + "\\fR";
  return heading;
}

std::string option_help(const CLI::Option& option) {
  std::string help = option.get_description();
  // The gate's flags say their default in their help already.
  if (!option.get_default_str().empty() && help.find("(default") == std::string::npos) help += " (default: " + option.get_default_str() + ")";
  if (!option.get_envname().empty()) help += " (environment: " + option.get_envname() + ")";
  return help;
}

void command_section(std::ostream& out, const CLI::App& command) {
  const std::vector<const CLI::App*> subs = visible_subcommands(command);
  if (command.get_parent()) {
    out << ".SS \"" << roff_text(command_path(command)) << (subs.empty() ? roff_text(positionals(command)) : " \\fISUBCOMMAND\\fR")
        << "\"\n" << roff_text(command.get_description()) << "\n";
    for (const CLI::Option* option : command.get_options()) {
      if (!option->nonpositional() || option->get_group().empty()) continue;
      out << ".TP\n" << option_heading(*option) << "\n" << roff_text(option_help(*option)) << "\n";
    }
  }
  for (const CLI::App* sub : subs) command_section(out, *sub);
}

// The footer's "Exit codes:" lines ("  0   pass: ...") as a tagged list.
void exit_status(std::ostream& out) {
  std::istringstream lines(gate_exit_codes_help());
  std::string line;
  std::getline(lines, line);  // "Exit codes:"
  out << ".SH \"EXIT STATUS\"\nThe gate (\\fBcompare\\fR, \\fBab\\fR, \\fBrun\\fR):\n";
  while (std::getline(lines, line)) {
    const auto start = line.find_first_not_of(' ');
    const auto gap = line.find(' ', start);
    out << ".TP\n.B " << line.substr(start, gap - start) << "\n" << roff_text(line.substr(line.find_first_not_of(' ', gap))) << "\n";
  }
  out << ".PP\nThe other subcommands exit 0, or 2 for a harness or input error (\\fBbaseline update\\fR: 77 when no "
         "suite could run here).\n";
}

}  // namespace

std::string roff_text(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
    line_start = c == '\n';
  }
  return out;
}

std::string man_page(const CLI::App& app) {
  std::ostringstream out;
  out << ".\\\" perfgate(1), made by `perfgate man` from the program's own subcommands and flags.\n"
      << ".TH PERFGATE 1 \"\" \"" << roff_text(version_line()) << "\" \"User Commands\"\n"
      << ".SH NAME\nperfgate \\- " << roff_text(app.get_description().substr(app.get_description().find(": ") + 2)) << "\n"
      << ".SH SYNOPSIS\n.B perfgate\n\\fISUBCOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n.br\n"
      << ".B perfgate \\-\\-version\n.br\n.B perfgate \\-\\-help\n"
      << ".SH DESCRIPTION\nperfgate compares benchmark results with a baseline by a statistical gate and reports "
         "the verdicts (console, JSON, JUnit XML, Markdown, HTML) with an exit code CI can trust.  "
         "Where a subcommand reads one file, \\fB\\-\\fR reads it from standard input.  "
         "Every error is one line on standard error: \\fBperfgate: error:\\fR \\fImessage\\fR.\n"
      << ".SH SUBCOMMANDS\n";
  command_section(out, app);
  exit_status(out);
  out << ".SH FILES\n.TP\n.I share/bash\\-completion/completions/perfgate\n"
         "bash completion (made by \\fBperfgate completion bash\\fR)\n"
         ".SH \"SEE ALSO\"\nThe project's README.md and docs/design.md.\n";
  return out.str();
}

}  // namespace perfgate::cli
