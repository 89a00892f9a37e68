#include "case_progress.hpp"

#include <pthread.h>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <numeric>
#include <sstream>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

// Often enough that a line follows its case at once, rarely enough to cost
// nothing beside a measurement.
constexpr auto kPollInterval = std::chrono::milliseconds(200);

// The time spent in the case's timed iterations: every sample is one
// repetition's time per iteration.
double timed_seconds(const BenchmarkResult& r) {
  const double per_iteration = std::accumulate(r.samples.begin(), r.samples.end(), 0.0);
  return per_iteration * static_cast<double>(std::max<std::int64_t>(r.iterations, 1));
}

}  // namespace

std::string progress_line(std::size_t k, std::size_t planned, const BenchmarkResult& result) {
  std::ostringstream line;
  line << '[' << k << '/';
  if (planned > 0) line << planned;
  else line << '?';
  line << "] " << printable_text(result.name) << "  ";
  if (result.error) line << "ERROR: " << printable_text(*result.error);
  else if (result.skipped) line << "SKIPPED: " << printable_text(*result.skipped);
  else if (result.samples.empty()) line << "no samples";
  else line << format_seconds(stats::median(result.samples)) << "  (" << format_seconds(timed_seconds(result)) << ')';
  return line.str();
}

void CaseProgress::update(const std::vector<BenchmarkResult>& finished) {
  for (const BenchmarkResult& r : finished)
    if (printed_.insert(r.name).second) out_ << progress_line(printed_.size(), planned_, r) << std::endl;
}

JournalWatch::JournalWatch(std::filesystem::path journal, CaseProgress& progress)
    : journal_(std::move(journal)), progress_(progress), thread_([this] { watch(); }) {}

JournalWatch::~JournalWatch() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
  read_if_changed(true);
}

void JournalWatch::watch() {
  // Ctrl-C and a CI job's SIGTERM are the main thread's to handle (they are
  // passed on to the worker): none is delivered here.
  sigset_t all;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, kPollInterval, [this] { return stop_; })) {
    lock.unlock();
    read_if_changed();
    lock.lock();
  }
}

// Progress is a courtesy: a journal that cannot be read now is read at the
// next change, and the measuring never stops for it.  The worker writes a
// new file and renames it over the journal, so a new inode is a new
// journal, however close together two cases finished.
void JournalWatch::read_if_changed(bool always) {
  struct stat now {};
  if (::stat(journal_.c_str(), &now) != 0) return;
  if (!always && now.st_ino == seen_inode_ && now.st_size == seen_size_) return;
  try {
    progress_.update(load_results(journal_).benchmarks);
    seen_inode_ = now.st_ino;
    seen_size_ = now.st_size;
  } catch (const std::exception&) {
  }
}

}  // namespace perfgate
