// WorkPool: every task runs once, on the pool's threads, while the caller
// goes on; submit() waits while the backlog is full; a task's exception
// comes back from wait().

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

#include "perfgate/platform/work_pool.hpp"

namespace perfgate {
namespace {

TEST(WorkPool, EveryTaskRunsOnceOnThePoolsThreads) {
  WorkPool pool(3, 4);
  EXPECT_EQ(pool.threads(), 3u);
  std::vector<std::atomic<int>> runs(1000);
  std::mutex mutex;
  std::set<std::thread::id> threads;
  for (std::size_t i = 0; i < runs.size(); ++i)
    pool.submit([&, i] {
      ++runs[i];
      const std::lock_guard lock(mutex);
      threads.insert(std::this_thread::get_id());
    });
  pool.wait();
  for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], 1) << i;
  EXPECT_EQ(threads.count(std::this_thread::get_id()), 0u);
  EXPECT_LE(threads.size(), 3u);
}

TEST(WorkPool, SubmitWaitsWhileTheBacklogIsFull) {
  WorkPool pool(1, 2);
  std::atomic<bool> release{false};
  std::atomic<int> queued_most{0};
  std::atomic<int> started{0};
  std::atomic<int> submitted{0};
  std::thread producer([&] {
    for (int i = 0; i < 6; ++i) {
      pool.submit([&] {
        ++started;
        while (!release) std::this_thread::yield();
      });
      ++submitted;
    }
  });
  // One task runs (held), two wait in the queue; the fourth submit blocks.
  while (started < 1 || submitted < 3) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  queued_most = submitted.load();
  release = true;
  producer.join();
  pool.wait();
  EXPECT_EQ(queued_most, 3);  // the running task plus a backlog of two
  EXPECT_EQ(started, 6);
}

TEST(WorkPool, ATasksExceptionComesBackFromWaitAndTheOthersStillRun) {
  WorkPool pool(2, 8);
  std::atomic<int> done{0};
  for (int i = 0; i < 20; ++i)
    pool.submit([&, i] {
      if (i == 7) throw std::runtime_error("task 7 failed");
      ++done;
    });
  EXPECT_THROW(
      {
        try {
          pool.wait();
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "task 7 failed");
          throw;
        }
      },
      std::runtime_error);
  EXPECT_EQ(done, 19);
  pool.wait();  // collected once
}

}  // namespace
}  // namespace perfgate
