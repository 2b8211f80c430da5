//===- test/unit/FunctionOrderTest.cpp - Focused tests of the order -------===//
//
// Pairs of small functions that must compare equal (renaming, layout,
// documented equivalences) or unequal (one property changed), checked in
// both directions and, for equal pairs, against the structural hash. Then
// the public stages (cmpTypes, cmpConstants, cmpAttributeLists) directly.
//
//===----------------------------------------------------------------------===//

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace llvm;
using namespace coalesce;

namespace {

const char *const Header = R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128-ni:7"
target triple = "x86_64-unknown-linux-gnu"
@g0 = global i32 0
@ti0 = external constant ptr
@ti1 = external constant ptr
declare i32 @ext_i32(i32, i32)
declare i32 @ext_i32b(i32, i32)
declare void @ext_void(ptr)
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare i32 @other_personality(...)
define i32 @helper(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
!0 = !{i32 0, i32 10}
!1 = !{i32 1, i32 100}
!2 = !{}
!3 = !{!"branch_weights", i32 1, i32 2}
!4 = !{!"branch_weights", i32 5, i32 1}
!5 = !{!"root"}
!6 = !{!"int", !5, i64 0}
!7 = !{!6, !6, i64 0}
!8 = !{!"function_entry_count", i64 100}
!9 = !{!"function_entry_count", i64 7}
!10 = distinct !{!10, !"domain"}
!11 = distinct !{!11, !10, !"a"}
!12 = distinct !{!12, !10, !"b"}
!13 = !{!11}
!14 = !{!12}
!15 = distinct !{!15, !"other domain"}
!16 = distinct !{!16, !15, !"c"}
!17 = !{!16}
declare void @llvm.experimental.noalias.scope.decl(metadata)
)";

/// A pair of functions: either two bodies for a fixed signature, or two
/// whole definitions with "@NAME" where the function's name goes.
struct Pair {
  const char *Name;
  const char *F;
  const char *G;
};

void PrintTo(const Pair &P, std::ostream *OS) { *OS << P.Name; }

std::string define(const std::string &Name, const char *Text) {
  std::string S = Text;
  if (S.rfind("define", 0) == 0) {
    for (size_t At; (At = S.find("@NAME")) != std::string::npos;)
      S.replace(At, 5, "@" + Name);
    return S + "\n";
  }
  return "define i32 @" + Name +
         "(ptr %p, i64 %n, i32 %a, i32 %b, float %x, double %d, <4 x i32> "
         "%v, i1 %c) {\n" +
         S + "\n}\n";
}

// Parses and stops the test if the IR does not parse or verify.
#define PARSE(...) ASSERT_NO_FATAL_FAILURE(parse(__VA_ARGS__))

class OrderTest : public ::testing::Test {
protected:
  /// Parses Header plus Text; the module must verify.
  void parse(const std::string &Text) {
    SMDiagnostic Err;
    M = parseAssemblyString(std::string(Header) + Text, Err, C);
    if (!M) {
      std::string S;
      raw_string_ostream OS(S);
      Err.print("test", OS);
      FAIL() << S;
    }
    std::string Errors;
    raw_string_ostream OS(Errors);
    ASSERT_FALSE(verifyModule(*M, &OS)) << Errors;
    Ctx = std::make_unique<OrderContext>(*M);
  }
  Function *fn(const char *Name) {
    Function *F = M->getFunction(Name);
    EXPECT_TRUE(F) << Name;
    return F;
  }
  /// compare(F, G), after checking reflexivity and antisymmetry.
  int cmp(const char *F, const char *G) {
    Function *L = fn(F), *R = fn(G);
    EXPECT_EQ(0, FunctionOrder(L, L, *Ctx).compare());
    EXPECT_EQ(0, FunctionOrder(R, R, *Ctx).compare());
    int LR = FunctionOrder(L, R, *Ctx).compare();
    int RL = FunctionOrder(R, L, *Ctx).compare();
    EXPECT_EQ(LR, -RL) << F << " vs " << G;
    return LR;
  }
  bool sameHash(const char *F, const char *G) {
    return hashFunction(*fn(F)) == hashFunction(*fn(G));
  }
  void parsePair(const Pair &P) {
    parse(define("f", P.F) + define("g", P.G));
  }
  /// A FunctionOrder over two arbitrary functions, for the stage API.
  FunctionOrder stages() { return FunctionOrder(fn("helper"), fn("helper"), *Ctx); }

  LLVMContext C;
  std::unique_ptr<Module> M;
  std::unique_ptr<OrderContext> Ctx;
};

//===-- Pairs that must compare equal -------------------------------------===//

const Pair EqualPairs[] = {
    // Assumptions (inferred facts) are intersected on merging, not compared.
    {"FunctionAssumptionAttribute",
     "define i32 @NAME(i32 %a) nounwind memory(none) {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"ParamAssumptionAttribute",
     "define i32 @NAME(i32 noundef range(i32 0, 5) %a) {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"Renamed", "%s = add nsw i32 %a, 1\n ret i32 %s",
     "%t = add nsw i32 %a, 1\n ret i32 %t"},
    {"BlockLayout",
     "entry:\n br i1 %c, label %x1, label %x2\n"
     "x1:\n ret i32 1\nx2:\n ret i32 2",
     "entry:\n br i1 %c, label %y1, label %y2\n"
     "y2:\n ret i32 2\ny1:\n ret i32 1"},
    {"UnreachableBlocksIgnored",
     "entry:\n ret i32 %a\ndead:\n %z = mul i32 %a, %b\n ret i32 %z",
     "entry:\n ret i32 %a\ndead:\n ret i32 7"},
    {"GEPStructFieldEqualsByteOffset",
     "%q = getelementptr { i32, i32 }, ptr %p, i64 0, i32 1\n"
     " %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr i8, ptr %p, i64 4\n %l = load i32, ptr %q\n"
     " ret i32 %l"},
    {"GEPArrayEqualsByteOffset",
     "%q = getelementptr inbounds [8 x i8], ptr %p, i64 0, i64 4\n"
     " %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr inbounds i8, ptr %p, i64 4\n %l = load i32, ptr %q\n"
     " ret i32 %l"},
    {"GEPIndexWidthAndScale",
     "%q = getelementptr i32, ptr %p, i32 3\n store i32 0, ptr %q\n ret i32 0",
     "%q = getelementptr i8, ptr %p, i64 12\n store i32 0, ptr %q\n"
     " ret i32 0"},
    {"PtrLoadStoreEqualsI64",
     "%l = load ptr, ptr %p\n store ptr %l, ptr %p\n"
     " %z = icmp eq ptr %l, null\n %r = zext i1 %z to i32\n ret i32 %r",
     "%l = load i64, ptr %p\n store i64 %l, ptr %p\n"
     " %z = icmp eq i64 %l, 0\n %r = zext i1 %z to i32\n ret i32 %r"},
    {"PtrSignatureEqualsI64", "define ptr @NAME(ptr %p) {\n ret ptr %p\n}",
     "define i64 @NAME(i64 %p) {\n ret i64 %p\n}"},
    {"NullPtrEqualsZero", "store ptr null, ptr %p\n ret i32 0",
     "store i64 0, ptr %p\n ret i32 0"},
    {"BranchProfIgnored",
     "entry:\n br i1 %c, label %t, label %e, !prof !3\n"
     "t:\n ret i32 1\ne:\n ret i32 2",
     "entry:\n br i1 %c, label %t, label %e, !prof !4\n"
     "t:\n ret i32 1\ne:\n ret i32 2"},
    {"SelectProfIgnored", "%s = select i1 %c, i32 %a, i32 %b, !prof !3\n ret i32 %s",
     "%s = select i1 %c, i32 %a, i32 %b\n ret i32 %s"},
    {"FunctionEntryCountIgnored",
     "define i32 @NAME(i32 %a) !prof !8 {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) !prof !9 {\n ret i32 %a\n}"},
    {"ParamAttributeOrder",
     "define i32 @NAME(ptr noundef nonnull align 8 %p) {\n"
     " %l = load i32, ptr %p\n ret i32 %l\n}",
     "define i32 @NAME(ptr align 8 nonnull noundef %p) {\n"
     " %l = load i32, ptr %p\n ret i32 %l\n}"},
    {"FunctionAttributeOrder",
     "define i32 @NAME(i32 %a) nounwind \"k\"=\"v\" willreturn {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) willreturn \"k\"=\"v\" nounwind {\n ret i32 %a\n}"},
    {"CallSiteAttributeOrder",
     "%r = call noundef i32 @ext_i32(i32 noundef signext %a, i32 %b) nounwind "
     "willreturn\n ret i32 %r",
     "%r = call noundef i32 @ext_i32(i32 signext noundef %a, i32 %b) "
     "willreturn nounwind\n ret i32 %r"},
    // Instruction metadata only adds assumptions; it is not compared (the
    // merger generalizes the kept body's metadata instead, see
    // MergerTest.cpp).
    {"RangeMetadataNotCompared", "%l = load i32, ptr %p, !range !0\n ret i32 %l",
     "%l = load i32, ptr %p, !range !1\n ret i32 %l"},
    {"TBAAMetadataNotCompared", "%l = load i32, ptr %p, !tbaa !7\n ret i32 %l",
     "%l = load i32, ptr %p\n ret i32 %l"},
    {"NonnullMetadataNotCompared",
     "%l = load ptr, ptr %p, !nonnull !2\n store i32 0, ptr %l\n ret i32 0",
     "%l = load ptr, ptr %p\n store i32 0, ptr %l\n ret i32 0"},
    {"PersonalityWithoutPadsIgnored",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"ShuffleMaskSpelling",
     "%s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> "
     "zeroinitializer\n %e = extractelement <4 x i32> %s, i32 0\n ret i32 %e",
     "%s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, "
     "i32 0, i32 0, i32 0>\n %e = extractelement <4 x i32> %s, i32 0\n"
     " ret i32 %e"},
    {"SelfRecursion",
     "define i32 @NAME(i32 %a) {\nentry:\n %z = icmp eq i32 %a, 0\n"
     " br i1 %z, label %done, label %rec\nrec:\n %m = sub i32 %a, 1\n"
     " %r = call i32 @NAME(i32 %m)\n %s = mul i32 %a, %r\n ret i32 %s\n"
     "done:\n ret i32 1\n}",
     "define i32 @NAME(i32 %a) {\nentry:\n %z = icmp eq i32 %a, 0\n"
     " br i1 %z, label %done, label %rec\nrec:\n %m = sub i32 %a, 1\n"
     " %r = call i32 @NAME(i32 %m)\n %s = mul i32 %a, %r\n ret i32 %s\n"
     "done:\n ret i32 1\n}"},
    {"LoopPhisRenamed",
     "entry:\n br label %h\nh:\n %i = phi i32 [ 0, %entry ], [ %j, %h ]\n"
     " %j = add i32 %i, 1\n %k = icmp ult i32 %j, %a\n"
     " br i1 %k, label %h, label %exit\nexit:\n ret i32 %j",
     "entry:\n br label %head\nhead:\n %u = phi i32 [ 0, %entry ], [ %w, %head ]\n"
     " %w = add i32 %u, 1\n %k2 = icmp ult i32 %w, %a\n"
     " br i1 %k2, label %head, label %out\nout:\n ret i32 %w"},    // Optional flags only add assumptions: the merger keeps those both
    // bodies state (generalizeAssumptions).
    {"NswVsNuw", "%s = add nsw i32 %a, 1\n ret i32 %s",
     "%s = add nuw i32 %a, 1\n ret i32 %s"},
    {"Disjoint", "%s = or disjoint i32 %a, %b\n ret i32 %s",
     "%s = or i32 %a, %b\n ret i32 %s"},
    {"Exact", "%s = udiv exact i32 %a, %b\n ret i32 %s",
     "%s = udiv i32 %a, %b\n ret i32 %s"},
    {"Nneg", "%s = zext nneg i32 %a to i64\n %t = trunc i64 %s to i32\n ret i32 %t",
     "%s = zext i32 %a to i64\n %t = trunc i64 %s to i32\n ret i32 %t"},
    {"TruncNuw", "%s = trunc nuw i64 %n to i32\n ret i32 %s",
     "%s = trunc i64 %n to i32\n ret i32 %s"},
    {"SameSign", "%s = icmp samesign ult i32 %a, %b\n %r = zext i1 %s to i32\n ret i32 %r",
     "%s = icmp ult i32 %a, %b\n %r = zext i1 %s to i32\n ret i32 %r"},
    {"FastMathFlags", "%s = fadd nnan float %x, %x\n %r = fptosi float %s to i32\n ret i32 %r",
     "%s = fadd nsz float %x, %x\n %r = fptosi float %s to i32\n ret i32 %r"},
    {"GEPInbounds",
     "%q = getelementptr inbounds i8, ptr %p, i64 4\n %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr i8, ptr %p, i64 4\n %l = load i32, ptr %q\n ret i32 %l"},
    // The address of a block of the function itself names the block the
    // walk pairs, whatever the function is called.
    {"BlockAddressOfOwnBlocksRenamed",
     "define i32 @NAME(i1 %c) {\nentry:\n"
     " %t = select i1 %c, ptr blockaddress(@NAME, %a), ptr blockaddress(@NAME, %b)\n"
     " indirectbr ptr %t, [label %a, label %b]\na:\n ret i32 1\nb:\n ret i32 2\n}",
     "define i32 @NAME(i1 %c) {\nentry:\n"
     " %t = select i1 %c, ptr blockaddress(@NAME, %a), ptr blockaddress(@NAME, %b)\n"
     " indirectbr ptr %t, [label %a, label %b]\nb:\n ret i32 2\na:\n ret i32 1\n}"},
    // Scopes a function declares are names of its own, as values are.
    {"DeclaredScopesRenamed",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n"
     " store i32 0, ptr %p, !noalias !13\n ret i32 %l",
     "call void @llvm.experimental.noalias.scope.decl(metadata !14)\n"
     " %l = load i32, ptr %p, !alias.scope !14\n"
     " store i32 0, ptr %p, !noalias !14\n ret i32 %l"},
    // Scopes declared nowhere hold for the whole call in either body: the
    // merger generalizes their attachments like any other metadata.
    {"UndeclaredScopesNotCompared",
     "%l = load i32, ptr %p, !alias.scope !13\n ret i32 %l",
     "%l = load i32, ptr %p\n ret i32 %l"},
};

class EqualPair : public OrderTest,
                  public ::testing::WithParamInterface<Pair> {};

TEST_P(EqualPair, ComparesEqualAndHashesEqual) {
  ASSERT_NO_FATAL_FAILURE(parsePair(GetParam()));
  EXPECT_EQ(0, cmp("f", "g"));
  EXPECT_TRUE(sameHash("f", "g"));
}

INSTANTIATE_TEST_SUITE_P(
    Documented, EqualPair, ::testing::ValuesIn(EqualPairs),
    [](const ::testing::TestParamInfo<Pair> &I) { return I.param.Name; });

//===-- Pairs that differ in exactly one property -------------------------===//

const Pair DifferentPairs[] = {
    {"AddVsSub", "%s = add i32 %a, %b\n ret i32 %s",
     "%s = sub i32 %a, %b\n ret i32 %s"},
    {"ICmpPredicate", "%s = icmp ult i32 %a, %b\n %r = zext i1 %s to i32\n ret i32 %r",
     "%s = icmp slt i32 %a, %b\n %r = zext i1 %s to i32\n ret i32 %r"},
    {"FCmpPredicate", "%s = fcmp olt float %x, 1.0\n %r = zext i1 %s to i32\n ret i32 %r",
     "%s = fcmp ult float %x, 1.0\n %r = zext i1 %s to i32\n ret i32 %r"},
    {"SignedZero", "%s = fadd float %x, 0.0\n %r = fptosi float %s to i32\n ret i32 %r",
     "%s = fadd float %x, -0.0\n %r = fptosi float %s to i32\n ret i32 %r"},
    {"NaNPayload",
     "%s = fadd double %d, 0x7FF8000000000000\n %r = fptosi double %s to i32\n ret i32 %r",
     "%s = fadd double %d, 0x7FF8000000000001\n %r = fptosi double %s to i32\n ret i32 %r"},
    {"IntConstant", "ret i32 1", "ret i32 2"},
    {"LoadAlign", "%l = load i32, ptr %p, align 4\n ret i32 %l",
     "%l = load i32, ptr %p, align 8\n ret i32 %l"},
    {"LoadVolatile", "%l = load volatile i32, ptr %p\n ret i32 %l",
     "%l = load i32, ptr %p\n ret i32 %l"},
    {"LoadOrdering", "%l = load atomic i32, ptr %p monotonic, align 4\n ret i32 %l",
     "%l = load atomic i32, ptr %p acquire, align 4\n ret i32 %l"},
    {"LoadSyncScope",
     "%l = load atomic i32, ptr %p syncscope(\"singlethread\") acquire, align 4\n ret i32 %l",
     "%l = load atomic i32, ptr %p acquire, align 4\n ret i32 %l"},
    {"StoreOrdering", "store atomic i32 %a, ptr %p release, align 4\n ret i32 0",
     "store atomic i32 %a, ptr %p seq_cst, align 4\n ret i32 0"},
    {"StoreVolatile", "store volatile i32 %a, ptr %p\n ret i32 0",
     "store i32 %a, ptr %p\n ret i32 0"},
    {"FenceOrdering", "fence acquire\n ret i32 0", "fence release\n ret i32 0"},
    {"FenceSyncScope", "fence syncscope(\"agent\") seq_cst\n ret i32 0",
     "fence seq_cst\n ret i32 0"},
    {"CmpXchgWeak",
     "%r = cmpxchg weak ptr %p, i32 %a, i32 %b acq_rel monotonic\n"
     " %v0 = extractvalue { i32, i1 } %r, 0\n ret i32 %v0",
     "%r = cmpxchg ptr %p, i32 %a, i32 %b acq_rel monotonic\n"
     " %v0 = extractvalue { i32, i1 } %r, 0\n ret i32 %v0"},
    {"CmpXchgFailureOrdering",
     "%r = cmpxchg ptr %p, i32 %a, i32 %b acq_rel monotonic\n"
     " %v0 = extractvalue { i32, i1 } %r, 0\n ret i32 %v0",
     "%r = cmpxchg ptr %p, i32 %a, i32 %b acq_rel acquire\n"
     " %v0 = extractvalue { i32, i1 } %r, 0\n ret i32 %v0"},
    {"AtomicRMWOperation", "%r = atomicrmw add ptr %p, i32 %a seq_cst\n ret i32 %r",
     "%r = atomicrmw sub ptr %p, i32 %a seq_cst\n ret i32 %r"},
    {"AtomicRMWVolatile",
     "%r = atomicrmw volatile umax ptr %p, i32 %a monotonic\n ret i32 %r",
     "%r = atomicrmw umax ptr %p, i32 %a monotonic\n ret i32 %r"},
    {"AllocaType", "%m = alloca i32\n store i32 %a, ptr %m\n ret i32 0",
     "%m = alloca i64\n store i32 %a, ptr %m\n ret i32 0"},
    {"AllocaAlign", "%m = alloca i32, align 4\n store i32 %a, ptr %m\n ret i32 0",
     "%m = alloca i32, align 16\n store i32 %a, ptr %m\n ret i32 0"},
    {"GEPOffset",
     "%q = getelementptr i8, ptr %p, i64 4\n %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr i8, ptr %p, i64 8\n %l = load i32, ptr %q\n ret i32 %l"},
    {"GEPConstantVsVariable",
     "%q = getelementptr i8, ptr %p, i64 4\n %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr i8, ptr %p, i64 %n\n %l = load i32, ptr %q\n ret i32 %l"},
    {"GEPVariableScale",
     "%q = getelementptr i32, ptr %p, i64 %n\n %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr i64, ptr %p, i64 %n\n %l = load i32, ptr %q\n ret i32 %l"},
    {"ExtractElementIndex", "%e = extractelement <4 x i32> %v, i32 0\n ret i32 %e",
     "%e = extractelement <4 x i32> %v, i32 1\n ret i32 %e"},
    {"ShuffleMask",
     "%s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>\n"
     " %e = extractelement <4 x i32> %s, i32 0\n ret i32 %e",
     "%s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 1, i32 2, i32 3>\n"
     " %e = extractelement <4 x i32> %s, i32 0\n ret i32 %e"},
    {"InsertValueIndex",
     "%s = insertvalue { i32, i32 } zeroinitializer, i32 %a, 0\n"
     " %e = extractvalue { i32, i32 } %s, 1\n ret i32 %e",
     "%s = insertvalue { i32, i32 } zeroinitializer, i32 %a, 1\n"
     " %e = extractvalue { i32, i32 } %s, 1\n ret i32 %e"},
    {"SelectOperandOrder", "%s = select i1 %c, i32 %a, i32 %b\n ret i32 %s",
     "%s = select i1 %c, i32 %b, i32 %a\n ret i32 %s"},
    {"BranchSuccessorOrder",
     "entry:\n br i1 %c, label %t, label %e\nt:\n ret i32 1\ne:\n ret i32 2",
     "entry:\n br i1 %c, label %e, label %t\nt:\n ret i32 1\ne:\n ret i32 2"},
    {"PhiIncomingBlocks",
     "entry:\n br i1 %c, label %t, label %e\nt:\n br label %j\ne:\n br label %j\n"
     "j:\n %r = phi i32 [ 1, %t ], [ 2, %e ]\n ret i32 %r",
     "entry:\n br i1 %c, label %t, label %e\nt:\n br label %j\ne:\n br label %j\n"
     "j:\n %r = phi i32 [ 2, %t ], [ 1, %e ]\n ret i32 %r"},
    {"SwitchCaseValue",
     "entry:\n switch i32 %a, label %other [ i32 1, label %one ]\n"
     "one:\n ret i32 10\nother:\n ret i32 20",
     "entry:\n switch i32 %a, label %other [ i32 2, label %one ]\n"
     "one:\n ret i32 10\nother:\n ret i32 20"},
    {"DifferentCallee", "%r = call i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r",
     "%r = call i32 @ext_i32b(i32 %a, i32 %b)\n ret i32 %r"},
    {"CallingConvention", "%r = call fastcc i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r",
     "%r = call i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r"},
    {"TailCallKind", "%r = tail call i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r",
     "%r = notail call i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r"},
    {"CallArgAttribute", "%r = call i32 @ext_i32(i32 noundef %a, i32 %b)\n ret i32 %r",
     "%r = call i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r"},
    {"CallReturnRange", "%r = call range(i32 0, 10) i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r",
     "%r = call range(i32 0, 11) i32 @ext_i32(i32 %a, i32 %b)\n ret i32 %r"},
    {"OperandBundleTag",
     "%r = call i32 @ext_i32(i32 %a, i32 %b) [ \"deopt\"(i32 %a) ]\n ret i32 %r",
     "%r = call i32 @ext_i32(i32 %a, i32 %b) [ \"other\"(i32 %a) ]\n ret i32 %r"},
    {"InlineAsmString", "%r = call i32 asm \"mov $0, $1\", \"=r,r\"(i32 %a)\n ret i32 %r",
     "%r = call i32 asm \"lea $0, $1\", \"=r,r\"(i32 %a)\n ret i32 %r"},
    {"InlineAsmSideEffect",
     "%r = call i32 asm sideeffect \"mov $0, $1\", \"=r,r\"(i32 %a)\n ret i32 %r",
     "%r = call i32 asm \"mov $0, $1\", \"=r,r\"(i32 %a)\n ret i32 %r"},
    {"VaArgType", "%r = va_arg ptr %p, i64\n store i64 %r, ptr %p\n ret i32 0",
     "%r = va_arg ptr %p, double\n store double %r, ptr %p\n ret i32 0"},
    {"BitcastTarget",
     "%s = bitcast <4 x i32> %v to <2 x i64>\n store <2 x i64> %s, ptr %p\n ret i32 0",
     "%s = bitcast <4 x i32> %v to <4 x float>\n store <4 x float> %s, ptr %p\n ret i32 0"},
    {"PtrToIntVsPtrToAddr",
     "%s = ptrtoint ptr %p to i64\n %t = trunc i64 %s to i32\n ret i32 %t",
     "%s = ptrtoaddr ptr %p to i64\n %t = trunc i64 %s to i32\n ret i32 %t"},
    {"NonZeroAddressSpaceIsNotI64",
     "define i64 @NAME(ptr addrspace(1) %p) {\n %l = load i64, ptr addrspace(1) %p\n ret i64 %l\n}",
     "define i64 @NAME(i64 %p) {\n %q = inttoptr i64 %p to ptr addrspace(1)\n"
     " %l = load i64, ptr addrspace(1) %q\n ret i64 %l\n}"},
    {"NonIntegralPointerIsNotI64",
     "define i64 @NAME(ptr addrspace(7) %p) {\n ret i64 0\n}",
     "define i64 @NAME(i64 %p) {\n ret i64 0\n}"},
    {"PtrIsNotI32", "define i32 @NAME(ptr %p) {\n ret i32 0\n}",
     "define i32 @NAME(i32 %p) {\n ret i32 0\n}"},
    {"FunctionAttribute", "define i32 @NAME(i32 %a) noinline {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"ParamAttribute", "define i32 @NAME(i8 zeroext %a) {\n ret i32 0\n}",
     "define i32 @NAME(i8 %a) {\n ret i32 0\n}"},
    {"Section", "define i32 @NAME(i32 %a) section \".text.a\" {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) section \".text.b\" {\n ret i32 %a\n}"},
    {"GC", "define i32 @NAME(i32 %a) gc \"statepoint-example\" {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"FunctionCallingConvention", "define fastcc i32 @NAME(i32 %a) {\n ret i32 %a\n}",
     "define i32 @NAME(i32 %a) {\n ret i32 %a\n}"},
    {"LandingPadClause",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } catch ptr @ti0\n resume { ptr, i32 } %l\n"
     "ok:\n ret i32 %r\n}",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } catch ptr @ti1\n resume { ptr, i32 } %l\n"
     "ok:\n ret i32 %r\n}"},
    {"LandingPadCleanup",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } cleanup\n resume { ptr, i32 } %l\n"
     "ok:\n ret i32 %r\n}",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } cleanup catch ptr null\n"
     " resume { ptr, i32 } %l\nok:\n ret i32 %r\n}"},
    {"PersonalityAtLandingPad",
     "define i32 @NAME(i32 %a) personality ptr @__gxx_personality_v0 {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } cleanup\n resume { ptr, i32 } %l\n"
     "ok:\n ret i32 %r\n}",
     "define i32 @NAME(i32 %a) personality ptr @other_personality {\n"
     " %r = invoke i32 @ext_i32(i32 %a, i32 %a) to label %ok unwind label %lp\n"
     "lp:\n %l = landingpad { ptr, i32 } cleanup\n resume { ptr, i32 } %l\n"
     "ok:\n ret i32 %r\n}"},
    {"CatchSwitchUnwind",
     "define void @NAME(ptr %p) personality ptr @__CxxFrameHandler3 {\n"
     " invoke void @ext_void(ptr %p) to label %ok unwind label %cs\n"
     "cs:\n %s = catchswitch within none [label %h] unwind to caller\n"
     "h:\n %t = catchpad within %s [ptr null, i32 64, ptr null]\n"
     " catchret from %t to label %ok\nok:\n ret void\n}",
     "define void @NAME(ptr %p) personality ptr @__CxxFrameHandler3 {\n"
     " invoke void @ext_void(ptr %p) to label %ok unwind label %cs\n"
     "cs:\n %s = catchswitch within none [label %h] unwind label %cl\n"
     "h:\n %t = catchpad within %s [ptr null, i32 64, ptr null]\n"
     " catchret from %t to label %ok\n"
     "cl:\n %u = cleanuppad within none []\n cleanupret from %u unwind to caller\n"
     "ok:\n ret void\n}"},
    {"CallsItselfVsCallsOther",
     "define i32 @NAME(i32 %a) {\n %r = call i32 @NAME(i32 %a)\n ret i32 %r\n}",
     "define i32 @NAME(i32 %a) {\n %r = call i32 @helper(i32 %a)\n ret i32 %r\n}"},
    // The address of a block of the function itself must name the block
    // the walk pairs, not the block at the same layout position: @g jumps
    // to the block that returns 2 where @f returns 1.
    {"BlockAddressOfOwnBlocks",
     "define i32 @NAME(i1 %c) {\nentry:\n"
     " %t = select i1 %c, ptr blockaddress(@NAME, %a), ptr blockaddress(@NAME, %b)\n"
     " indirectbr ptr %t, [label %a, label %b]\na:\n ret i32 1\nb:\n ret i32 2\n}",
     "define i32 @NAME(i1 %c) {\nentry:\n"
     " %t = select i1 %c, ptr blockaddress(@NAME, %b), ptr blockaddress(@NAME, %a)\n"
     " indirectbr ptr %t, [label %a, label %b]\nb:\n ret i32 2\na:\n ret i32 1\n}"},
    // Equal byte offsets are not enough when the no-wrap flags make one
    // spelling poison: i64 2^61 * 8 wraps (signed), so the first GEP is
    // poison; the second is %p.
    {"GEPInboundsOverflowingIndex",
     "%q = getelementptr inbounds i64, ptr %p, i64 2305843009213693952\n"
     " %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr inbounds i8, ptr %p, i64 0\n %l = load i32, ptr %q\n"
     " ret i32 %l"},
    // The same attachment promises more where its scope is declared
    // nowhere (the whole call) than where the body declares it.
    {"ScopeDeclaredOnOneSideOnly",
     "call void @llvm.experimental.noalias.scope.decl(metadata !14)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n ret i32 %l",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n ret i32 %l"},
    // Two scopes of one domain against one scope named twice.
    {"TwoDeclaredScopesAgainstOne",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " call void @llvm.experimental.noalias.scope.decl(metadata !14)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n"
     " store i32 0, ptr %p, !noalias !14\n ret i32 %l",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n"
     " store i32 0, ptr %p, !noalias !13\n ret i32 %l"},
    // Scopes of one domain against scopes of two: no-alias promises hold
    // within a domain.
    {"DeclaredScopesInOtherDomains",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " call void @llvm.experimental.noalias.scope.decl(metadata !14)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n"
     " store i32 0, ptr %p, !noalias !14\n ret i32 %l",
     "call void @llvm.experimental.noalias.scope.decl(metadata !13)\n"
     " call void @llvm.experimental.noalias.scope.decl(metadata !17)\n"
     " %l = load i32, ptr %p, !alias.scope !13\n"
     " store i32 0, ptr %p, !noalias !17\n ret i32 %l"},
    // nuw: index -1 scaled by 4 wraps (unsigned), so the first GEP is
    // poison; the second adds 4.
    {"GEPNuwNegativeIndex",
     "%q = getelementptr nuw [2 x i32], ptr %p, i64 1, i64 -1\n"
     " %l = load i32, ptr %q\n ret i32 %l",
     "%q = getelementptr nuw i8, ptr %p, i64 4\n %l = load i32, ptr %q\n"
     " ret i32 %l"},
};

class DifferentPair : public OrderTest,
                      public ::testing::WithParamInterface<Pair> {};

TEST_P(DifferentPair, ComparesUnequal) {
  ASSERT_NO_FATAL_FAILURE(parsePair(GetParam()));
  EXPECT_NE(0, cmp("f", "g"));
}

INSTANTIATE_TEST_SUITE_P(
    OneProperty, DifferentPair, ::testing::ValuesIn(DifferentPairs),
    [](const ::testing::TestParamInfo<Pair> &I) { return I.param.Name; });

//===-- The public stages --------------------------------------------------===//

TEST_F(OrderTest, CmpTypesCoercesOnlyAddressSpaceZeroPointers) {
  PARSE("");
  FunctionOrder O = stages();
  Type *Ptr = PointerType::get(C, 0), *Ptr1 = PointerType::get(C, 1);
  Type *Ptr7 = PointerType::get(C, 7); // Non-integral in this layout.
  Type *I64 = Type::getInt64Ty(C), *I32 = Type::getInt32Ty(C);
  EXPECT_EQ(0, O.cmpTypes(Ptr, I64));
  EXPECT_EQ(0, O.cmpTypes(I64, Ptr));
  EXPECT_NE(0, O.cmpTypes(Ptr, I32));
  EXPECT_NE(0, O.cmpTypes(Ptr1, I64));
  EXPECT_NE(0, O.cmpTypes(Ptr7, I64));
  EXPECT_EQ(-O.cmpTypes(Ptr1, Ptr), O.cmpTypes(Ptr, Ptr1));
  // Aggregates coerce element-wise; struct names do not matter.
  auto *A = StructType::create(C, {Ptr, I32}, "A");
  auto *B = StructType::create(C, {I64, I32}, "B");
  auto *Packed = StructType::create(C, {I64, I32}, "P", /*isPacked=*/true);
  EXPECT_EQ(0, O.cmpTypes(A, B));
  EXPECT_NE(0, O.cmpTypes(B, Packed));
  EXPECT_EQ(0, O.cmpTypes(FixedVectorType::get(Ptr, 2),
                          FixedVectorType::get(I64, 2)));
  EXPECT_NE(0, O.cmpTypes(ArrayType::get(I32, 2), ArrayType::get(I32, 3)));
}

TEST_F(OrderTest, CmpConstantsVectorClassAndNullness) {
  PARSE("");
  FunctionOrder O = stages();
  auto *V2I32 = FixedVectorType::get(Type::getInt32Ty(C), 2);
  auto *V4I16 = FixedVectorType::get(Type::getInt16Ty(C), 4);
  auto *V4I32 = FixedVectorType::get(Type::getInt32Ty(C), 4);
  Constant *Z2I32 = Constant::getNullValue(V2I32);
  Constant *Z4I16 = Constant::getNullValue(V4I16);
  // Same size, both null: the same bits.
  EXPECT_EQ(0, O.cmpConstants(Z2I32, Z4I16));
  // Same size, not null: types tell them apart, antisymmetrically.
  Constant *One2I32 = ConstantInt::get(V2I32, 1);
  Constant *One4I16 = ConstantInt::get(V4I16, 1);
  int R = O.cmpConstants(One2I32, One4I16);
  EXPECT_NE(0, R);
  EXPECT_EQ(-R, O.cmpConstants(One4I16, One2I32));
  // Null orders consistently against non-null within the class.
  EXPECT_EQ(-O.cmpConstants(Z2I32, One4I16), O.cmpConstants(One4I16, Z2I32));
  EXPECT_NE(0, O.cmpConstants(Z2I32, One2I32));
  // Different sizes, or a vector and a scalar: different classes.
  EXPECT_NE(0, O.cmpConstants(Z2I32, Constant::getNullValue(V4I32)));
  EXPECT_NE(0, O.cmpConstants(Z2I32, ConstantInt::get(Type::getInt64Ty(C), 0)));
  // ptr null is i64 0.
  EXPECT_EQ(0, O.cmpConstants(ConstantPointerNull::get(PointerType::get(C, 0)),
                              ConstantInt::get(Type::getInt64Ty(C), 0)));
}

// Vectors of pointers have no primitive size; two null vectors of
// different lengths (128 and 256 bits) must not fall into one class.
TEST_F(OrderTest, CmpConstantsNullPointerVectorsOfDifferentLengthDiffer) {
  PARSE("");
  FunctionOrder O = stages();
  Type *Ptr = PointerType::get(C, 0);
  EXPECT_NE(0, O.cmpConstants(
                   Constant::getNullValue(FixedVectorType::get(Ptr, 2)),
                   Constant::getNullValue(FixedVectorType::get(Ptr, 4))));
}

TEST_F(OrderTest, CmpConstantsFloatingPointBits) {
  PARSE("");
  FunctionOrder O = stages();
  Type *F32 = Type::getFloatTy(C), *F64 = Type::getDoubleTy(C);
  EXPECT_NE(0, O.cmpConstants(ConstantFP::get(F32, 0.0),
                              ConstantFP::get(F32, -0.0)));
  APInt Q(64, 0x7FF8000000000000ULL), P(64, 0x7FF8000000000001ULL);
  Constant *NaN1 = ConstantFP::get(C, APFloat(APFloat::IEEEdouble(), Q));
  Constant *NaN2 = ConstantFP::get(C, APFloat(APFloat::IEEEdouble(), P));
  EXPECT_NE(0, O.cmpConstants(NaN1, NaN2));
  EXPECT_EQ(-O.cmpConstants(NaN1, NaN2), O.cmpConstants(NaN2, NaN1));
  EXPECT_EQ(0, O.cmpConstants(NaN1, ConstantFP::get(C, APFloat(APFloat::IEEEdouble(), Q))));
  // Same value, different semantics.
  EXPECT_NE(0, O.cmpConstants(ConstantFP::get(F32, 1.0),
                              ConstantFP::get(F64, 1.0)));
}

TEST_F(OrderTest, CmpAttributeListsIgnoresSpellingOrder) {
  PARSE("declare void @a(ptr noundef nonnull %p, i32 signext %x) nounwind willreturn\n"
        "declare void @b(ptr nonnull noundef %p, i32 signext %x) willreturn nounwind\n"
        "declare void @c(ptr nonnull %p, i32 signext %x) willreturn nounwind\n"
        "declare void @d(ptr nonnull noundef %p, i32 zeroext %x) willreturn nounwind\n");
  FunctionOrder O = stages();
  AttributeList A = fn("a")->getAttributes(), B = fn("b")->getAttributes(),
                Cl = fn("c")->getAttributes(), D = fn("d")->getAttributes();
  EXPECT_EQ(0, O.cmpAttributeLists(A, B));
  int AC = O.cmpAttributeLists(A, Cl), BD = O.cmpAttributeLists(B, D);
  EXPECT_NE(0, AC);
  EXPECT_EQ(-AC, O.cmpAttributeLists(Cl, A));
  EXPECT_NE(0, BD);
  EXPECT_EQ(-BD, O.cmpAttributeLists(D, B));
}

// Declarations compare by signature alone.
TEST_F(OrderTest, DeclarationsCompareBySignature) {
  PARSE("declare i32 @d1(i32)\ndeclare i32 @d2(i32)\ndeclare i64 @d3(i32)\n");
  EXPECT_EQ(0, cmp("d1", "d2"));
  EXPECT_NE(0, cmp("d1", "d3"));
  EXPECT_NE(0, cmp("d1", "helper")); // Declaration vs definition.
}

// Globals compare by numbers the context hands out once: asking again gives
// the same answers, and the three answers are consistent.
TEST_F(OrderTest, OrderIsStableWithinAContext) {
  PARSE(define("f", "%l = call i32 @ext_i32(i32 %a, i32 %a)\n ret i32 %l") +
        define("g", "%l = call i32 @ext_i32b(i32 %a, i32 %a)\n ret i32 %l") +
        define("h", "%l = call i32 @helper(i32 %a)\n ret i32 %l"));
  int FG = cmp("f", "g"), GH = cmp("g", "h"), FH = cmp("f", "h");
  for (int I = 0; I != 3; ++I) {
    EXPECT_EQ(FG, cmp("f", "g"));
    EXPECT_EQ(GH, cmp("g", "h"));
    EXPECT_EQ(FH, cmp("f", "h"));
  }
  if (FG == GH) {
    EXPECT_EQ(FG, FH);
  }
}

// CFI type ids count only while a type test can still read them; a
// !kcfi_type hash is checked by indirect callers at run time and always
// counts.
TEST_F(OrderTest, TypeIdsCountOnlyWhileTypeTestsRemain) {
  const char *Defs = R"(
define i32 @f(i32 %a) !type !20 {
  ret i32 %a
}
define i32 @g(i32 %a) !type !21 {
  ret i32 %a
}
define i32 @k(i32 %a) !kcfi_type !22 {
  ret i32 %a
}
define i32 @l(i32 %a) !kcfi_type !23 {
  ret i32 %a
}
!20 = !{i64 0, !"A"}
!21 = !{i64 0, !"B"}
!22 = !{i32 1}
!23 = !{i32 2}
)";
  PARSE(Defs);
  EXPECT_FALSE(Ctx->typeIdsMatter());
  EXPECT_EQ(0, cmp("f", "g"));
  EXPECT_NE(0, cmp("k", "l"));

  PARSE(std::string(Defs) + R"(
define i1 @test(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"A")
  ret i1 %t
}
declare i1 @llvm.type.test(ptr, metadata)
)");
  EXPECT_TRUE(Ctx->typeIdsMatter());
  EXPECT_NE(0, cmp("f", "g"));
  EXPECT_NE(0, cmp("k", "l"));
}

} // namespace
