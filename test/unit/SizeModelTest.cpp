//===- test/unit/SizeModelTest.cpp - Features and prices of the size model ===//
//
// The features each instruction is counted as, in context (a compare that
// feeds its branch, a GEP folded into its loads, a call's arguments by
// kind, arguments kept across calls, constants priced as parameters), and
// the prices the fitted tables give: a thunk is cheaper than a body it can
// replace, a call's constants cost bytes at the call, an unknown target
// falls back and says so.
//
//===----------------------------------------------------------------------===//

#include "core/size/SizeModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace llvm;
using namespace coalesce;

namespace {

class SizeModelTest : public ::testing::Test {
protected:
  Module &parse(const std::string &Text,
                const std::string &Triple = "x86_64-unknown-linux-gnu") {
    SMDiagnostic Err;
    M = parseAssemblyString("target triple = \"" + Triple + "\"\n" + Text,
                            Err, C);
    if (!M)
      Err.print("SizeModelTest", errs());
    EXPECT_TRUE(M);
    return *M;
  }
  double count(const char *Function, Feature F) {
    return countFunction(*M->getFunction(Function))[unsigned(F)];
  }
  /// The features of the function Site is in, with Site's operand made the
  /// merged function's first parameter (merging up to constants).
  static FeatureCounts countWithParameter(const Use &Site) {
    auto AsParameter = [&](const Use &U) { return &U == &Site ? 0 : -1; };
    return countFunction(
        *cast<Instruction>(Site.getUser())->getFunction(), AsParameter);
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
};

TEST_F(SizeModelTest, ThunkIsOneTailCall) {
  parse("declare i32 @g(i32, i32)\n"
        "define i32 @f(i32 %a, i32 %b) {\n"
        "  %r = tail call i32 @g(i32 %a, i32 %b)\n  ret i32 %r\n}\n");
  EXPECT_EQ(count("f", Feature::Function), 1);
  EXPECT_EQ(count("f", Feature::TailCall), 1);
  // The return goes with the tail call, the arguments are in place, and
  // no frame is needed.
  EXPECT_EQ(count("f", Feature::Return), 0);
  EXPECT_EQ(count("f", Feature::Call), 0);
  EXPECT_EQ(count("f", Feature::ArgumentRegister), 0);
  EXPECT_EQ(count("f", Feature::CallFrame), 0);
}

TEST_F(SizeModelTest, ArgumentsByKind) {
  parse("@gv = global i32 0\n"
        "declare void @g(i32, i64, ptr, ptr, i32, ptr, double)\n"
        "define void @f(i32 %a) {\n"
        "  %s = alloca i32\n"
        "  call void @g(i32 0, i64 4294967296, ptr @gv, ptr %s, i32 7, "
        "ptr null, double 1.5)\n"
        "  call void @g(i32 %a, i64 0, ptr @gv, ptr %s, i32 %a, ptr null, "
        "double 0.0)\n"
        "  ret void\n}\n");
  // The second call is in tail position (a void return follows).
  EXPECT_EQ(count("f", Feature::Call), 1);
  EXPECT_EQ(count("f", Feature::TailCall), 1);
  EXPECT_EQ(count("f", Feature::ArgumentZero), 5);
  EXPECT_EQ(count("f", Feature::ArgumentWideImmediate), 1);
  EXPECT_EQ(count("f", Feature::ArgumentGlobal), 2);
  EXPECT_EQ(count("f", Feature::ArgumentStack), 2);
  EXPECT_EQ(count("f", Feature::ArgumentImmediate), 1);
  EXPECT_EQ(count("f", Feature::ArgumentFloat), 1);
  // %a is the first argument in place the first time only.
  EXPECT_EQ(count("f", Feature::ArgumentRegister), 1);
  EXPECT_EQ(count("f", Feature::StackObject), 1);
}

/// Arguments past the registers that pass them are stored to the call's
/// frame: each is counted past six and past eight, for the fit to price
/// per target (x86-64 passes six integers in registers, AArch64 eight).
TEST_F(SizeModelTest, ArgumentsByPlace) {
  parse("declare void @g(i32, i32, i32, i32, i32, i32, i32, i32, i32)\n"
        "define void @f() {\n"
        "  call void @g(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, "
        "i32 8, i32 9)\n"
        "  ret void\n}\n");
  EXPECT_EQ(count("f", Feature::ArgumentPastSix), 3);
  EXPECT_EQ(count("f", Feature::ArgumentPastEight), 1);
  EXPECT_EQ(count("f", Feature::ArgumentImmediate), 9);
  // On x86-64 one more constant after six arguments costs more than one
  // among them.
  SizeModel Size = SizeModel::forModule(*M);
  Constant *Seven = ConstantInt::get(Type::getInt32Ty(C), 7);
  FeatureCounts NoSpills{};
  EXPECT_GT(Size.addedArgumentBytes(*Seven, 6, NoSpills),
            Size.addedArgumentBytes(*Seven, 2, NoSpills));
}

/// A fill or copy of a short length known at compile time is written out
/// as stores (a copy: a load before each), 16 bytes a store on x86-64 and
/// AArch64, 8 on RISC-V; a longer one, or one whose length a merge makes
/// a parameter, stays a call of the C library.
// Optimizing for size, x86-64 keeps a constant that one block stores (or
// uses beyond a byte's range) more than once in a register: `movl $1000,
// %eax` once, then stores of %eax. The second store of 1000 is priced as a
// register's; 0 and -1 keep their short forms (andl $0, orl $-1), another
// block has its own register, and a constant that is a merged function's
// parameter is a register anyway.
TEST_F(SizeModelTest, ConstantStoredTwiceInABlockIsStoredFromARegister) {
  parse("define void @f(ptr %p, ptr %q, i32 %a, i1 %c) {\n"
        "  store i32 1000, ptr %p\n"
        "  store i32 1000, ptr %q\n"
        "  %x = add i32 %a, 1000\n"
        "  store i32 0, ptr %p\n"
        "  store i32 0, ptr %q\n"
        "  br i1 %c, label %b, label %e\n"
        "b:\n"
        "  store i32 1000, ptr %p\n"
        "  store i32 %x, ptr %q\n"
        "  br label %e\n"
        "e:\n"
        "  ret void\n}\n");
  // The first 1000 of each block and both zeros keep the immediate.
  EXPECT_EQ(count("f", Feature::StoreImmediate), 4);
  EXPECT_EQ(count("f", Feature::Store), 2);
  EXPECT_EQ(count("f", Feature::IntegerOp), 1);
  EXPECT_EQ(count("f", Feature::IntegerOpImmediate), 0);
  // Made a parameter, the first store's 1000 no longer shares: the second
  // store holds the immediate again.
  Function &F = *M->getFunction("f");
  const Use &First = cast<StoreInst>(*F.getEntryBlock().begin()).getOperandUse(0);
  FeatureCounts WithParameter = countWithParameter(First);
  EXPECT_EQ(WithParameter[unsigned(Feature::StoreImmediate)], 4);
  EXPECT_EQ(WithParameter[unsigned(Feature::Store)], 2);
}

// A variadic function that calls va_start pays for its register save area
// once; one that never reads its `...` does not.
TEST_F(SizeModelTest, VarArgsAreaOnlyWithVaStart) {
  parse("declare void @llvm.va_start.p0(ptr)\n"
        "declare void @llvm.va_end.p0(ptr)\n"
        "define void @reads(ptr %f, ...) {\n"
        "  %ap = alloca [24 x i8]\n"
        "  call void @llvm.va_start.p0(ptr %ap)\n"
        "  call void @llvm.va_end.p0(ptr %ap)\n"
        "  ret void\n}\n"
        "define void @ignores(ptr %f, ...) {\n  ret void\n}\n");
  EXPECT_EQ(count("reads", Feature::VarArgsArea), 1);
  EXPECT_EQ(count("ignores", Feature::VarArgsArea), 0);
}

// A call's result passed on at once as the first argument of its class is
// where the next call wants it when the convention returns it in that
// register: floats everywhere (xmm0, d0), integers on AArch64 (x0) but not
// on x86-64 (rax, passed in rdi). mujs's Math_acos is the pattern.
TEST_F(SizeModelTest, CallResultPassedOnIsInPlace) {
  const char *Text =
      "declare double @num(ptr, i32)\n"
      "declare double @acos(double)\n"
      "declare void @push(ptr, double)\n"
      "declare i64 @len(ptr)\n"
      "declare void @use(i64)\n"
      "define void @f(ptr %j) {\n"
      "  %x = call double @num(ptr %j, i32 1)\n"
      "  %y = call double @acos(double %x)\n"
      "  call void @push(ptr %j, double %y)\n"
      "  %n = call i64 @len(ptr %j)\n"
      "  call void @use(i64 %n)\n"
      "  ret void\n}\n";
  parse(Text);
  // x86-64: %n is moved (rax to rdi); %x and %y are in xmm0 already (and
  // %j, the function's own first argument, is priced as kept).
  EXPECT_EQ(count("f", Feature::ArgumentRegister), 1);
  parse(Text, "aarch64-unknown-linux-gnu");
  // AArch64: %n is in x0 already.
  EXPECT_EQ(count("f", Feature::ArgumentRegister), 0);
  // Used again after the next call, a result must be kept elsewhere: it
  // is moved like any value.
  parse("declare double @num()\n"
        "declare void @take(double)\n"
        "define double @g() {\n"
        "  %x = call double @num()\n"
        "  call void @take(double %x)\n"
        "  ret double %x\n}\n");
  EXPECT_EQ(count("g", Feature::ArgumentRegister), 1);
}

TEST_F(SizeModelTest, ShortMemoryIntrinsicsAreStores) {
  const char *Body =
      "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n"
      "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n"
      "define void @fill(ptr %p) {\n"
      "  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 false)\n"
      "  ret void\n}\n"
      "define void @odd(ptr %p) {\n"
      "  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 7, i1 false)\n"
      "  ret void\n}\n"
      "define void @long(ptr %p) {\n"
      "  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 129, i1 false)\n"
      "  ret void\n}\n"
      "define void @copy(ptr %p, ptr %q) {\n"
      "  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 40, i1 false)\n"
      "  ret void\n}\n"
      "define void @bigcopy(ptr %p, ptr %q) {\n"
      "  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 65, i1 false)\n"
      "  ret void\n}\n";
  parse(Body);
  EXPECT_EQ(count("fill", Feature::Store), 1);
  EXPECT_EQ(count("fill", Feature::MemoryIntrinsic), 0);
  EXPECT_EQ(count("fill", Feature::ArgumentRegister), 0);
  EXPECT_EQ(count("odd", Feature::Store), 2);
  EXPECT_EQ(count("long", Feature::Store), 0);
  EXPECT_EQ(count("long", Feature::MemoryIntrinsic), 1);
  EXPECT_EQ(count("copy", Feature::Store), 3);
  EXPECT_EQ(count("copy", Feature::Load), 3);
  EXPECT_EQ(count("bigcopy", Feature::MemoryIntrinsic), 1);
  // Merged up to its length, the fill is a call again.
  Function &F = *M->getFunction("fill");
  const Use *Length = nullptr;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      Length = &CB->getArgOperandUse(2);
  FeatureCounts Merged = countWithParameter(*Length);
  EXPECT_EQ(Merged[unsigned(Feature::Store)], 0);
  EXPECT_EQ(Merged[unsigned(Feature::MemoryIntrinsic)], 1);
  // RISC-V stores 8 bytes at a time.
  parse(Body, "riscv64-unknown-linux-gnu");
  EXPECT_EQ(count("fill", Feature::Store), 2);
  EXPECT_EQ(count("copy", Feature::Store), 0);
  EXPECT_EQ(count("copy", Feature::MemoryIntrinsic), 1);
}

/// A global's address stored is made in a register first (lea; adrp and
/// add): counted as a GlobalAddress beside the store, unless a merge makes
/// it a parameter.
TEST_F(SizeModelTest, StoredGlobalAddressIsMade) {
  parse("@msg = global ptr null\n@text = constant [3 x i8] c\"ok\\00\"\n"
        "define void @f(ptr %p) {\n"
        "  store ptr @text, ptr @msg\n"
        "  store ptr %p, ptr @msg\n"
        "  ret void\n}\n");
  EXPECT_EQ(count("f", Feature::StoreGlobal), 2);
  EXPECT_EQ(count("f", Feature::GlobalAddress), 1);
  Function &F = *M->getFunction("f");
  const Use &Stored = cast<StoreInst>(*F.getEntryBlock().begin()).getOperandUse(0);
  EXPECT_EQ(countWithParameter(Stored)[unsigned(Feature::GlobalAddress)], 0);
}

TEST_F(SizeModelTest, InstructionsInContext) {
  parse("define i32 @f(ptr %p, i32 %n) {\n"
        "entry:\n"
        "  %q = getelementptr inbounds i32, ptr %p, i32 %n\n"
        "  %v = load i32, ptr %q\n"
        "  %c = icmp slt i32 %v, 10\n"
        "  br i1 %c, label %a, label %b\n"
        "a:\n"
        "  %k = icmp eq i32 %v, 3\n"
        "  %z = zext i1 %k to i32\n"
        "  ret i32 %z\n"
        "b:\n"
        "  %w = add i32 %v, 5\n"
        "  %x = add i32 %w, %n\n"
        "  ret i32 %x\n}\n");
  EXPECT_EQ(count("f", Feature::AddressFolded), 1);
  EXPECT_EQ(count("f", Feature::Address), 0);
  EXPECT_EQ(count("f", Feature::CompareBranch), 1);
  EXPECT_EQ(count("f", Feature::Compare), 1);
  EXPECT_EQ(count("f", Feature::IntegerOpImmediate), 1);
  EXPECT_EQ(count("f", Feature::IntegerOp), 1);
  EXPECT_EQ(count("f", Feature::Return), 2);
  EXPECT_EQ(count("f", Feature::Block), 3);
  EXPECT_EQ(count("f", Feature::CrossBlockValue), 1); // %v
}


TEST_F(SizeModelTest, ArgumentsComputedInPlace) {
  parse("declare void @g(ptr, i32)\n"
        "declare i32 @h()\n"
        "define void @f(ptr %p, i32 %n) {\n"
        "entry:\n"
        "  %s = alloca [16 x i8]\n"
        "  %a = getelementptr inbounds i8, ptr %p, i64 8\n" // its one use
        "  %v = load i32, ptr %p\n"                          // used twice
        "  call void @g(ptr %a, i32 %v)\n"
        "  %r = call i32 @h()\n"                             // a call's result
        "  %w = add i32 %v, %n\n"                            // its one use
        "  call void @g(ptr %p, i32 %r)\n"
        "  %f = getelementptr inbounds i8, ptr %s, i64 8\n"  // a stack field
        "  call void @g(ptr %f, i32 %w)\n"
        "  br label %next\n"
        "next:\n"
        "  %x = add i32 %n, 1\n"
        "  br label %use\n"
        "use:\n" // %x comes from another block: moved, not in place
        "  call void @g(ptr %p, i32 %x)\n"
        "  ret void\n}\n");
  // %a and %w are computed straight into their argument registers.
  EXPECT_EQ(count("f", Feature::ArgumentInPlace), 2);
  // %v (used twice), %r (a call's result) and %x (from another block) are
  // moved; %p is f's own first argument in the callee's first place.
  EXPECT_EQ(count("f", Feature::ArgumentRegister), 3);
  // The stack field is one instruction at the call (ArgumentStack), not
  // an address computed apart.
  EXPECT_EQ(count("f", Feature::ArgumentStack), 1);
  EXPECT_EQ(count("f", Feature::Address), 1); // %a
  EXPECT_EQ(count("f", Feature::AddressFolded), 1); // %f
}
TEST_F(SizeModelTest, FreeInstructionsCountNothing) {
  parse("declare void @llvm.lifetime.start.p0(ptr)\n"
        "define i64 @f(ptr %p) {\n"
        "  call void @llvm.lifetime.start.p0(ptr %p)\n"
        "  %i = ptrtoint ptr %p to i64\n"
        "  %f = freeze i64 %i\n"
        "  ret i64 %f\n}\n");
  FeatureCounts Counts = countFunction(*M->getFunction("f"));
  double Total = 0;
  for (double N : Counts)
    Total += N;
  EXPECT_EQ(Total, 3); // Function, Block, Return.
}

TEST_F(SizeModelTest, ArgumentsKeptAcrossCalls) {
  parse("declare void @g()\n"
        "define i32 @f(i32 %a, i32 %b) {\n"
        "  %s = add i32 %a, 1\n"
        "  call void @g()\n"
        "  %t = add i32 %b, %s\n"
        "  ret i32 %t\n}\n");
  EXPECT_EQ(count("f", Feature::CallFrame), 1);
  EXPECT_EQ(count("f", Feature::KeptArgument), 1); // %b, not %a.
}

TEST_F(SizeModelTest, ConstantsAsParameters) {
  parse("declare void @g()\n"
        "define i32 @f(i32 %a) {\n"
        "  call void @g()\n"
        "  %m = mul i32 %a, 24\n"
        "  %s = add i32 %m, 8\n"
        "  ret i32 %s\n}\n");
  Function &F = *M->getFunction("f");
  Instruction *Add = nullptr;
  for (Instruction &I : instructions(F))
    if (I.getOpcode() == Instruction::Add)
      Add = &I;
  FeatureCounts Before = countFunction(F),
                After = countWithParameter(Add->getOperandUse(1));
  EXPECT_EQ(Before[unsigned(Feature::IntegerOpImmediate)], 1);
  EXPECT_EQ(After[unsigned(Feature::IntegerOpImmediate)], 0);
  EXPECT_EQ(After[unsigned(Feature::IntegerOp)], 1);
  // The new argument is used after the call: kept in a saved register.
  EXPECT_EQ(After[unsigned(Feature::KeptArgument)],
            Before[unsigned(Feature::KeptArgument)] + 1);
}

TEST_F(SizeModelTest, ValuesAcrossCallsByLiveness) {
  // %v is used after a call on one path only; %w is used in a block laid
  // out after the call but not reached through it; the two landing pads'
  // values and the phi joining them share one register.
  parse("declare void @g()\n"
        "declare i32 @__gxx_personality_v0(...)\n"
        "define i32 @f(i32 %a, i1 %c) personality ptr @__gxx_personality_v0 {\n"
        "  %v = add i32 %a, 1\n"
        "  %w = mul i32 %a, 3\n"
        "  br i1 %c, label %call, label %late\n"
        "call:\n"
        "  invoke void @g() to label %next unwind label %lp1\n"
        "next:\n"
        "  invoke void @g() to label %done unwind label %lp2\n"
        "done:\n"
        "  ret i32 %v\n"
        "lp1:\n"
        "  %e1 = landingpad { ptr, i32 } cleanup\n"
        "  call void @g()\n"
        "  br label %out\n"
        "lp2:\n"
        "  %e2 = landingpad { ptr, i32 } cleanup\n"
        "  br label %out\n"
        "out:\n"
        "  %e = phi { ptr, i32 } [ %e1, %lp1 ], [ %e2, %lp2 ]\n"
        "  resume { ptr, i32 } %e\n"
        "late:\n"
        "  ret i32 %w\n}\n");
  // %v, and the exception value group (%e1 across the cleanup call).
  EXPECT_EQ(count("f", Feature::ValueAcrossCall), 2);
}

TEST_F(SizeModelTest, TailMergingFoldsIdenticalCleanups) {
  // Two objects of one type with disjoint lifetimes (one slot after stack
  // coloring), each destroyed in its own landing pad before the same
  // resume: the code generator keeps one copy of the destructor call.
  // Two objects alive at once (%x, %y) are not the same slot.
  std::string Cleanup = "declare void @use(ptr)\n"
                        "declare void @dtor(ptr)\n"
                        "declare void @llvm.lifetime.start.p0(ptr)\n"
                        "declare void @llvm.lifetime.end.p0(ptr)\n"
                        "declare i32 @__gxx_personality_v0(...)\n";
  parse(Cleanup +
        "define void @f() personality ptr @__gxx_personality_v0 {\n"
        "  %a = alloca [16 x i8]\n"
        "  %b = alloca [16 x i8]\n"
        "  call void @llvm.lifetime.start.p0(ptr %a)\n"
        "  invoke void @use(ptr %a) to label %1 unwind label %lpa\n"
        "1:\n"
        "  call void @dtor(ptr %a)\n"
        "  call void @llvm.lifetime.end.p0(ptr %a)\n"
        "  call void @llvm.lifetime.start.p0(ptr %b)\n"
        "  invoke void @use(ptr %b) to label %2 unwind label %lpb\n"
        "2:\n"
        "  call void @dtor(ptr %b)\n"
        "  call void @llvm.lifetime.end.p0(ptr %b)\n"
        "  ret void\n"
        "lpa:\n"
        "  %ea = landingpad { ptr, i32 } cleanup\n"
        "  call void @dtor(ptr %a)\n"
        "  call void @llvm.lifetime.end.p0(ptr %a)\n"
        "  br label %out\n"
        "lpb:\n"
        "  %eb = landingpad { ptr, i32 } cleanup\n"
        "  call void @dtor(ptr %b)\n"
        "  call void @llvm.lifetime.end.p0(ptr %b)\n"
        "  br label %out\n"
        "out:\n"
        "  %e = phi { ptr, i32 } [ %ea, %lpa ], [ %eb, %lpb ]\n"
        "  resume { ptr, i32 } %e\n"
        "}\n"
        "define void @g() personality ptr @__gxx_personality_v0 {\n"
        "  %x = alloca [16 x i8]\n"
        "  %y = alloca [16 x i8]\n"
        "  call void @llvm.lifetime.start.p0(ptr %x)\n"
        "  call void @llvm.lifetime.start.p0(ptr %y)\n"
        "  invoke void @use(ptr %x) to label %1 unwind label %lpx\n"
        "1:\n"
        "  invoke void @use(ptr %y) to label %2 unwind label %lpy\n"
        "2:\n"
        "  ret void\n"
        "lpx:\n"
        "  %ex = landingpad { ptr, i32 } cleanup\n"
        "  call void @dtor(ptr %x)\n"
        "  br label %out\n"
        "lpy:\n"
        "  %ey = landingpad { ptr, i32 } cleanup\n"
        "  call void @dtor(ptr %y)\n"
        "  br label %out\n"
        "out:\n"
        "  %e = phi { ptr, i32 } [ %ex, %lpx ], [ %ey, %lpy ]\n"
        "  resume { ptr, i32 } %e\n"
        "}\n");
  // One landing pad's block: landingpad, call, branch.
  EXPECT_EQ(count("f", Feature::FoldedInstruction), 3);
  EXPECT_EQ(count("f", Feature::LandingPad), 2); // The kept pad, the resume.
  EXPECT_EQ(count("g", Feature::FoldedInstruction), 0);
  EXPECT_EQ(count("g", Feature::LandingPad), 3);
}

TEST_F(SizeModelTest, TailMergingSharesFailingChecksInMachineCode) {
  // Three failing checks (pugixml's tests): each stores its own message,
  // then longjmp(buffer, 1). No IR instruction of two such blocks is the
  // same but the call, yet their machine code shares four instructions
  // (the store of the message's register, the call's two arguments, the
  // call); the differing set-up of each message stays. Two such blocks
  // fold one copy of the store and the call. Blocks calling longjmp with
  // different values share only the call instruction itself.
  // A function whose two failing checks store M1 and M2 and pass
  // longjmp V1 and V2.
  auto Checks = [](const char *Name, const char *M1, const char *V1,
                   const char *M2, const char *V2) {
    std::string Out = std::string("define void @") + Name + "(i32 %x) {\n"
                      "  switch i32 %x, label %ok [ i32 1, label %f1\n"
                      "                             i32 2, label %f2 ]\n"
                      "ok:\n"
                      "  ret void\n";
    for (auto [Block, M, V] : {std::tuple{"f1", M1, V1}, {"f2", M2, V2}})
      Out += std::string(Block) + ":\n  store ptr @" + M +
             ", ptr @message\n  call void @longjmp(ptr @buffer, i32 " + V +
             ")\n  unreachable\n";
    return Out + "}\n";
  };
  parse("@buffer = global [200 x i8] zeroinitializer\n"
        "@message = global ptr null\n"
        "@m1 = constant [2 x i8] c\"a\\00\"\n"
        "@m2 = constant [2 x i8] c\"b\\00\"\n"
        "@m3 = constant [2 x i8] c\"c\\00\"\n"
        "declare void @longjmp(ptr, i32) noreturn\n" +
        Checks("f", "m1", "1", "m2", "1") + Checks("g", "m1", "1", "m3", "2"));
  EXPECT_EQ(count("f", Feature::FoldedInstruction), 2);
  // The set-up of the call's differing argument ends the common tail at
  // one machine instruction: too short to fold.
  EXPECT_EQ(count("g", Feature::FoldedInstruction), 0);
}

/// Fitted prices, on both targets with tables.
class FittedModelTest : public SizeModelTest,
                        public ::testing::WithParamInterface<const char *> {};

TEST_P(FittedModelTest, PricesMakeSense) {
  Module &Mod = parse("declare i64 @g(i64, i64)\n"
                      "declare void @h(ptr)\n"
                      "define i64 @body(i64 %a, i64 %b) minsize optsize {\n"
                      "  %x = mul i64 %a, %b\n"
                      "  %y = add i64 %x, 77\n"
                      "  %z = call i64 @g(i64 %y, i64 %x)\n"
                      "  %w = xor i64 %z, %a\n"
                      "  ret i64 %w\n}\n",
                      GetParam());
  SizeModel Size = SizeModel::forModule(Mod);
  ASSERT_TRUE(Size.isFitted()) << Size.basis();
  EXPECT_EQ(Size.basis(), "size model, " + Triple(GetParam()).getArchName().str());
  Function &Body = *Mod.getFunction("body");
  EXPECT_LT(Size.thunkBytes(Body), Size.functionBytes(Body));
  // Passing constants costs something; a wide one no less than a small
  // one, and a zero no more than a small one.
  Constant *Small = ConstantInt::get(Type::getInt64Ty(C), 24);
  Constant *Wide = ConstantInt::get(Type::getInt64Ty(C), 1ull << 40);
  Constant *Zero = ConstantInt::get(Type::getInt64Ty(C), 0);
  EXPECT_GT(Size.argumentBytes(*Small), 0u);
  EXPECT_GE(Size.argumentBytes(*Wide), Size.argumentBytes(*Small));
  EXPECT_LE(Size.argumentBytes(*Zero), Size.argumentBytes(*Small));
  EXPECT_GT(Size.thunkBytes(Body, {Small}), Size.thunkBytes(Body));
  EXPECT_GT(Size.callBytes({Small, Zero}), Size.callBytes({}));
  EXPECT_GT(Size.outputBytes(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Targets, FittedModelTest,
                         ::testing::Values("x86_64-unknown-linux-gnu",
                                           "aarch64-unknown-linux-gnu"));

/// What the machine outliner would share of a run coalesce outlines: only
/// where the target runs one, more for a longer run and more sites, less
/// where the sites' functions make no call (the return address is saved
/// around each outlined call), and nothing for a run too short to pay.
TEST_F(SizeModelTest, MachineOutlinerSharesRunsWhereItRuns) {
  Module &A64 = parse("define void @f() {\n  ret void\n}\n",
                      "aarch64-unknown-linux-gnu");
  SizeModel Size = SizeModel::forModule(A64);
  ASSERT_TRUE(Size.runsMachineOutliner());
  SizeModel::OutlinerRun Run;
  Run.Bytes = 40;
  double Three = Size.machineOutlinerBytes(Run, 3, 0);
  // Two of the three copies go, for a call at each and one return.
  EXPECT_NEAR(Three, 2 * 40 - 3 * Size.price(Feature::Call) -
                         Size.price(Feature::Return), 1e-9);
  EXPECT_GT(Size.machineOutlinerBytes(Run, 6, 0), Three);
  EXPECT_LT(Size.machineOutlinerBytes(Run, 3, 3), Three);
  // Ending in a call, the outlined run jumps to it: no return of its own.
  SizeModel::OutlinerRun Tail = Run;
  Tail.EndsInCall = true;
  EXPECT_GT(Size.machineOutlinerBytes(Tail, 3, 0), Three);
  // A call before its end: the outlined function saves its return address.
  SizeModel::OutlinerRun Inner = Run;
  Inner.Calls = true;
  EXPECT_LT(Size.machineOutlinerBytes(Inner, 3, 0), Three);
  SizeModel::OutlinerRun Short;
  Short.Bytes = 4;
  EXPECT_EQ(Size.machineOutlinerBytes(Short, 3, 0), 0);
  EXPECT_EQ(Size.machineOutlinerBytes(Run, 1, 0), 0);
  EXPECT_GT(Size.machineOutlinerSiteMargin(), 0u);

  Module &X86 = parse("define void @f() {\n  ret void\n}\n",
                      "x86_64-unknown-linux-gnu");
  SizeModel NoOutliner = SizeModel::forModule(X86);
  EXPECT_FALSE(NoOutliner.runsMachineOutliner());
  EXPECT_EQ(NoOutliner.machineOutlinerBytes(Run, 3, 0), 0);
  EXPECT_EQ(NoOutliner.machineOutlinerSiteMargin(), 0u);
  EXPECT_EQ(NoOutliner.calleeSavedRegisters(), 6u);
  EXPECT_EQ(Size.calleeSavedRegisters(), 10u);
}

TEST_F(SizeModelTest, UnknownTargetFallsBackAndSaysSo) {
  Module &Mod = parse("define i32 @f(i32 %a) {\n"
                      "  %b = add i32 %a, 1\n  ret i32 %b\n}\n",
                      "sparc-unknown-linux-gnu");
  SizeModel Size = SizeModel::forModule(Mod);
  EXPECT_FALSE(Size.isFitted());
  EXPECT_EQ(Size.basis(), "TTI estimate: no size model for sparc");
  // Two instructions, 4 bytes each, and 8 of padding, as before the model.
  EXPECT_EQ(Size.functionBytes(*Mod.getFunction("f")), 16u);
}

TEST_F(SizeModelTest, PreservedAcrossCallsByTarget) {
  Type *Float = Type::getFloatTy(C), *Double = Type::getDoubleTy(C);
  Type *V2F = FixedVectorType::get(Float, 2);
  Type *V4F = FixedVectorType::get(Float, 4);
  Type *I64 = Type::getInt64Ty(C), *Ptr = PointerType::getUnqual(C);
  // x86-64 saves no float or vector register.
  Module &X86 = parse("");
  EXPECT_FALSE(preservedAcrossCalls(*Float, X86));
  EXPECT_FALSE(preservedAcrossCalls(*Double, X86));
  EXPECT_FALSE(preservedAcrossCalls(*V4F, X86));
  EXPECT_TRUE(preservedAcrossCalls(*I64, X86));
  EXPECT_TRUE(preservedAcrossCalls(*Ptr, X86));
  // AArch64 saves the low 64 bits of v8-v15.
  Module &Arm = parse("", "aarch64-unknown-linux-gnu");
  EXPECT_TRUE(preservedAcrossCalls(*Double, Arm));
  EXPECT_TRUE(preservedAcrossCalls(*V2F, Arm));
  EXPECT_FALSE(preservedAcrossCalls(*V4F, Arm));
  EXPECT_TRUE(preservedAcrossCalls(*I64, Arm));
  // RISC-V saves fs0-fs11, scalars only.
  Module &RV = parse("", "riscv64-unknown-linux-gnu");
  EXPECT_TRUE(preservedAcrossCalls(*Double, RV));
  EXPECT_FALSE(preservedAcrossCalls(*V2F, RV));
  EXPECT_FALSE(preservedAcrossCalls(*V4F, RV));
  EXPECT_TRUE(preservedAcrossCalls(*Ptr, RV));
}

TEST_F(SizeModelTest, DoubleAcrossCallByTarget) {
  std::string Text = "declare void @g()\n"
                     "define double @f(double %a, double %b) {\n"
                     "  %d = fmul double %a, %b\n"
                     "  call void @g()\n"
                     "  %r = fadd double %d, 1.0\n"
                     "  ret double %r\n}\n";
  // %d is spilled and reloaded on x86-64, kept in d8-d15 on AArch64.
  parse(Text);
  EXPECT_EQ(count("f", Feature::UnsavedAcrossCall), 1);
  EXPECT_EQ(count("f", Feature::ValueAcrossCall), 0);
  parse(Text, "aarch64-unknown-linux-gnu");
  EXPECT_EQ(count("f", Feature::UnsavedAcrossCall), 0);
  EXPECT_EQ(count("f", Feature::ValueAcrossCall), 1);
}

} // namespace
