// Issue 40 item 3: one concept of three kinds, named alike in every headline.
#include "perfgate/gate/reference.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(Reference, EachKindIsNamedForItsHeadline) {
  const Reference build = build_reference("3f2a91c0d4e5f60718293a4b5c6d7e8f90a1b2c3", "build/perfgate-reference/1/build", "build");
  EXPECT_EQ(build.kind, ReferenceKind::build);
  EXPECT_EQ(build.name, "3f2a91c, built on this runner");
  EXPECT_TRUE(measured_alongside(build));
  const Reference elsewhere = build_reference("3f2a91c0d4", "artifacts/main-build", "build", true);
  EXPECT_EQ(elsewhere.name, "3f2a91c, built in artifacts/main-build, measured on this runner");
  const Reference stored = stored_reference("baselines/cpu-amd-epyc-fam25-mod17-2cpu-kvm/host.json", "755b14f82b");
  EXPECT_EQ(stored.kind, ReferenceKind::stored);
  EXPECT_EQ(stored.name, "baselines/cpu-amd-epyc-fam25-mod17-2cpu-kvm/host.json");
  EXPECT_FALSE(measured_alongside(stored));
  const Reference history = history_reference("history: last 5 main runs on t, commits a..b (h.sqlite)", "b");
  EXPECT_EQ(history.name, "the last 5 main runs on t, commits a..b (h.sqlite)");
  EXPECT_EQ(no_reference("no baseline of this suite on any device").name, "(none: no baseline of this suite on any device)");
  for (ReferenceKind kind : {ReferenceKind::none, ReferenceKind::stored, ReferenceKind::history, ReferenceKind::build})
    EXPECT_EQ(reference_kind_from_string(to_string(kind)), kind);
  EXPECT_FALSE(reference_kind_from_string("baseline"));
}

}  // namespace
}  // namespace perfgate
