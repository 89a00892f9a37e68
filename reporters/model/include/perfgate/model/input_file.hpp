#pragma once
// One input file, or standard input: where a command reads one file
// (`perfgate compare - CURRENT`, `perfgate report -`, `suggest -`,
// `baseline show -`, `history ingest -`), "-" names standard input, so a
// file can come from a pipe (`gunzip -c x.json.gz | perfgate report - ...`).

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate {

// True for "-".
bool is_standard_input(const std::filesystem::path& file);

// How messages and reports name the input: "<stdin>" for "-", else the path.
std::string input_name(const std::filesystem::path& file);

// The whole input: a regular file of at most 1 GiB (the loaders' checks:
// missing, a folder, a FIFO or device, too large: InputError "FILE: problem"),
// or for "-" standard input, whatever it is (a pipe, a file), up to the same
// size ("<stdin>: problem").
std::string read_input(const std::filesystem::path& file);

// Standard input can be read once: InputError when "-" is among `inputs`
// more than once ("standard input ('-') can be read once; WHAT names it N times").
void require_standard_input_once(const std::vector<std::filesystem::path>& inputs, const std::string& what);

}  // namespace perfgate
