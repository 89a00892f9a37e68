#pragma once
// Threads that run independent tasks while the caller goes on producing
// more: the triage reads one batch of series from the database (one
// connection, one thread) while the detector runs on the batches before it,
// on every core.  submit() waits while `backlog` tasks are queued, so what
// is read ahead stays bounded; wait() returns once every task has run and
// rethrows the first exception a task threw.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace perfgate {

class WorkPool {
 public:
  // `threads` 0: one a core (std::thread::hardware_concurrency(), at least 1).
  explicit WorkPool(std::size_t threads = 0, std::size_t backlog = 64);
  ~WorkPool();  // waits for the queued tasks; an exception not collected by wait() is dropped
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  void submit(std::function<void()> task);
  void wait();

  std::size_t threads() const { return workers_.size(); }

 private:
  void work();

  std::mutex mutex_;
  std::condition_variable task_ready_, room_, idle_;
  std::deque<std::function<void()>> queue_;
  std::size_t backlog_;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::vector<std::thread> workers_;
};

}  // namespace perfgate
