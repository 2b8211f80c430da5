//===- test/unit/HotnessTest.cpp - Block counts per run of the program ----===//
//
// ProgramHotness over small modules: entry counts flow from the roots along
// the call graph (through loops, chains, recursion and calls through
// pointers), the roots run once, the executed instructions are the counts
// weighted by block sizes, and hot and cold come from the coverage option
// or, with a profile, from its entry counts and summary. A HotnessCache
// keeps the analyses of unchanged functions and changes no estimate.
//
//===----------------------------------------------------------------------===//

#include "core/hotness/Hotness.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace llvm;
using namespace coalesce;

namespace {

class HotnessTest : public ::testing::Test {
protected:
  Module &parse(const std::string &Text) {
    SMDiagnostic Err;
    M = parseAssemblyString(
        "target triple = \"x86_64-unknown-linux-gnu\"\n" + Text, Err, C);
    if (!M)
      Err.print("HotnessTest", errs());
    EXPECT_TRUE(M);
    return *M;
  }
  /// Adds Text's functions to the module.
  void parseMore(const std::string &Text) {
    SMDiagnostic Err;
    if (parseAssemblyInto(MemoryBufferRef(Text, "more"), M.get(), nullptr,
                          Err))
      Err.print("HotnessTest", errs());
  }
  Function &fn(const char *Name) {
    Function *F = M->getFunction(Name);
    EXPECT_TRUE(F) << Name;
    return *F;
  }
  const BasicBlock &block(const char *Function, const char *Name) {
    for (const BasicBlock &BB : fn(Function))
      if (BB.getName() == Name)
        return BB;
    ADD_FAILURE() << "no block " << Name << " in " << Function;
    return fn(Function).getEntryBlock();
  }
  ProgramHotness compute(HotnessOptions O = {}) {
    return ProgramHotness::compute(*M, O);
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
};

/// main calls @check once per iteration of its loop and @once after it;
/// neither has a loop of its own.
const char *LoopCalls = "define internal i32 @check(i32 %c) {\n"
                        "  %x = xor i32 %c, 5\n"
                        "  %y = mul i32 %x, %c\n"
                        "  %z = add i32 %y, 3\n"
                        "  ret i32 %z\n}\n"
                        "define internal void @once() {\n"
                        "  ret void\n}\n"
                        "define i32 @main(i32 %n) {\n"
                        "entry:\n"
                        "  br label %loop\n"
                        "loop:\n"
                        "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
                        "  %r = call i32 @check(i32 %i)\n"
                        "  %i1 = add i32 %i, %r\n"
                        "  %c = icmp slt i32 %i1, %n\n"
                        "  br i1 %c, label %loop, label %exit\n"
                        "exit:\n"
                        "  call void @once()\n"
                        "  ret i32 %i1\n}\n";

TEST_F(HotnessTest, LoopMakesCalleeHot) {
  parse(LoopCalls);
  ProgramHotness H = compute();
  double Loop = H.count(block("main", "loop"));
  EXPECT_GT(Loop, 4.0);
  EXPECT_DOUBLE_EQ(H.entryCount(fn("main")), 1.0);
  EXPECT_NEAR(H.entryCount(fn("check")), Loop, Loop * 1e-6);
  EXPECT_NEAR(H.count(fn("check").getEntryBlock()), Loop, Loop * 1e-6);
  EXPECT_TRUE(H.isHot(fn("check").getEntryBlock()));
  EXPECT_TRUE(H.isHot(block("main", "loop")));
  EXPECT_DOUBLE_EQ(H.entryCount(fn("once")), 1.0);
  EXPECT_FALSE(H.isHot(fn("once").getEntryBlock()));
  EXPECT_FALSE(H.isHot(block("main", "entry")));
  EXPECT_FALSE(H.fromProfile());
  EXPECT_FALSE(H.isCold(fn("once").getEntryBlock())); // Never without one.
}

TEST_F(HotnessTest, CountsFlowThroughChains) {
  parse("define internal void @b() {\n  ret void\n}\n"
        "define internal void @a() {\n"
        "  call void @b()\n  call void @b()\n  call void @b()\n"
        "  ret void\n}\n"
        "define i32 @main() {\n"
        "  call void @a()\n  call void @a()\n"
        "  ret i32 0\n}\n");
  ProgramHotness H = compute();
  EXPECT_DOUBLE_EQ(H.entryCount(fn("a")), 2.0);
  EXPECT_DOUBLE_EQ(H.entryCount(fn("b")), 3 * H.entryCount(fn("a")));
  EXPECT_DOUBLE_EQ(H.count(fn("b").getEntryBlock()), 6.0);
}

TEST_F(HotnessTest, RecursionTerminatesWithFiniteCounts) {
  parse("define internal void @a(i32 %n) {\n"
        "  call void @b(i32 %n)\n  ret void\n}\n"
        "define internal void @b(i32 %n) {\n"
        "entry:\n"
        "  %c = icmp sgt i32 %n, 0\n"
        "  br i1 %c, label %again, label %done\n"
        "again:\n"
        "  %m = sub i32 %n, 1\n"
        "  call void @a(i32 %m)\n"
        "  br label %done\n"
        "done:\n"
        "  ret void\n}\n"
        "define i32 @main(i32 %n) {\n"
        "  call void @a(i32 %n)\n  ret i32 0\n}\n");
  ProgramHotness H = compute();
  double A = H.entryCount(fn("a")), B = H.entryCount(fn("b"));
  EXPECT_TRUE(std::isfinite(A));
  EXPECT_TRUE(std::isfinite(B));
  // main's one call, and more from the recursion; b at least a's first.
  EXPECT_GT(A, 1.0);
  EXPECT_GE(B, 1.0);
  EXPECT_LT(A, 1e6);
  EXPECT_LT(B, 1e6);
}

/// main calls through a pointer of type void(i32) in a loop; @t1 and @t2
/// are the address-taken functions of that type, @t3 has another type.
const char *Indirect = "@table = internal global [3 x ptr] "
                       "[ptr @t1, ptr @t2, ptr @t3]\n"
                       "define internal void @t1(i32 %x) {\n  ret void\n}\n"
                       "define internal void @t2(i32 %x) {\n  ret void\n}\n"
                       "define internal void @t3(i64 %x) {\n  ret void\n}\n"
                       "define i32 @main(i32 %n) {\n"
                       "entry:\n"
                       "  br label %loop\n"
                       "loop:\n"
                       "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
                       "  %s = and i32 %i, 1\n"
                       "  %k = zext i32 %s to i64\n"
                       "  %p = getelementptr [3 x ptr], ptr @table, i64 0, "
                       "i64 %k\n"
                       "  %f = load ptr, ptr %p\n"
                       "  call void %f(i32 %i)\n"
                       "  %i1 = add i32 %i, 1\n"
                       "  %c = icmp slt i32 %i1, %n\n"
                       "  br i1 %c, label %loop, label %exit\n"
                       "exit:\n"
                       "  ret i32 0\n}\n";

TEST_F(HotnessTest, IndirectCallsSharedAmongAddressTaken) {
  parse(Indirect);
  ProgramHotness Even = compute();
  double Loop = Even.count(block("main", "loop"));
  EXPECT_GT(Loop, 4.0);
  // Address-taken functions are roots (1), plus their share of the calls.
  EXPECT_NEAR(Even.entryCount(fn("t1")), 1 + Loop / 2, Loop * 1e-6);
  EXPECT_NEAR(Even.entryCount(fn("t2")), 1 + Loop / 2, Loop * 1e-6);
  EXPECT_DOUBLE_EQ(Even.entryCount(fn("t3")), 1.0);

  // Without a profile, the loop's call through a pointer makes every
  // address-taken function of its type hot (any may be the one called),
  // and no other.
  EXPECT_TRUE(Even.isHot(fn("t1").getEntryBlock()));
  EXPECT_TRUE(Even.isHot(fn("t2").getEntryBlock()));
  EXPECT_FALSE(Even.isHot(fn("t3").getEntryBlock()));
}

/// With HotnessOptions::MaxIndirectTargets, a loop that calls through a
/// pointer of a type with more address-taken functions than that (a test
/// runner, a table of commands) makes none of them hot. The counts still
/// share the calls out among them all. By default all are followed.
TEST_F(HotnessTest, IndirectCallOverManyTargetsRepeatsNone) {
  const unsigned N = 20;
  std::string Text = "@table = internal global [" + std::to_string(N) +
                     " x ptr] [";
  for (unsigned K = 0; K < N; ++K)
    Text += std::string(K ? ", " : "") + "ptr @t" + std::to_string(K);
  Text += "]\n";
  for (unsigned K = 0; K < N; ++K)
    Text += "define internal void @t" + std::to_string(K) +
            "(i32 %x) {\n  ret void\n}\n";
  Text += "define i32 @main(i32 %n) {\n"
          "entry:\n"
          "  br label %loop\n"
          "loop:\n"
          "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
          "  %k = zext i32 %i to i64\n"
          "  %p = getelementptr ptr, ptr @table, i64 %k\n"
          "  %f = load ptr, ptr %p\n"
          "  call void %f(i32 %i)\n"
          "  %i1 = add i32 %i, 1\n"
          "  %c = icmp slt i32 %i1, %n\n"
          "  br i1 %c, label %loop, label %exit\n"
          "exit:\n"
          "  ret i32 0\n}\n";
  parse(Text);
  HotnessOptions Limited;
  Limited.MaxIndirectTargets = N - 1;
  ProgramHotness H = compute(Limited);
  double Loop = H.count(block("main", "loop"));
  EXPECT_NEAR(H.entryCount(fn("t0")), 1 + Loop / N, Loop * 1e-6);
  EXPECT_TRUE(H.isHot(block("main", "loop")));
  EXPECT_FALSE(H.isHot(fn("t0").getEntryBlock()));
  EXPECT_FALSE(H.isHot(fn("t7").getEntryBlock()));

  ProgramHotness All = compute();
  EXPECT_TRUE(All.isHot(fn("t0").getEntryBlock()));
  EXPECT_TRUE(All.isHot(fn("t7").getEntryBlock()));
}

/// An evaluator of a tree: @eval calls a handler through a table of two,
/// and @neg calls @eval again for its operand. No loop anywhere, and no
/// direct call closes the cycle, yet it runs again and again as a loop
/// does: every function on it, and what its likely blocks call (@lit),
/// is called again and again.
const char *Evaluator =
    "@table = internal constant [2 x ptr] [ptr @lit, ptr @neg]\n"
    "define internal i32 @eval(ptr %node) {\n"
    "  %k = load i32, ptr %node\n"
    "  %kk = zext i32 %k to i64\n"
    "  %slot = getelementptr [2 x ptr], ptr @table, i64 0, i64 %kk\n"
    "  %h = load ptr, ptr %slot\n"
    "  %r = call i32 %h(ptr %node)\n"
    "  ret i32 %r\n}\n"
    "define internal i32 @lit(ptr %node) {\n"
    "  %p = getelementptr i8, ptr %node, i64 8\n"
    "  %v = load i32, ptr %p\n"
    "  ret i32 %v\n}\n"
    "define internal i32 @neg(ptr %node) {\n"
    "  %p = getelementptr i8, ptr %node, i64 8\n"
    "  %c = load ptr, ptr %p\n"
    "  %v = call i32 @eval(ptr %c)\n"
    "  %r = sub i32 0, %v\n"
    "  ret i32 %r\n}\n"
    "define i32 @main(ptr %n) {\n"
    "  %v = call i32 @eval(ptr %n)\n"
    "  ret i32 %v\n}\n";

TEST_F(HotnessTest, RecursionThroughPointersRepeats) {
  parse(Evaluator);
  ProgramHotness H = compute();
  EXPECT_TRUE(H.isHot(fn("eval").getEntryBlock()));
  EXPECT_TRUE(H.isHot(fn("neg").getEntryBlock()));
  EXPECT_TRUE(H.isHot(fn("lit").getEntryBlock()));
  EXPECT_TRUE(H.reasons(fn("eval").getEntryBlock()).Recursive);
  EXPECT_FALSE(H.reasons(fn("lit").getEntryBlock()).Recursive);
  EXPECT_FALSE(H.isHot(fn("main").getEntryBlock()));

  // Without the rule, or when the call through the table is not followed,
  // nothing repeats.
  HotnessOptions NoRecursion;
  NoRecursion.RecursionRepeats = false;
  EXPECT_FALSE(compute(NoRecursion).isHot(fn("eval").getEntryBlock()));
  HotnessOptions NotFollowed;
  NotFollowed.MaxIndirectTargets = 1;
  ProgramHotness Blind = compute(NotFollowed);
  EXPECT_FALSE(Blind.isHot(fn("eval").getEntryBlock()));
  EXPECT_FALSE(Blind.reasons(fn("neg").getEntryBlock()).Recursive);
}

/// A function that calls itself only on a rare path (here by its branch
/// weights) still repeats: its likely blocks are hot, its rare path not.
TEST_F(HotnessTest, RecursionRepeatsFromARarePath) {
  parse("define internal i32 @walk(i32 %n) {\n"
        "entry:\n"
        "  %c = icmp eq i32 %n, 7\n"
        "  br i1 %c, label %rare, label %done, !prof !0\n"
        "rare:\n"
        "  %m = add i32 %n, 1\n"
        "  %r = call i32 @walk(i32 %m)\n"
        "  br label %done\n"
        "done:\n"
        "  %v = phi i32 [ %r, %rare ], [ %n, %entry ]\n"
        "  ret i32 %v\n}\n"
        "define i32 @main(i32 %n) {\n"
        "  %v = call i32 @walk(i32 %n)\n"
        "  ret i32 %v\n}\n"
        "!0 = !{!\"branch_weights\", i32 1, i32 1000}\n");
  ProgramHotness H = compute();
  EXPECT_TRUE(H.isHot(block("walk", "entry")));
  EXPECT_TRUE(H.isHot(block("walk", "done")));
  EXPECT_FALSE(H.isHot(block("walk", "rare")));
  HotnessOptions Old;
  Old.RecursionRepeats = false;
  EXPECT_FALSE(compute(Old).isHot(block("walk", "entry")));
}

/// A loop whose body goes five comparisons of data deep (each as likely
/// taken as not, by LLVM's guess) to @deep's block, and from there to a
/// cold call.
const char *DataChain = "define internal void @fail() cold {\n"
                        "  ret void\n}\n"
                        "define void @work(ptr %p, i32 %n, i32 %a, i32 %b) {\n"
                        "entry:\n"
                        "  br label %loop\n"
                        "loop:\n"
                        "  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]\n"
                        "  %x = load volatile i32, ptr %p\n"
                        "  %c1 = icmp eq i32 %x, %a\n"
                        "  br i1 %c1, label %l1, label %latch\n"
                        "l1:\n"
                        "  %c2 = icmp eq i32 %x, %b\n"
                        "  br i1 %c2, label %l2, label %latch\n"
                        "l2:\n"
                        "  %c3 = icmp ult i32 %x, %n\n"
                        "  br i1 %c3, label %l3, label %latch\n"
                        "l3:\n"
                        "  %c4 = icmp ugt i32 %x, %a\n"
                        "  br i1 %c4, label %l4, label %latch\n"
                        "l4:\n"
                        "  %c5 = icmp slt i32 %x, %b\n"
                        "  br i1 %c5, label %deep, label %latch\n"
                        "deep:\n"
                        "  store volatile i32 %i, ptr %p\n"
                        "  %c6 = icmp eq i32 %x, %i\n"
                        "  br i1 %c6, label %rare, label %latch\n"
                        "rare:\n"
                        "  call void @fail()\n"
                        "  br label %latch\n"
                        "latch:\n"
                        "  %i1 = add i32 %i, 1\n"
                        "  %c = icmp slt i32 %i1, %n\n"
                        "  br i1 %c, label %loop, label %exit\n"
                        "exit:\n"
                        "  ret void\n}\n";

TEST_F(HotnessTest, GuessesAboutDataAreNoEvidence) {
  parse(DataChain);
  // 1/32 of the iterations by the product of LLVM's guesses, yet nothing
  // says the workload does not take every one of those branches.
  ProgramHotness H = compute();
  EXPECT_TRUE(H.isHot(block("work", "deep")));
  EXPECT_TRUE(H.isHot(block("work", "l4")));
  // A cold call is evidence.
  EXPECT_FALSE(H.isHot(block("work", "rare")));
  HotnessOptions Old;
  Old.UninformedPerMille = 1000;
  ProgramHotness Before = compute(Old);
  EXPECT_FALSE(Before.isHot(block("work", "deep")));
  EXPECT_FALSE(Before.isHot(block("work", "rare")));
  EXPECT_TRUE(Before.isHot(block("work", "l1")));
}

/// An outer loop runs an inner loop behind one comparison, then four more
/// comparisons to @after's block @deep.
const char *AfterALoop = "define void @walk(ptr %p, i32 %n, i32 %a, i32 %b) {\n"
                         "entry:\n"
                         "  br label %outer\n"
                         "outer:\n"
                         "  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]\n"
                         "  %x = load volatile i32, ptr %p\n"
                         "  %c1 = icmp eq i32 %x, %a\n"
                         "  br i1 %c1, label %inner, label %latch\n"
                         "inner:\n"
                         "  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]\n"
                         "  store volatile i32 %j, ptr %p\n"
                         "  %j1 = add i32 %j, 1\n"
                         "  %cj = icmp slt i32 %j1, %x\n"
                         "  br i1 %cj, label %inner, label %after\n"
                         "after:\n"
                         "  %c2 = icmp eq i32 %x, %b\n"
                         "  br i1 %c2, label %a2, label %latch\n"
                         "a2:\n"
                         "  %c3 = icmp ult i32 %x, %n\n"
                         "  br i1 %c3, label %a3, label %latch\n"
                         "a3:\n"
                         "  %c4 = icmp ugt i32 %x, %a\n"
                         "  br i1 %c4, label %a4, label %latch\n"
                         "a4:\n"
                         "  %c5 = icmp slt i32 %x, %b\n"
                         "  br i1 %c5, label %deep, label %latch\n"
                         "deep:\n"
                         "  store volatile i32 %i, ptr %p\n"
                         "  br label %latch\n"
                         "latch:\n"
                         "  %i1 = add i32 %i, 1\n"
                         "  %c = icmp slt i32 %i1, %n\n"
                         "  br i1 %c, label %outer, label %exit\n"
                         "exit:\n"
                         "  ret void\n}\n";

TEST_F(HotnessTest, CodeAfterALoopRunsOncePerEntry) {
  parse(AfterALoop);
  ProgramHotness H = compute();
  EXPECT_TRUE(H.isHot(block("walk", "inner")));
  EXPECT_TRUE(H.isHot(block("walk", "after")));
  EXPECT_TRUE(H.isHot(block("walk", "deep")));
  // Taken as one iteration's odds of leaving the inner loop (1/32), the
  // exit puts @deep out of reach.
  HotnessOptions PerIteration;
  PerIteration.LoopExitsOnce = false;
  EXPECT_FALSE(compute(PerIteration).isHot(block("walk", "deep")));
}

// A backtracking matcher's shape (pcre2_match): a loop that dispatches on
// an opcode and leaves by any of its twenty handlers, inside the loop over
// the subject. Each exit is one of many, as each case of a switch is.
std::string manyExits() {
  std::string IR = "declare void @fail() cold noreturn\n"
                   "define void @match(ptr %p, i32 %n) {\n"
                   "entry:\n  br label %subject\n"
                   "subject:\n"
                   "  %i = phi i32 [ 0, %entry ], [ %i1, %next ]\n"
                   "  br label %dispatch\n"
                   "dispatch:\n"
                   "  %op = load volatile i32, ptr %p\n"
                   "  switch i32 %op, label %bad [\n";
  for (int K = 0; K < 20; ++K)
    IR += "    i32 " + std::to_string(K) + ", label %op" + std::to_string(K) +
          "\n";
  IR += "  ]\nbad:\n  call void @fail()\n  unreachable\n";
  for (int K = 0; K < 20; ++K) {
    std::string N = std::to_string(K);
    IR += "op" + N + ":\n  %v" + N + " = load volatile i32, ptr %p\n  %c" +
          N + " = icmp eq i32 %v" + N + ", " + N + "\n  br i1 %c" + N +
          ", label %done" + N + ", label %dispatch\n";
    IR += "done" + N + ":\n  store volatile i32 " + N +
          ", ptr %p\n  br label %next\n";
  }
  IR += "next:\n  %i1 = add i32 %i, 1\n  %c = icmp slt i32 %i1, %n\n"
        "  br i1 %c, label %subject, label %exit\n"
        "exit:\n  ret void\n}\n";
  return IR;
}

TEST_F(HotnessTest, ALoopsExitsSplitItsEntriesEvenly) {
  std::string IR = manyExits();
  parse(IR.c_str());
  ProgramHotness H = compute();
  for (int K = 0; K < 20; ++K)
    EXPECT_TRUE(H.isHot(block("match", ("done" + std::to_string(K)).c_str())))
        << K;
  // The exit that calls a cold function is the evidence it says it is.
  EXPECT_FALSE(H.isHot(block("match", "bad")));
  // Taken at its share of the exits, each was reached on 1/20 of the
  // loop's entries, below HotSharePerMille, and every handler's way out
  // looked rare (pcre2test ran 2.2% of its instructions in blocks called
  // cold); taken per iteration, at 1/32 or so, it looks rarer still.
  HotnessOptions PerIteration;
  PerIteration.LoopExitsOnce = false;
  EXPECT_FALSE(compute(PerIteration).isHot(block("match", "done7")));
}

TEST_F(HotnessTest, RootsRunOnce) {
  parse("@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] "
        "[{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]\n"
        "define void @external() {\n  ret void\n}\n"
        "define internal void @unused() {\n  ret void\n}\n"
        "define internal void @ctor() {\n  ret void\n}\n");
  ProgramHotness H = compute();
  EXPECT_DOUBLE_EQ(H.entryCount(fn("external")), 1.0);
  EXPECT_DOUBLE_EQ(H.entryCount(fn("unused")), 0.0);
  EXPECT_DOUBLE_EQ(H.count(fn("unused").getEntryBlock()), 0.0);
  EXPECT_DOUBLE_EQ(H.entryCount(fn("ctor")), 1.0);
}

TEST_F(HotnessTest, ExecutedIsCountsTimesInstructions) {
  parse(LoopCalls);
  ProgramHotness H = compute();
  // check: 4 instructions; once: 1; main: entry 1, loop 5, exit 2.
  double Expected = H.count(fn("check").getEntryBlock()) * 4 +
                    H.count(fn("once").getEntryBlock()) * 1 +
                    H.count(block("main", "entry")) * 1 +
                    H.count(block("main", "loop")) * 5 +
                    H.count(block("main", "exit")) * 2;
  EXPECT_NEAR(H.executed(), Expected, Expected * 1e-9);
  EXPECT_GT(H.executed(), 9.0); // More than one pass through everything.
}

// The profile summary of the profile tests: counts of 300 and more are hot
// (the 99.9% cutoff), 5 and less cold.
const char *const Summary =
        "!llvm.module.flags = !{!0}\n"
        "!0 = !{i32 1, !\"ProfileSummary\", !1}\n"
        "!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}\n"
        "!2 = !{!\"ProfileFormat\", !\"InstrProf\"}\n"
        "!3 = !{!\"TotalCount\", i64 10000}\n"
        "!4 = !{!\"MaxCount\", i64 1000}\n"
        "!5 = !{!\"MaxInternalCount\", i64 1}\n"
        "!6 = !{!\"MaxFunctionCount\", i64 1000}\n"
        "!7 = !{!\"NumCounts\", i64 2}\n"
        "!8 = !{!\"NumFunctions\", i64 2}\n"
        "!9 = !{!\"DetailedSummary\", !10}\n"
        "!10 = !{!11, !12, !13}\n"
        "!11 = !{i32 10000, i64 1000, i32 1}\n"
        "!12 = !{i32 999000, i64 300, i32 3}\n"
        "!13 = !{i32 999999, i64 5, i32 10}\n";

TEST_F(HotnessTest, ProfileDecides) {
  // @hot calls @cold on a path the profile says it never took: @cold keeps
  // its own entry count.
  parse(std::string("define void @hot(ptr %p, i1 %c) !prof !20 {\n"
                    "  store i32 1, ptr %p\n"
                    "  br i1 %c, label %rare, label %done, !prof !22\n"
                    "rare:\n"
                    "  call void @cold(ptr %p)\n"
                    "  br label %done\n"
                    "done:\n"
                    "  ret void\n}\n"
                    "define void @cold(ptr %p) !prof !21 {\n"
                    "  store i32 2, ptr %p\n"
                    "  ret void\n}\n") +
        Summary +
        "!20 = !{!\"function_entry_count\", i64 1000}\n"
        "!21 = !{!\"function_entry_count\", i64 1}\n"
        "!22 = !{!\"branch_weights\", i32 0, i32 1000}\n");
  ProgramHotness H = compute();
  EXPECT_TRUE(H.fromProfile());
  const BasicBlock &Hot = fn("hot").getEntryBlock();
  const BasicBlock &Cold = fn("cold").getEntryBlock();
  EXPECT_DOUBLE_EQ(H.entryCount(fn("hot")), 1000.0);
  EXPECT_NEAR(H.entryCount(fn("cold")), 1.0, 1e-3);
  EXPECT_TRUE(H.isHot(Hot));
  EXPECT_FALSE(H.isCold(Hot));
  EXPECT_TRUE(H.isCold(Cold));
  EXPECT_FALSE(H.isHot(Cold));
}

TEST_F(HotnessTest, ProfileCountIsALowerBound) {
  // The profile says @get ran 0 times out of line (the instrumented build
  // inlined it everywhere); after LTO, the hot @loop calls it on every
  // call: it runs as often as its caller's block, and is hot.
  parse(std::string("define void @loop(ptr %p) !prof !20 {\n"
                    "  %v = call i32 @get(ptr %p)\n"
                    "  store i32 %v, ptr %p\n"
                    "  ret void\n}\n"
                    "define internal i32 @get(ptr %p) !prof !21 {\n"
                    "  %v = load i32, ptr %p\n"
                    "  ret i32 %v\n}\n") +
        Summary +
        "!20 = !{!\"function_entry_count\", i64 1000}\n"
        "!21 = !{!\"function_entry_count\", i64 0}\n");
  ProgramHotness H = compute();
  EXPECT_DOUBLE_EQ(H.entryCount(fn("get")), 1000.0);
  EXPECT_TRUE(H.isHot(fn("get").getEntryBlock()));
  EXPECT_FALSE(H.isCold(fn("get").getEntryBlock()));
}

TEST_F(HotnessTest, UncountedLoopCountsOncePerCallInExecuted) {
  // @spin's loop has no exit the weights can represent (its exit taken 0
  // times in 4 billion): the frequencies scale it by 4,096 iterations per
  // entry, whatever it really ran. Its blocks count once per call of @spin
  // in the instructions executed; @work's, a loop of 10 iterations the
  // frequencies count, ten times. executedIn sums each function's share.
  parse(std::string("define void @spin(ptr %p) !prof !20 {\n"
                    "entry:\n"
                    "  br label %loop\n"
                    "loop:\n"
                    "  %v = load volatile i32, ptr %p\n"
                    "  %c = icmp eq i32 %v, 0\n"
                    "  br i1 %c, label %loop, label %out, !prof !22\n"
                    "out:\n"
                    "  ret void\n}\n"
                    "define void @work(ptr %p) !prof !20 {\n"
                    "entry:\n"
                    "  br label %loop\n"
                    "loop:\n"
                    "  %i = phi i32 [ 0, %entry ], [ %n, %loop ]\n"
                    "  store i32 %i, ptr %p\n"
                    "  %n = add i32 %i, 1\n"
                    "  %c = icmp ult i32 %n, 10\n"
                    "  br i1 %c, label %loop, label %out, !prof !23\n"
                    "out:\n"
                    "  ret void\n}\n") +
        Summary +
        "!20 = !{!\"function_entry_count\", i64 100}\n"
        "!22 = !{!\"branch_weights\", i32 -1, i32 0}\n"
        "!23 = !{!\"branch_weights\", i32 9, i32 1}\n");
  ProgramHotness H = compute();
  ASSERT_TRUE(H.fromProfile());
  // The frequencies' count of the spinning loop: thousands per call.
  EXPECT_GT(H.count(block("spin", "loop")), 2048.0 * 100);
  // In the instructions executed: entry 1, loop 3 once per call, out 1.
  EXPECT_NEAR(H.executedIn(fn("spin")), 100.0 * (1 + 3 + 1), 1.0);
  // entry 1, loop 5 ten times per call, out 1.
  EXPECT_NEAR(H.executedIn(fn("work")), 100.0 * (1 + 50 + 1), 1.0);
  EXPECT_NEAR(H.executed(), H.executedIn(fn("spin")) + H.executedIn(fn("work")),
              1e-6);
}

TEST_F(HotnessTest, IncompleteSummaryLeavesTheProfileAside) {
  // The summary of ProfileDecides without its last cutoff: the cold
  // threshold (99.9999%) has no entry to be read from, and LLVM's
  // ProfileSummaryInfo would abort. Hotness goes on as without a profile.
  std::string Cut = Summary;
  Cut.replace(Cut.find("!10 = !{!11, !12, !13}"), 22, "!10 = !{!11, !12}");
  parse(std::string("define void @f(ptr %p) !prof !20 {\n"
                    "  store i32 1, ptr %p\n"
                    "  ret void\n}\n") +
        Cut + "!20 = !{!\"function_entry_count\", i64 1000}\n");
  std::string Why = profileSummaryProblem(*M, HotnessOptions());
  EXPECT_NE(Why.find("is incomplete"), std::string::npos) << Why;
  EXPECT_NE(Why.find("99.9%"), std::string::npos) << Why;
  ProgramHotness H = compute();
  EXPECT_FALSE(H.fromProfile());
}

TEST_F(HotnessTest, CompleteSummaryServes) {
  parse(std::string("define void @f(ptr %p) !prof !20 {\n"
                    "  store i32 1, ptr %p\n"
                    "  ret void\n}\n") +
        Summary + "!20 = !{!\"function_entry_count\", i64 1000}\n");
  EXPECT_EQ(profileSummaryProblem(*M, HotnessOptions()), "");
  EXPECT_TRUE(compute().fromProfile());
}

TEST_F(HotnessTest, ZeroShareMakesNothingHot) {
  parse(LoopCalls);
  unsigned HotByDefault = 0, Hot = 0;
  HotnessOptions None;
  None.HotSharePerMille = 0;
  ProgramHotness Default = compute(), Zero = compute(None);
  for (const Function &F : *M)
    for (const BasicBlock &BB : F) {
      HotByDefault += Default.isHot(BB);
      Hot += Zero.isHot(BB);
    }
  EXPECT_GT(HotByDefault, 0u);
  EXPECT_EQ(Hot, 0u);
}

/// Every block's count and hot flag in A and B are the same.
void expectSameEstimates(const Module &M, const ProgramHotness &A,
                         const ProgramHotness &B) {
  EXPECT_DOUBLE_EQ(A.executed(), B.executed());
  for (const Function &F : M)
    for (const BasicBlock &BB : F) {
      EXPECT_DOUBLE_EQ(A.count(BB), B.count(BB)) << F.getName().str();
      EXPECT_EQ(A.isHot(BB), B.isHot(BB)) << F.getName().str();
    }
}

/// @pick calls @slow on one side of a branch; whether that side is likely
/// depends on @slow's attributes, not on @pick's code.
const char *Branchy = "define internal void @slow(ptr %p) {\n"
                      "  store i32 1, ptr %p\n"
                      "  ret void\n}\n"
                      "define void @pick(ptr %p, i1 %c) {\n"
                      "entry:\n"
                      "  br i1 %c, label %call, label %done\n"
                      "call:\n"
                      "  call void @slow(ptr %p)\n"
                      "  br label %done\n"
                      "done:\n"
                      "  ret void\n}\n";

TEST_F(HotnessTest, CacheKeepsUnchangedFunctions) {
  parse(LoopCalls);
  HotnessCache Cache;
  ProgramHotness First = ProgramHotness::compute(*M, {}, &Cache);
  EXPECT_EQ(Cache.analysed(), 3u);
  EXPECT_EQ(Cache.kept(), 0u);
  ProgramHotness Again = ProgramHotness::compute(*M, {}, &Cache);
  EXPECT_EQ(Cache.analysed(), 0u);
  EXPECT_EQ(Cache.kept(), 3u);
  expectSameEstimates(*M, First, Again);
  // Another share of the loop makes likely: nothing is kept.
  HotnessOptions Other;
  Other.HotSharePerMille = 500;
  ProgramHotness Shared = ProgramHotness::compute(*M, Other, &Cache);
  EXPECT_EQ(Cache.analysed(), 3u);
  expectSameEstimates(*M, Shared, compute(Other));
}

TEST_F(HotnessTest, CacheAnalysesChangedCodeAgain) {
  parse(Branchy);
  HotnessCache Cache;
  ProgramHotness Before = ProgramHotness::compute(*M, {}, &Cache);
  // A cold callee makes its block unlikely: @pick's frequencies change
  // though not one of its instructions did (and @slow's attributes are
  // its own).
  fn("slow").addFnAttr(Attribute::Cold);
  ProgramHotness After = ProgramHotness::compute(*M, {}, &Cache);
  EXPECT_EQ(Cache.analysed(), 2u);
  EXPECT_EQ(Cache.kept(), 0u);
  expectSameEstimates(*M, After, compute());
  EXPECT_LT(After.count(block("pick", "call")),
            Before.count(block("pick", "call")));
  // So do branch weights on the branch.
  Instruction *Br = fn("pick").getEntryBlock().getTerminator();
  MDBuilder MDB(C);
  Br->setMetadata(LLVMContext::MD_prof, MDB.createBranchWeights(1000, 1));
  ProgramHotness Weighted = ProgramHotness::compute(*M, {}, &Cache);
  EXPECT_EQ(Cache.analysed(), 1u);
  EXPECT_EQ(Cache.kept(), 1u);
  expectSameEstimates(*M, Weighted, compute());
  EXPECT_GT(Weighted.count(block("pick", "call")),
            After.count(block("pick", "call")));
  // And a deleted function is forgotten: its successor at any address is
  // analysed on its own code.
  fn("pick").eraseFromParent();
  parseMore("define void @pick(ptr %p, i1 %c) {\n"
            "entry:\n"
            "  ret void\n}\n");
  ProgramHotness Replaced = ProgramHotness::compute(*M, {}, &Cache);
  expectSameEstimates(*M, Replaced, compute());
}

} // namespace
