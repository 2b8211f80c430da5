//===- test/unit/MergerTest.cpp - Identical-function merging on small modules =//
//
// Each test merges a small module and checks the Report's records (which
// function was kept, which merged, and how: replaced, alias or thunk), the
// shape of the module afterwards, and that it still verifies.
//
//===----------------------------------------------------------------------===//

#include "core/merging/IdenticalMerger.h"
#include "core/report/Report.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <set>

using namespace llvm;
using namespace coalesce;

namespace {

const char *const ELF = "target triple = \"x86_64-unknown-linux-gnu\"\n"
                        "declare i32 @ext(i32)\ndeclare i32 @ext2(i32)\n";

/// A body the size model prices above two thunks (an interposable pair
/// needs one each), so thunks are always the smaller choice.
std::string body(const std::string &Callee = "@ext") {
  return "  %s = mul i32 %a, 7\n  %t = call i32 " + Callee +
         "(i32 %s)\n  %u = xor i32 %t, %a\n  %v = add i32 %u, 12345\n"
         "  ret i32 %v\n";
}

std::string fn(const std::string &Head, const std::string &Body = body()) {
  return "define " + Head + " {\n" + Body + "}\n";
}

std::string printed(const Module &M) {
  std::string S;
  raw_string_ostream OS(S);
  M.print(OS, nullptr);
  return S;
}

class MergerTest : public ::testing::Test {
protected:
  /// Parses Text, merges, checks that the module verifies; returns whether
  /// the merger reported a change.
  bool merge(const std::string &Text, MergeOptions Options = MergeOptions()) {
    SMDiagnostic Err;
    M = parseAssemblyString(Text, Err, C);
    if (!M) {
      std::string S;
      raw_string_ostream OS(S);
      Err.print("test", OS);
      ADD_FAILURE() << S;
      return false;
    }
    EXPECT_FALSE(verifyModule(*M, &errs())) << "input does not verify";
    bool Changed = mergeIdenticalFunctions(*M, Options, Rep,
                                           SizeModel::forModule(*M));
    std::string Errors;
    raw_string_ostream OS(Errors);
    EXPECT_FALSE(verifyModule(*M, &OS)) << Errors << "\n" << printed(*M);
    return Changed;
  }
  const MergeRecord *record(StringRef Merged) const {
    for (const MergeRecord &R : Rep.Merges)
      if (R.Merged == Merged)
        return &R;
    return nullptr;
  }
  /// The function directly called by the only call in F.
  const Function *calleeOf(StringRef F) const {
    const Function *Callee = nullptr;
    for (const Instruction &I : instructions(*M->getFunction(F)))
      if (auto *CB = dyn_cast<CallBase>(&I))
        Callee = CB->getCalledFunction();
    return Callee;
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
  Report Rep;
};

TEST_F(MergerTest, DiscardableUnnamedAddrDuplicateIsReplaced) {
  ASSERT_TRUE(merge(std::string(ELF) +
                    fn("linkonce_odr i32 @a(i32 %a) unnamed_addr") +
                    fn("linkonce_odr i32 @b(i32 %a) unnamed_addr") +
                    fn("i32 @caller(i32 %a)",
                       "  %r = call i32 @b(i32 %a)\n  ret i32 %r\n")));
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ("a", Rep.Merges[0].Kept);
  EXPECT_EQ("b", Rep.Merges[0].Merged);
  EXPECT_EQ(MergeKind::Replaced, Rep.Merges[0].Kind);
  EXPECT_EQ(1u, Rep.count(MergeKind::Replaced));
  EXPECT_FALSE(M->getNamedValue("b"));
  EXPECT_EQ(M->getFunction("a"), calleeOf("caller"));
  EXPECT_GT(Rep.estimatedBytesSaved(), 0u);
}

TEST_F(MergerTest, ExportedUnnamedAddrDuplicateBecomesAlias) {
  ASSERT_TRUE(merge(std::string(ELF) + fn("i32 @a(i32 %a) unnamed_addr") +
                    fn("i32 @b(i32 %a) unnamed_addr")));
  const MergeRecord *R = record("b");
  ASSERT_TRUE(R);
  EXPECT_EQ("a", R->Kept);
  EXPECT_EQ(MergeKind::Alias, R->Kind);
  GlobalAlias *GA = M->getNamedAlias("b");
  ASSERT_TRUE(GA);
  EXPECT_EQ(M->getFunction("a"), GA->getAliasee());
  EXPECT_EQ(GlobalValue::ExternalLinkage, GA->getLinkage());
}

TEST_F(MergerTest, WithoutAliasesTheDuplicateBecomesAThunk) {
  MergeOptions O;
  O.UseAliases = false;
  ASSERT_TRUE(merge(std::string(ELF) + fn("i32 @a(i32 %a) unnamed_addr") +
                        fn("i32 @b(i32 %a) unnamed_addr"),
                    O));
  const MergeRecord *R = record("b");
  ASSERT_TRUE(R);
  EXPECT_EQ(MergeKind::Thunk, R->Kind);
  EXPECT_FALSE(M->getNamedAlias("b"));
  Function *B = M->getFunction("b");
  ASSERT_TRUE(B);
  EXPECT_TRUE(isForwardingThunk(*B));
  EXPECT_EQ(M->getFunction("a"), calleeOf("b"));
}

// Mach-O has no aliases to functions: thunks, whatever the options say.
TEST_F(MergerTest, OnMachOTheDuplicateBecomesAThunk) {
  ASSERT_TRUE(merge("target triple = \"x86_64-apple-macosx14.0.0\"\n"
                    "declare i32 @ext(i32)\n" +
                    fn("i32 @a(i32 %a) unnamed_addr") +
                    fn("i32 @b(i32 %a) unnamed_addr")));
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ(MergeKind::Thunk, Rep.Merges[0].Kind);
}

TEST_F(MergerTest, SignificantAddressKeepsAThunkAndCallersAreRewritten) {
  ASSERT_TRUE(merge(
      std::string(ELF) + "@slot = global ptr null\n" + fn("i32 @a(i32 %a)") +
      fn("i32 @b(i32 %a)") +
      fn("i32 @caller(i32 %a)", "  store ptr @b, ptr @slot\n"
                                "  %r = call i32 @b(i32 %a)\n  ret i32 %r\n")));
  const MergeRecord *R = record("b");
  ASSERT_TRUE(R);
  EXPECT_EQ("a", R->Kept);
  EXPECT_EQ(MergeKind::Thunk, R->Kind);
  EXPECT_EQ(1u, R->CallersRewritten);
  EXPECT_EQ(M->getFunction("a"), calleeOf("caller"));
  // The stored address is still @b's own.
  auto *Store = cast<StoreInst>(&*inst_begin(M->getFunction("caller")));
  EXPECT_EQ(M->getFunction("b"), Store->getValueOperand());
  EXPECT_TRUE(isForwardingThunk(*M->getFunction("b")));
}

// A strong body is preferred whatever the module order, and the weak
// definition stays overridable.
TEST_F(MergerTest, InterposableDuplicateForwardsToStrongBody) {
  ASSERT_TRUE(merge(std::string(ELF) + fn("weak i32 @w(i32 %a)") +
                    fn("i32 @s(i32 %a)")));
  const MergeRecord *R = record("w");
  ASSERT_TRUE(R);
  EXPECT_EQ("s", R->Kept);
  EXPECT_NE(MergeKind::Replaced, R->Kind);
  const GlobalValue *W = M->getNamedValue("w");
  ASSERT_TRUE(W);
  EXPECT_EQ(GlobalValue::WeakAnyLinkage, W->getLinkage());
}

TEST_F(MergerTest, TwoInterposablesShareAPrivateBody) {
  ASSERT_TRUE(merge(std::string(ELF) + fn("weak i32 @w1(i32 %a)") +
                    fn("weak i32 @w2(i32 %a)")));
  ASSERT_EQ(2u, Rep.Merges.size());
  const MergeRecord *R1 = record("w1"), *R2 = record("w2");
  ASSERT_TRUE(R1 && R2);
  EXPECT_EQ(R1->Kept, R2->Kept);
  EXPECT_EQ(MergeKind::Thunk, R1->Kind);
  EXPECT_EQ(MergeKind::Thunk, R2->Kind);
  const Function *Body = M->getFunction(R1->Kept);
  ASSERT_TRUE(Body);
  EXPECT_TRUE(Body->hasPrivateLinkage());
  for (const char *W : {"w1", "w2"}) {
    const Function *F = M->getFunction(W);
    ASSERT_TRUE(F) << W;
    EXPECT_EQ(GlobalValue::WeakAnyLinkage, F->getLinkage());
    EXPECT_TRUE(isForwardingThunk(*F)) << W;
    EXPECT_EQ(Body, calleeOf(W));
  }
}

TEST_F(MergerTest, VarargsWithSignificantAddressIsMissedNotMerged) {
  EXPECT_FALSE(merge(std::string(ELF) + fn("i32 @a(i32 %a, ...)") +
                     fn("i32 @b(i32 %a, ...)")));
  EXPECT_TRUE(Rep.Merges.empty());
  bool Found = false;
  for (const MissedRecord &R : Rep.Missed)
    if (!R.Other.empty()) {
      Found = true;
      EXPECT_NE(std::string::npos, R.Reason.find("varargs")) << R.Reason;
    }
  EXPECT_TRUE(Found);
  EXPECT_TRUE(M->getFunction("a") && !M->getFunction("a")->isDeclaration());
  EXPECT_TRUE(M->getFunction("b") && !M->getFunction("b")->isDeclaration());
}

TEST_F(MergerTest, NakedFunctionsAreNeverMerged) {
  const char *Naked = "  call void asm sideeffect \"nop\", \"\"()\n"
                      "  call void asm sideeffect \"ret\", \"\"()\n"
                      "  unreachable\n";
  EXPECT_FALSE(merge(std::string(ELF) +
                     fn("linkonce_odr i32 @a(i32 %a) unnamed_addr naked", Naked) +
                     fn("linkonce_odr i32 @b(i32 %a) unnamed_addr naked", Naked)));
  EXPECT_TRUE(Rep.Merges.empty());
  EXPECT_EQ(2u, Rep.Missed.size());
}

TEST_F(MergerTest, DifferentCalleesAreNotMerged) {
  EXPECT_FALSE(merge(std::string(ELF) +
                     fn("linkonce_odr i32 @a(i32 %a) unnamed_addr", body("@ext")) +
                     fn("linkonce_odr i32 @b(i32 %a) unnamed_addr", body("@ext2"))));
  EXPECT_TRUE(Rep.Merges.empty());
}

// Merging two callees makes their callers equal; the merger runs to a
// fixed point.
TEST_F(MergerTest, CallersBecomeEqualAfterTheirCalleesMerge) {
  ASSERT_TRUE(merge(std::string(ELF) +
                    fn("linkonce_odr i32 @a1(i32 %a) unnamed_addr") +
                    fn("linkonce_odr i32 @a2(i32 %a) unnamed_addr") +
                    fn("linkonce_odr i32 @c1(i32 %a) unnamed_addr", body("@a1")) +
                    fn("linkonce_odr i32 @c2(i32 %a) unnamed_addr", body("@a2")) +
                    fn("i32 @user(i32 %a)",
                       "  %r = call i32 @c2(i32 %a)\n  ret i32 %r\n")));
  ASSERT_EQ(2u, Rep.Merges.size());
  EXPECT_TRUE(record("a2"));
  EXPECT_TRUE(record("c2"));
  EXPECT_FALSE(M->getFunction("a2"));
  EXPECT_FALSE(M->getFunction("c2"));
  EXPECT_EQ(M->getFunction("c1"), calleeOf("user"));
  EXPECT_EQ(M->getFunction("a1"), calleeOf("c1"));
}

TEST_F(MergerTest, SelfRecursiveDuplicatesMerge) {
  auto Rec = [](const char *Name) {
    return fn(std::string("linkonce_odr i32 @") + Name + "(i32 %a) unnamed_addr",
              "entry:\n  %z = icmp eq i32 %a, 0\n  br i1 %z, label %done, label %rec\n"
              "rec:\n  %m = sub i32 %a, 1\n  %r = call i32 @" +
                  std::string(Name) +
                  "(i32 %m)\n  %s = mul i32 %a, %r\n  ret i32 %s\n"
                  "done:\n  ret i32 1\n");
  };
  ASSERT_TRUE(merge(std::string(ELF) + Rec("f") + Rec("g")));
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ("g", Rep.Merges[0].Merged);
  EXPECT_EQ(M->getFunction("f"), calleeOf("f"));
}

// Equal under the order's coercion (ptr counts as i64) but of different
// types: the thunk converts arguments and result.
TEST_F(MergerTest, PointerAndIntegerVersionsMergeThroughAConvertingThunk) {
  ASSERT_TRUE(merge(
      std::string(ELF) +
      fn("ptr @p(ptr %x, ptr %y)",
         "  %c = icmp ult ptr %x, %y\n  %r = select i1 %c, ptr %x, ptr %y\n"
         "  ret ptr %r\n") +
      fn("i64 @i(i64 %x, i64 %y)",
         "  %c = icmp ult i64 %x, %y\n  %r = select i1 %c, i64 %x, i64 %y\n"
         "  ret i64 %r\n")));
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ(MergeKind::Thunk, Rep.Merges[0].Kind);
  const Function *Thunk = M->getFunction(Rep.Merges[0].Merged);
  ASSERT_TRUE(Thunk);
  EXPECT_TRUE(isForwardingThunk(*Thunk));
  EXPECT_EQ(M->getFunction(Rep.Merges[0].Kept), calleeOf(Thunk->getName()));
}

// Instruction metadata is not compared; the kept body keeps only what holds
// for both functions.
TEST_F(MergerTest, KeptBodyMetadataHoldsForBothFunctions) {
  auto Load = [](const char *Name, const char *MD) {
    return fn(std::string("linkonce_odr i32 @") + Name +
                  "(ptr %p) unnamed_addr",
              std::string("  %l = load i32, ptr %p") + MD +
                  "\n  %m = mul i32 %l, 3\n  ret i32 %m\n");
  };
  ASSERT_TRUE(merge(std::string(ELF) + Load("a", ", !range !0, !tbaa !3") +
                    Load("b", ", !range !1") +
                    "!0 = !{i32 0, i32 10}\n!1 = !{i32 20, i32 30}\n"
                    "!2 = !{!\"root\"}\n!3 = !{!4, !4, i64 0}\n"
                    "!4 = !{!\"int\", !2, i64 0}\n"));
  ASSERT_EQ(1u, Rep.Merges.size());
  const Function *Kept = M->getFunction(Rep.Merges[0].Kept);
  ASSERT_TRUE(Kept);
  const auto *L = cast<LoadInst>(&*inst_begin(Kept));
  // !tbaa only one side had: dropped.
  EXPECT_FALSE(L->getMetadata(LLVMContext::MD_tbaa));
  // !range: absent, or covering both [0, 10) and [20, 30).
  if (MDNode *Range = L->getMetadata(LLVMContext::MD_range)) {
    ConstantRange CR = getConstantRangeFromMetadata(*Range);
    EXPECT_TRUE(CR.contains(ConstantRange(APInt(32, 0), APInt(32, 10))));
    EXPECT_TRUE(CR.contains(ConstantRange(APInt(32, 20), APInt(32, 30))));
  }
}

/// True if some forwarding thunk forwards to another forwarding thunk.
bool hasThunkChain(const Module &M) {
  for (const Function &F : M)
    if (isForwardingThunk(F))
      for (const Instruction &I : F.getEntryBlock())
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction())
            if (isForwardingThunk(*Callee))
              return true;
  return false;
}

// Round 1 merges @x2 into @x1, which makes the weak @w1 and @w2 equal to
// the strong @s: both become thunks to @s. They were deferred as users of
// @x2, so round 2 inserts the two thunks again, finds them equal, and (both
// interposable) moves the "body" -- a tail call to @s -- into a new private
// function: one more function and a chain of two jumps.
TEST_F(MergerTest, ThunksMadeInOneRoundAreNotMergedAgain) {
  ASSERT_TRUE(merge(std::string(ELF) +
                    fn("linkonce_odr i32 @x1(i32 %a) unnamed_addr") +
                    fn("linkonce_odr i32 @x2(i32 %a) unnamed_addr") +
                    fn("i32 @s(i32 %a)", body("@x1")) +
                    fn("weak i32 @w1(i32 %a)", body("@x2")) +
                    fn("weak i32 @w2(i32 %a)", body("@x2"))));
  EXPECT_EQ(3u, Rep.Merges.size());
  EXPECT_FALSE(hasThunkChain(*M)) << printed(*M);
  unsigned Defined = 0, Bodies = 0;
  countFunctions(*M, Defined, &Bodies);
  EXPECT_EQ(4u, Defined); // @x1, @s, and the thunks @w1, @w2.
  EXPECT_EQ(2u, Bodies);
}

// The same with strong functions. Round 1: @lib1 becomes a thunk to @lib0
// and the calls in @d1 and @d2 are rewritten to @lib0, which defers them;
// still in round 1 both become equal to @k and turn into thunks to it.
// Round 2 inserts the deferred thunks, finds them equal, and makes one a
// thunk to the other, and the report records it twice.
TEST_F(MergerTest, DeferredFunctionsThatBecameThunksAreNotMergedAgain) {
  ASSERT_TRUE(merge(std::string(ELF) + fn("i32 @lib0(i32 %a)") +
                    fn("i32 @lib1(i32 %a)") + fn("i32 @k(i32 %a)", body("@lib0")) +
                    fn("i32 @d1(i32 %a)", body("@lib1")) +
                    fn("i32 @d2(i32 %a)", body("@lib1"))));
  EXPECT_FALSE(hasThunkChain(*M)) << printed(*M);
  std::set<std::string> Merged;
  for (const MergeRecord &R : Rep.Merges)
    EXPECT_TRUE(Merged.insert(R.Merged).second) << R.Merged << " recorded twice";
  EXPECT_EQ(3u, Rep.Merges.size());
}

// One module with every kind of merge, for the determinism tests.
std::string everyKind() {
  return std::string(ELF) + "@slot = global ptr null\n" +
         fn("linkonce_odr i32 @r1(i32 %a) unnamed_addr") +
         fn("linkonce_odr i32 @r2(i32 %a) unnamed_addr") +
         fn("i32 @al1(i32 %a) unnamed_addr", body("@ext2")) +
         fn("i32 @al2(i32 %a) unnamed_addr", body("@ext2")) +
         fn("i32 @t1(i32 %a)", body("@r1")) + fn("i32 @t2(i32 %a)", body("@r2")) +
         fn("weak i32 @w1(i32 %a)", body("@al1")) +
         fn("weak i32 @w2(i32 %a)", body("@al2")) +
         fn("i32 @user(i32 %a)", "  store ptr @t2, ptr @slot\n"
                                 "  %x = call i32 @t2(i32 %a)\n"
                                 "  %y = call i32 @w2(i32 %x)\n  ret i32 %y\n");
}

TEST_F(MergerTest, RecordsEveryKindAndCountsAddUp) {
  ASSERT_TRUE(merge(everyKind()));
  EXPECT_GE(Rep.count(MergeKind::Replaced), 1u);
  EXPECT_GE(Rep.count(MergeKind::Alias), 1u);
  EXPECT_GE(Rep.count(MergeKind::Thunk), 1u);
  EXPECT_EQ(Rep.Merges.size(), Rep.count(MergeKind::Replaced) +
                                   Rep.count(MergeKind::Alias) +
                                   Rep.count(MergeKind::Thunk));
  // Every record names a body that still exists.
  for (const MergeRecord &R : Rep.Merges) {
    const Function *Kept = M->getFunction(R.Kept);
    ASSERT_TRUE(Kept) << R.Kept;
    EXPECT_FALSE(Kept->isDeclaration()) << R.Kept;
  }
}

// mergeIdenticalFunctions promises a fixed point: running it again on its
// own output must change nothing.
TEST_F(MergerTest, SecondRunFindsNothingMore) {
  ASSERT_TRUE(merge(everyKind()));
  std::string After = printed(*M);
  Report Again;
  EXPECT_FALSE(mergeIdenticalFunctions(*M, MergeOptions(), Again,
                                       SizeModel::forModule(*M)));
  EXPECT_TRUE(Again.Merges.empty());
  EXPECT_TRUE(After == printed(*M)) << "the second run changed the module";
  EXPECT_FALSE(hasThunkChain(*M)) << printed(*M);
}

TEST(MergerDeterminism, TwoFreshParsesGiveIdenticalIRAndReports) {
  std::string Out[2];
  std::vector<std::string> Records[2];
  for (int Run = 0; Run != 2; ++Run) {
    LLVMContext C;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(everyKind(), Err, C);
    ASSERT_TRUE(M);
    Report Rep;
    mergeIdenticalFunctions(*M, MergeOptions(), Rep, SizeModel::forModule(*M));
    ASSERT_FALSE(verifyModule(*M, &errs()));
    Out[Run] = printed(*M);
    for (const MergeRecord &R : Rep.Merges)
      Records[Run].push_back(R.Kept + " <- " + R.Merged + " " +
                             mergeKindName(R.Kind));
  }
  EXPECT_EQ(Out[0], Out[1]);
  EXPECT_EQ(Records[0], Records[1]);
  EXPECT_FALSE(Records[0].empty());
}

} // namespace
