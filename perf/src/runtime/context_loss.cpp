#include "perfgate/runtime/context_loss.hpp"

#include <iostream>
#include <mutex>

namespace perfgate {
namespace {
std::mutex lost_mutex;
std::optional<std::string> lost_message;
}  // namespace

void note_context_lost(const std::string& message) {
  const std::lock_guard lock(lost_mutex);
  if (lost_message) return;
  lost_message = message;
  // Said once here; each later GPU case ends with the same words.
  std::cerr << "perfgate: the CUDA context is lost (" << message
            << "); the remaining GPU cases end without measuring, and what was measured is kept\n";
}

std::optional<std::string> context_lost() {
  const std::lock_guard lock(lost_mutex);
  return lost_message;
}

}  // namespace perfgate
