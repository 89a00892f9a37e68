#include "perfgate/platform/work_pool.hpp"

#include <algorithm>
#include <utility>

namespace perfgate {

WorkPool::WorkPool(std::size_t threads, std::size_t backlog) : backlog_(std::max<std::size_t>(backlog, 1)) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  workers_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

WorkPool::~WorkPool() {
  {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return queue_.empty() && running_ == 0; });
    stopping_ = true;
  }
  task_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void WorkPool::submit(std::function<void()> task) {
  {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return queue_.size() < backlog_; });
    queue_.push_back(std::move(task));
  }
  task_ready_.notify_one();
}

void WorkPool::wait() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return queue_.empty() && running_ == 0; });
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void WorkPool::work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      task_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      task = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    room_.notify_one();
    std::exception_ptr thrown;
    try {
      task();
    } catch (...) {
      thrown = std::current_exception();
    }
    {
      std::lock_guard lock(mutex_);
      --running_;
      if (thrown && !failure_) failure_ = thrown;
    }
    idle_.notify_all();
  }
}

}  // namespace perfgate
