#pragma once
// One input file, or standard input: where a command reads one file
// (`perfgate compare - CURRENT`, `perfgate report -`, `suggest -`,
// `baseline show -`, `history ingest -`), "-" names standard input, so a
// file can come from a pipe (`gunzip -c x.json.gz | perfgate report - ...`).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
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

// Standard input read so that it can be read again from its start (a
// streamed reader's second pass, a whole read after a stream gave up),
// costing disk, not memory, however big the input (issue 28).  A regular
// file given as standard input is read in place.  Anything else (a pipe) is
// read as it comes, each block also written to an unnamed temporary file
// (O_TMPFILE: no name to leave behind, even when perfgate is killed); to
// read it again, the rest is copied there too and the copy is read.  With
// no such file possible (a temporary folder without O_TMPFILE) copy_fd() is
// -1 and rewind() fails: the caller reads standard input whole instead.
class RereadableStandardInput {
 public:
  RereadableStandardInput();
  RereadableStandardInput(const RereadableStandardInput&) = delete;
  RereadableStandardInput& operator=(const RereadableStandardInput&) = delete;
  ~RereadableStandardInput();

  // False when a pipe came with no temporary file to copy it to.
  bool rereadable() const { return copy_fd_ >= 0 || in_place_; }
  // The first read: from standard input, each block read also written to copy_fd() (-1: no copy needed).
  int copy_fd() const { return copy_fd_; }
  // After a first read of any length: a descriptor at the input's first
  // byte, holding all of it (InputError "<stdin>: problem" past the 1 GiB cap).
  int rewind();

 private:
  int copy_fd_ = -1;
  bool in_place_ = false;
  std::uint64_t start_ = 0;  // where the input starts in a regular file
};

// The bytes of `fd` from its current place to its end (at most the 1 GiB
// cap), named `name` in complaints.
std::string read_rest(int fd, const std::string& name);

// A regular file (read_input's checks) handed to `use` in blocks of up to
// 1 MiB, in order, until its end or until `use` answers false.
void read_input_blocks(const std::filesystem::path& file, const std::function<bool(std::string_view)>& use);

// Standard input can be read once: InputError when "-" is among `inputs`
// more than once ("standard input ('-') can be read once; WHAT names it N times").
void require_standard_input_once(const std::vector<std::filesystem::path>& inputs, const std::string& what);

}  // namespace perfgate
