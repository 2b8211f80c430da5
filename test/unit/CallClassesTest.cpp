//===- test/unit/CallClassesTest.cpp - Partition refinement on small modules =//
//
// Each test parses a small module, refines a domain of its functions with
// CallClasses (the policy the cycle-aware merger compares with) and checks
// which functions end in one class, how many rounds that took, and that
// compareCallees is a total preorder that agrees with sameClass.
//
//===----------------------------------------------------------------------===//

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"
#include "core/merging/CallClasses.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

using namespace llvm;
using namespace coalesce;

namespace {

const char *const Header =
    "target datalayout = "
    "\"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:"
    "16:32:64-S128\"\n"
    "target triple = \"x86_64-unknown-linux-gnu\"\n"
    "declare i32 @ext(i32)\n";

/// One member of a call cycle or chain: counts %n down and calls Callee
/// (none: a leaf that calls @ext). Members built with the same Kind hash
/// alike whatever Callee and K are: the hash sees neither callees nor
/// floating-point constants, so K tells two otherwise equal members apart
/// without splitting them before the first round.
std::string member(const std::string &Name, const std::string &Callee,
                   int Kind, const std::string &K = "5.0") {
  std::string Call =
      Callee.empty() ? "call i32 @ext(i32 %m)" : "call i32 @" + Callee + "(i32 %m)";
  // Kinds differ in an integer constant, which the hash does see.
  std::string Ret = std::to_string(Kind);
  return "define internal i32 @" + Name +
         "(i32 %n) {\n"
         "entry:\n"
         "  %c = icmp eq i32 %n, 0\n"
         "  br i1 %c, label %done, label %rec\n"
         "rec:\n"
         "  %m = sub i32 %n, 1\n"
         "  %r = " +
         Call +
         "\n"
         "  %f = sitofp i32 %r to float\n"
         "  %g = fmul float %f, " +
         K +
         "\n"
         "  %s = fptosi float %g to i32\n"
         "  ret i32 %s\n"
         "done:\n"
         "  ret i32 " +
         Ret + "\n}\n";
}

/// The members of two copies of a four-cycle, pairwise.
const std::pair<const char *, const char *> Twins[] = {
    {"a", "a2"}, {"b", "b2"}, {"c", "c2"}, {"d", "d2"}};

class CallClassesTest : public ::testing::Test {
protected:
  void parse(const std::string &Body) {
    SMDiagnostic Err;
    M = parseAssemblyString(std::string(Header) + Body, Err, C);
    if (!M) {
      std::string S;
      raw_string_ostream OS(S);
      Err.print("test", OS);
      FAIL() << S;
    }
    std::string Errors;
    raw_string_ostream OS(Errors);
    ASSERT_FALSE(verifyModule(*M, &OS)) << Errors;
    Ctx = std::make_unique<OrderContext>(*M, &Classes);
  }

  Function *fn(StringRef Name) {
    Function *F = M->getFunction(Name);
    EXPECT_NE(F, nullptr) << Name.str();
    return F;
  }

  /// Refines the named functions (with their structural hashes) and
  /// returns the number of rounds.
  unsigned refine(std::initializer_list<const char *> Names) {
    std::vector<std::pair<Function *, uint64_t>> Domain;
    for (const char *Name : Names) {
      Function *F = fn(Name);
      Domain.emplace_back(F, hashFunction(*F));
    }
    return Classes.refine(Domain, *Ctx);
  }

  bool same(const char *L, const char *R) {
    return Classes.sameClass(fn(L), fn(R));
  }

  int cmp(const char *L, const char *R) {
    return Classes.compareCallees(fn(L), fn(R), *Ctx);
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
  CallClasses Classes;
  std::unique_ptr<OrderContext> Ctx;
};

// ping calls pong, pong calls ping; ping2 and pong2 are the same pair under
// other names. The first round splits nothing: the optimistic classes are
// the answer.
TEST_F(CallClassesTest, TwinTwoCyclesFoldPairwise) {
  parse(member("ping", "pong", 0) + member("pong", "ping", 1) +
        member("ping2", "pong2", 0) + member("pong2", "ping2", 1));
  ASSERT_EQ(hashFunction(*fn("ping")), hashFunction(*fn("ping2")));
  ASSERT_EQ(hashFunction(*fn("pong")), hashFunction(*fn("pong2")));
  ASSERT_NE(hashFunction(*fn("ping")), hashFunction(*fn("pong")));
  // By identity, the twins differ: they call different functions.
  OrderContext Identity(*M);
  ASSERT_NE(FunctionOrder(fn("ping"), fn("ping2"), Identity).compare(), 0);

  unsigned Rounds = refine({"ping", "pong", "ping2", "pong2"});
  EXPECT_EQ(Rounds, 1u);
  EXPECT_TRUE(same("ping", "ping2"));
  EXPECT_TRUE(same("pong", "pong2"));
  EXPECT_FALSE(same("ping", "pong"));
  EXPECT_FALSE(same("ping2", "pong2"));
  EXPECT_FALSE(same("ping", "pong2"));
  EXPECT_EQ(Classes.sharedClasses(), 2u);
  EXPECT_FALSE(Classes.empty());
  // Under the classes, the order the merger uses agrees.
  EXPECT_EQ(FunctionOrder(fn("ping"), fn("ping2"), *Ctx).compare(), 0);
  EXPECT_EQ(FunctionOrder(fn("pong2"), fn("pong"), *Ctx).compare(), 0);
  EXPECT_NE(FunctionOrder(fn("ping"), fn("pong"), *Ctx).compare(), 0);
}

// a -> b -> c -> d -> a twice, with d2 multiplying by 6.0 where d
// multiplies by 5.0 (each pair still hashes alike). Round one splits
// {d, d2}; each later round splits the class of the callers of the last
// one split, so the difference travels the whole cycle back to a.
TEST_F(CallClassesTest, DifferenceTravelsAroundAFourCycle) {
  parse(member("a", "b", 0) + member("b", "c", 1) + member("c", "d", 2) +
        member("d", "a", 3) + member("a2", "b2", 0) + member("b2", "c2", 1) +
        member("c2", "d2", 2) + member("d2", "a2", 3, "6.0"));
  for (auto [L, R] : Twins)
    ASSERT_EQ(hashFunction(*fn(L)), hashFunction(*fn(R))) << L;

  unsigned Rounds = refine({"a", "b", "c", "d", "a2", "b2", "c2", "d2"});
  EXPECT_GE(Rounds, 2u);
  // One round per call the difference travels: d, then c, b and a.
  EXPECT_EQ(Rounds, 4u);
  for (auto [L, R] : Twins) {
    EXPECT_FALSE(same(L, R)) << L << " ~ " << R;
    EXPECT_NE(cmp(L, R), 0) << L << " vs " << R;
  }
  EXPECT_EQ(Classes.sharedClasses(), 0u);
}

// The same four-cycle with no difference: everything pairs up.
TEST_F(CallClassesTest, EqualFourCyclesFold) {
  parse(member("a", "b", 0) + member("b", "c", 1) + member("c", "d", 2) +
        member("d", "a", 3) + member("a2", "b2", 0) + member("b2", "c2", 1) +
        member("c2", "d2", 2) + member("d2", "a2", 3));
  EXPECT_EQ(refine({"a", "b", "c", "d", "a2", "b2", "c2", "d2"}), 1u);
  for (auto [L, R] : Twins)
    EXPECT_TRUE(same(L, R)) << L << " ~ " << R;
  EXPECT_FALSE(same("a", "b"));
  EXPECT_EQ(Classes.sharedClasses(), 4u);
}

// No cycle: f1 calls g1, f2 calls g2, and the leaves g1 and g2 are equal.
TEST_F(CallClassesTest, ChainWithEqualLeavesFolds) {
  parse(member("f1", "g1", 0) + member("g1", "", 1) + member("f2", "g2", 0) +
        member("g2", "", 1));
  refine({"f1", "g1", "f2", "g2"});
  EXPECT_TRUE(same("g1", "g2"));
  EXPECT_TRUE(same("f1", "f2"));
  EXPECT_FALSE(same("f1", "g1"));
}

// A leaf that differs (in a constant the hash does not see) keeps the
// callers of the two leaves apart too.
TEST_F(CallClassesTest, ChainWithDifferentLeavesDoesNotFold) {
  parse(member("f1", "g1", 0) + member("g1", "", 1) + member("f2", "g2", 0) +
        member("g2", "", 1, "6.0"));
  EXPECT_EQ(refine({"f1", "g1", "f2", "g2"}), 2u);
  EXPECT_FALSE(same("g1", "g2"));
  EXPECT_FALSE(same("f1", "f2"));
}

// h1 and h2 are equal but outside the domain: calls of them compare by
// identity, so f1 and f2 (calling h1 and h2) are not in one class. With h1
// and h2 in the domain, they are.
TEST_F(CallClassesTest, CalleesOutsideTheDomainCompareByIdentity) {
  std::string Text = member("f1", "h1", 0) + member("h1", "", 1) +
                     member("f2", "h2", 0) + member("h2", "", 1);
  parse(Text);
  refine({"f1", "f2"});
  EXPECT_FALSE(same("f1", "f2"));
  EXPECT_FALSE(same("h1", "h2"));
  EXPECT_NE(cmp("h1", "h2"), 0);
  EXPECT_EQ(cmp("h1", "h1"), 0);
  EXPECT_NE(FunctionOrder(fn("f1"), fn("f2"), *Ctx).compare(), 0);

  // Control: the same module with the leaves in the domain.
  CallClasses Other;
  OrderContext OtherCtx(*M, &Other);
  std::vector<std::pair<Function *, uint64_t>> Domain;
  for (const char *Name : {"f1", "h1", "f2", "h2"})
    Domain.emplace_back(fn(Name), hashFunction(*fn(Name)));
  Other.refine(Domain, OtherCtx);
  EXPECT_TRUE(Other.sameClass(fn("f1"), fn("f2")));
}

// An address held as a value compares by identity even between members of
// one class: f1 passes @g1 to @reg, f2 passes @g2; g1 and g2 are equal.
TEST_F(CallClassesTest, AddressAsValueComparesByIdentity) {
  std::string F = "declare void @reg(ptr)\n"
                  "define internal void @f1() {\n"
                  "  call void @reg(ptr @g1)\n  ret void\n}\n"
                  "define internal void @f2() {\n"
                  "  call void @reg(ptr @g2)\n  ret void\n}\n";
  parse(F + member("g1", "", 1) + member("g2", "", 1));
  refine({"f1", "f2", "g1", "g2"});
  EXPECT_TRUE(same("g1", "g2"));
  EXPECT_FALSE(same("f1", "f2"));
}

// compareCallees is a total preorder whose equivalence is sameClass, over
// functions in the domain (of several classes) and outside it.
TEST_F(CallClassesTest, CompareCalleesIsATotalPreorder) {
  parse(member("ping", "pong", 0) + member("pong", "ping", 1) +
        member("ping2", "pong2", 0) + member("pong2", "ping2", 1) +
        member("ping3", "pong3", 0) + member("pong3", "ping3", 1, "7.0") +
        member("self", "self", 0) + member("leaf1", "", 1) +
        member("leaf2", "", 1) + member("out1", "", 2) +
        member("out2", "", 2));
  refine({"ping", "pong", "ping2", "pong2", "ping3", "pong3", "self",
          "leaf1", "leaf2"});
  // What the classes must be.
  EXPECT_TRUE(same("ping", "ping2"));
  EXPECT_TRUE(same("pong", "pong2"));
  EXPECT_FALSE(same("ping", "ping3"));
  EXPECT_FALSE(same("pong", "pong3"));
  EXPECT_TRUE(same("leaf1", "leaf2"));
  EXPECT_FALSE(same("out1", "out2"));

  std::vector<const char *> All = {"ping",  "pong",  "ping2", "pong2",
                                   "ping3", "pong3", "self",  "leaf1",
                                   "leaf2", "out1",  "out2",  "ext"};
  for (const char *L : All) {
    EXPECT_EQ(cmp(L, L), 0) << L;
    EXPECT_TRUE(same(L, L)) << L;
    for (const char *R : All) {
      int LR = cmp(L, R), RL = cmp(R, L);
      EXPECT_TRUE(LR >= -1 && LR <= 1) << L << " vs " << R;
      EXPECT_EQ(LR, -RL) << L << " vs " << R;
      EXPECT_EQ(same(L, R), LR == 0) << L << " vs " << R;
      EXPECT_EQ(same(L, R), same(R, L)) << L << " vs " << R;
      for (const char *X : All) {
        if (LR <= 0 && cmp(R, X) <= 0) {
          EXPECT_LE(cmp(L, X), 0) << L << " <= " << R << " <= " << X;
        }
      }
    }
  }
}

// A forgotten function leaves its class: it compares by identity again.
TEST_F(CallClassesTest, ForgetTakesAFunctionOutOfItsClass) {
  parse(member("ping", "pong", 0) + member("pong", "ping", 1) +
        member("ping2", "pong2", 0) + member("pong2", "ping2", 1));
  refine({"ping", "pong", "ping2", "pong2"});
  ASSERT_TRUE(same("ping", "ping2"));
  Classes.forget(fn("ping2"));
  EXPECT_FALSE(same("ping", "ping2"));
  EXPECT_NE(cmp("ping", "ping2"), 0);
  EXPECT_TRUE(same("pong", "pong2"));
}

} // namespace
