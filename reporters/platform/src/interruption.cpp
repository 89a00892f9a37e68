#include "perfgate/platform/interruption.hpp"

#include <unistd.h>

#include <csignal>
#include <cstring>
#include <iostream>

namespace perfgate {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// What a handler may touch: plain words (sig_atomic_t holds a pid on Linux).
volatile std::sig_atomic_t received_signal = 0;
volatile std::sig_atomic_t forward_pid = 0;
struct sigaction old_actions[std::size(kSignals)];

void on_signal(int signal) {
  received_signal = signal;
  const pid_t child = forward_pid;
  if (child > 0) ::kill(child, signal);  // never 0 or -1: those mean process groups
}

sigset_t interruption_set() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : kSignals) sigaddset(&set, s);
  return set;
}

}  // namespace

ChildSignals::ChildSignals() {
  received_signal = 0;
  forward_pid = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_mask = interruption_set();
  action.sa_flags = 0;  // no SA_RESTART: the wait returns EINTR and looks again
  for (std::size_t i = 0; i < std::size(kSignals); ++i) {
    ::sigaction(kSignals[i], nullptr, &old_actions[i]);
    if (old_actions[i].sa_handler != SIG_IGN) ::sigaction(kSignals[i], &action, nullptr);
  }
}

ChildSignals::~ChildSignals() {
  forward_pid = 0;
  for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &old_actions[i], nullptr);
}

void ChildSignals::forward_to(pid_t child) {
  forward_pid = child;
  // A signal that came before the child existed (the handler saw no pid).
  if (const int signal = received_signal; signal != 0 && child > 0) ::kill(child, signal);
}

int ChildSignals::received() const { return received_signal; }

SignalsDeferred::SignalsDeferred() {
  const sigset_t set = interruption_set();
  ::sigprocmask(SIG_BLOCK, &set, &old_mask_);
}

SignalsDeferred::~SignalsDeferred() { ::sigprocmask(SIG_SETMASK, &old_mask_, nullptr); }

void die_of_signal(int signal) {
  std::cout.flush();
  std::cerr.flush();
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  ::sigaction(signal, &action, nullptr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal);
  ::_exit(128 + signal);
}

std::string describe_signal(int signal) {
  const char* name = ::strsignal(signal);
  return "signal " + std::to_string(signal) + (name ? std::string(" (") + name + ")" : std::string());
}

}  // namespace perfgate
