//===- test/unit/SimilarMergeTest.cpp - Similar-function merging's parts --===//
//
// The parts of similar-function merging one at a time, on small modules:
// MinHash fingerprints and the candidate search (SimilarCandidates), the
// test of whether one instruction can stand for two and the alignment of
// two bodies (SimilarAlignment), and the merged function built from an
// alignment (SimilarBuilder); and the rounds of the merger as a whole.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SimilarAlignment.h"
#include "core/merging/SimilarBuilder.h"
#include "core/merging/SimilarCandidates.h"
#include "core/merging/SimilarMerger.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using namespace coalesce;

namespace {

const char *const Head = "target triple = \"x86_64-unknown-linux-gnu\"\n"
                         "declare i32 @ext(i32)\n"
                         "declare i32 @ext2(i32)\n"
                         "declare i64 @ext64(i64)\n"
                         "declare ptr @h(ptr)\n"
                         "declare i32 @llvm.umax.i32(i32, i32)\n"
                         "declare i32 @llvm.umin.i32(i32, i32)\n"
                         "%S = type { i32, i32, i32 }\n";

std::string printed(const Function &F) {
  std::string S;
  raw_string_ostream OS(S);
  F.print(OS);
  return S;
}

/// A loop over an array with some arithmetic before and after it: 27
/// instructions in three blocks. Extra goes before the loop (a statement more), Callee is
/// the function called before the loop.
std::string loopBody(const std::string &Name, const std::string &Extra = "",
                     const std::string &Callee = "@ext",
                     const std::string &Mask = "65535") {
  return "define internal i32 @" + Name + "(ptr %v, i32 %n) {\n"
         "entry:\n"
         "  %k = load i32, ptr %v, align 4\n"
         "  %b = mul i32 %k, 24\n"
         "  %c = add i32 %b, 7\n" +
         Extra +
         "  %c1 = call i32 " + Callee + "(i32 %c)\n"
         "  %d = xor i32 %c1, %k\n"
         "  %s = shl i32 %d, 2\n"
         "  %t = sub i32 %s, %b\n"
         "  br label %loop\n"
         "loop:\n"
         "  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
         "  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]\n"
         "  %idx = zext i32 %i to i64\n"
         "  %gep = getelementptr inbounds i32, ptr %v, i64 %idx\n"
         "  %e = load i32, ptr %gep, align 4\n"
         "  %e2 = mul i32 %e, %e\n"
         "  %e3 = xor i32 %e2, %acc\n"
         "  %e4 = add i32 %e3, %i\n"
         "  %acc.next = add i32 %e4, %e\n"
         "  %i.next = add i32 %i, 1\n"
         "  %more = icmp ult i32 %i.next, %n\n"
         "  br i1 %more, label %loop, label %done\n"
         "done:\n"
         "  %g = lshr i32 %acc.next, 3\n"
         "  %h = mul i32 %g, %b\n"
         "  %h2 = or i32 %h, %c\n"
         "  %h3 = and i32 %h2, " + Mask + "\n"
         "  %h4 = mul i32 %h3, %k\n"
         "  %h5 = xor i32 %h4, %n\n"
         "  ret i32 %h5\n"
         "}\n";
}

/// A function unlike loopBody: straight-line floating point and a switch.
std::string unrelatedBody(const std::string &Name) {
  return "define internal i32 @" + Name + "(ptr %v, i32 %n) {\n"
         "entry:\n"
         "  %f = sitofp i32 %n to double\n"
         "  %f1 = fmul double %f, 2.5\n"
         "  %f2 = fadd double %f1, 1.0\n"
         "  %f3 = fdiv double %f2, %f\n"
         "  %q = getelementptr inbounds double, ptr %v, i64 3\n"
         "  store double %f3, ptr %q, align 8\n"
         "  %f4 = fsub double %f3, %f1\n"
         "  %f5 = fcmp olt double %f4, %f2\n"
         "  %z = zext i1 %f5 to i32\n"
         "  switch i32 %n, label %other [ i32 1, label %one\n"
         "                                i32 2, label %two ]\n"
         "one:\n"
         "  %o = fptosi double %f4 to i32\n"
         "  %o1 = sdiv i32 %o, 3\n"
         "  br label %out\n"
         "two:\n"
         "  %w = fptosi double %f2 to i32\n"
         "  %w1 = srem i32 %w, 5\n"
         "  br label %out\n"
         "other:\n"
         "  %x = trunc i32 %n to i8\n"
         "  %x1 = sext i8 %x to i32\n"
         "  br label %out\n"
         "out:\n"
         "  %r = phi i32 [ %o1, %one ], [ %w1, %two ], [ %x1, %other ]\n"
         "  %r1 = add i32 %r, %z\n"
         "  ret i32 %r1\n"
         "}\n";
}

class SimilarMergeTest : public ::testing::Test {
protected:
  Module &parse(const std::string &Text) {
    SMDiagnostic Err;
    M = parseAssemblyString(Head + Text, Err, C);
    if (!M) {
      std::string S;
      raw_string_ostream OS(S);
      Err.print("test", OS);
      ADD_FAILURE() << S;
      // Tests go on with an empty module and fail on what is missing.
      M = std::make_unique<Module>("empty", C);
    }
    std::string Errors;
    raw_string_ostream OS(Errors);
    EXPECT_FALSE(verifyModule(*M, &OS)) << "input does not verify: " << Errors;
    return *M;
  }
  Function &fn(StringRef Name) {
    Function *F = M->getFunction(Name);
    EXPECT_NE(F, nullptr) << Name.str();
    return *F;
  }
  /// The merged function of A and B ("a.similar"), checked to verify;
  /// null (a failure) if it was not built.
  Function *buildVerified(Function &A, Function &B, const Alignment &Al,
                          unsigned MaxParameters, MergedShape &Shape) {
    Function *MF = buildMergedFunction(A, B, Al, A.getAttributes(),
                                       "a.similar", MaxParameters, Shape);
    if (!MF) {
      ADD_FAILURE() << "the merged function was not built";
      return nullptr;
    }
    std::string Errors;
    raw_string_ostream OS(Errors);
    EXPECT_FALSE(verifyFunction(*MF, &OS)) << Errors << printed(*MF);
    return MF;
  }
  /// The merged function of @a and @b, aligned, as buildVerified makes
  /// it; null (a failure) if they do not align.
  Function *alignAndBuild(unsigned MaxParameters, MergedShape &Shape) {
    Function &A = fn("a"), &B = fn("b");
    std::optional<Alignment> Al = alignBodies(A, B);
    if (!Al) {
      ADD_FAILURE() << "@a and @b do not align";
      return nullptr;
    }
    return buildVerified(A, B, *Al, MaxParameters, Shape);
  }
  /// The instruction named Name in function Fn.
  Instruction *inst(StringRef Fn, StringRef Name) {
    if (Function *F = M->getFunction(Fn))
      for (Instruction &I : instructions(*F))
        if (I.getName() == Name)
          return &I;
    ADD_FAILURE() << "no %" << Name.str() << " in @" << Fn.str();
    return nullptr;
  }
  /// The first call in Fn.
  Instruction *firstCall(StringRef Fn) {
    if (Function *F = M->getFunction(Fn))
      for (Instruction &I : instructions(*F))
        if (isa<CallBase>(I))
          return &I;
    ADD_FAILURE() << "no call in @" << Fn.str();
    return nullptr;
  }
  /// canMergeInstructions of two instructions found (false, and a failure,
  /// if one is missing).
  static bool merges(const Instruction *L, const Instruction *R) {
    return L && R && canMergeInstructions(*L, *R);
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
};

//===----------------------------------------------------------------------===//
// Fingerprints
//===----------------------------------------------------------------------===//

TEST_F(SimilarMergeTest, FingerprintOfAFunctionWithItselfIsOne) {
  parse(loopBody("a") + unrelatedBody("u"));
  Fingerprint A = fingerprint(fn("a")), U = fingerprint(fn("u"));
  EXPECT_EQ(A.similarity(A), 1.0);
  EXPECT_EQ(U.similarity(U), 1.0);
  // Fingerprints are a function of the body: computed twice, the same.
  Fingerprint Again = fingerprint(fn("a"));
  EXPECT_EQ(A.Min, Again.Min);
  EXPECT_EQ(A.Size, 27u);
}

TEST_F(SimilarMergeTest, FingerprintsOfNearCopiesAreAlike) {
  parse(loopBody("a") +
        loopBody("extra", "  %x = call i32 @ext2(i32 %c)\n") +
        loopBody("callee", "", "@ext2") + loopBody("mask", "", "@ext", "255"));
  Fingerprint A = fingerprint(fn("a"));
  Fingerprint Extra = fingerprint(fn("extra"));
  // A statement more changes a few shingles of 28.
  EXPECT_GT(A.similarity(Extra), 0.6);
  EXPECT_EQ(A.similarity(Extra), Extra.similarity(A));
  // Operands (a callee of the same type, a constant) are not encoded: the
  // fingerprints are the same.
  EXPECT_EQ(A.similarity(fingerprint(fn("callee"))), 1.0);
  EXPECT_EQ(A.similarity(fingerprint(fn("mask"))), 1.0);
}

TEST_F(SimilarMergeTest, FingerprintsOfUnrelatedFunctionsDiffer) {
  parse(loopBody("a") + unrelatedBody("u"));
  Fingerprint A = fingerprint(fn("a")), U = fingerprint(fn("u"));
  EXPECT_LT(A.similarity(U), 0.2);
  // Same type: only the bodies tell them apart.
  EXPECT_EQ(A.Shape, U.Shape);
}

//===----------------------------------------------------------------------===//
// Candidate pairs
//===----------------------------------------------------------------------===//

/// A straight-line function of N instructions drawn from Seed, of integer
/// type T (i32 or i64). Variant changes its last instruction (a near copy)
/// and Param adds an unused parameter (another type, the same body).
std::string generated(const std::string &Name, unsigned Seed, unsigned N,
                      const std::string &T, bool Variant, bool Param) {
  std::mt19937 Rng(Seed);
  std::vector<std::string> Values = {"%a", "%b"};
  std::string Body;
  auto Pick = [&] {
    // Mostly recent values, sometimes an older one.
    size_t K = Values.size();
    size_t Back = Rng() % 3 == 0 ? Rng() % K : Rng() % std::min<size_t>(K, 3);
    return Values[K - 1 - Back];
  };
  static const char *const Binary[] = {"add", "sub", "mul", "xor",
                                       "and", "or",  "shl", "lshr"};
  for (unsigned I = 0; I != N;) {
    std::string V = "%v" + std::to_string(I);
    unsigned Kind = Rng() % 12;
    if (Variant && I + 2 >= N)
      Kind = 12; // The near copy ends differently.
    if (Kind < 8) {
      Body += "  " + V + " = " + Binary[Kind] + " " + T + " " + Pick() +
              ", " + Pick() + "\n";
      I += 1;
    } else if (Kind == 8 && I + 2 <= N) {
      Body += "  " + V + ".p = getelementptr inbounds " + T + ", ptr %p, " +
              T + " " + Pick() + "\n  " + V + " = load " + T + ", ptr " + V +
              ".p, align 4\n";
      I += 2;
    } else if (Kind == 9 && I + 2 <= N) {
      Body += "  " + V + ".c = icmp slt " + T + " " + Pick() + ", " + Pick() +
              "\n  " + V + " = select i1 " + V + ".c, " + T + " " + Pick() +
              ", " + T + " " + Pick() + "\n";
      I += 2;
    } else if (Kind == 10) {
      Body += "  " + V + " = call " + T + " " +
              (T == "i32" ? "@ext" : "@ext64") + "(" + T + " " + Pick() +
              ")\n";
      I += 1;
    } else if (Kind == 11 && I + 2 <= N) {
      Body += "  store " + T + " " + Pick() + ", ptr %p, align 4\n  " + V +
              " = udiv " + T + " " + Pick() + ", 3\n";
      I += 2;
    } else if (Kind == 12) {
      Body += "  " + V + " = sdiv " + T + " " + Pick() + ", 7\n";
      I += 1;
    } else {
      continue;
    }
    Values.push_back(V);
  }
  std::string Params = "ptr %p, " + T + " %a, " + T + " %b";
  if (Param)
    Params += ", i16 %unused";
  return "define internal " + T + " @" + Name + "(" + Params + ") {\n" + Body +
         "  ret " + T + " " + Values.back() + "\n}\n";
}

TEST_F(SimilarMergeTest, CandidatePairsAreNearCopiesOfOneType) {
  // 20 families of two near copies (straight-line code of 24 to 40
  // instructions, of i32 or i64), and for half of them a third function
  // with the body of the first but one parameter more: 50 functions.
  constexpr unsigned Families = 20;
  std::string Text;
  for (unsigned F = 0; F != Families; ++F) {
    std::string T = F % 3 == 2 ? "i64" : "i32";
    unsigned N = 24 + (F * 7) % 17, Seed = 1000 + F;
    std::string Base = "f" + std::to_string(F);
    Text += generated(Base + ".a", Seed, N, T, false, false);
    Text += generated(Base + ".b", Seed, N, T, true, false);
    if (F % 2 == 0)
      Text += generated(Base + ".wide", Seed, N, T, false, true);
  }
  parse(Text);
  std::vector<Function *> Functions;
  std::vector<Fingerprint> Prints;
  for (Function &F : *M)
    if (!F.isDeclaration()) {
      Functions.push_back(&F);
      Prints.push_back(fingerprint(F));
    }
  ASSERT_EQ(Functions.size(), 50u);

  std::vector<CandidatePair> Pairs = findCandidatePairs(Prints);
  auto Family = [&](unsigned I) {
    return Functions[I]->getName().split('.').first;
  };
  std::set<StringRef> Found;
  double Last = 1.0;
  for (const CandidatePair &P : Pairs) {
    ASSERT_LT(P.L, P.R);
    ASSERT_LT(P.R, Functions.size());
    Function &L = *Functions[P.L], &R = *Functions[P.R];
    EXPECT_EQ(L.getFunctionType(), R.getFunctionType())
        << L.getName().str() << " paired with " << R.getName().str();
    EXPECT_EQ(Family(P.L), Family(P.R))
        << L.getName().str() << " paired with " << R.getName().str();
    EXPECT_GE(P.Similarity, 0.5);
    // Most similar first.
    EXPECT_LE(P.Similarity, Last);
    Last = P.Similarity;
    Found.insert(Family(P.L));
  }
  // Every family's near copies, and nothing else.
  EXPECT_EQ(Found.size(), Families);
  EXPECT_EQ(Pairs.size(), size_t(Families));
  // The same input, the same pairs.
  std::vector<CandidatePair> Again = findCandidatePairs(Prints);
  ASSERT_EQ(Again.size(), Pairs.size());
  for (size_t I = 0; I != Pairs.size(); ++I)
    EXPECT_TRUE(Again[I].L == Pairs[I].L && Again[I].R == Pairs[I].R);
}

TEST_F(SimilarMergeTest, CandidatePairsNeverJoinDifferentTypes) {
  // The same bodies, one parameter apart: similar as can be, never paired.
  parse(generated("x", 7, 30, "i32", false, false) +
        generated("y", 7, 30, "i32", false, true));
  Fingerprint X = fingerprint(fn("x")), Y = fingerprint(fn("y"));
  EXPECT_EQ(X.similarity(Y), 1.0);
  EXPECT_NE(X.Shape, Y.Shape);
  std::vector<Fingerprint> Prints = {X, Y};
  EXPECT_TRUE(findCandidatePairs(Prints).empty());
}

//===----------------------------------------------------------------------===//
// canMergeInstructions
//===----------------------------------------------------------------------===//

TEST_F(SimilarMergeTest, SameOperationWithOtherOperandsMerges) {
  parse("define i32 @l(i32 %a, i32 %b, i32 %c) {\n"
        "  %x = add i32 %a, %b\n  %y = sub i32 %x, 5\n  ret i32 %y\n}\n"
        "define i32 @r(i32 %a, i32 %b, i32 %c) {\n"
        "  %x = add i32 %c, %a\n  %y = sub i32 %x, 9\n  ret i32 %y\n}\n");
  // Values that differ are chosen by the selector, constants of an
  // arithmetic operation too.
  EXPECT_TRUE(merges(inst("l", "x"), inst("r", "x")));
  EXPECT_TRUE(merges(inst("l", "y"), inst("r", "y")));
  EXPECT_TRUE(merges(inst("l", "x"), inst("l", "x")));
}

TEST_F(SimilarMergeTest, DifferentOpcodesDoNotMerge) {
  parse("define i32 @l(i32 %a, i32 %b) {\n"
        "  %x = add i32 %a, %b\n  %y = shl i32 %x, 1\n  ret i32 %y\n}\n"
        "define i32 @r(i32 %a, i32 %b) {\n"
        "  %x = sub i32 %a, %b\n  %y = shl nuw i32 %x, 1\n  ret i32 %y\n}\n");
  EXPECT_FALSE(merges(inst("l", "x"), inst("r", "x")));
  // The same opcode with different flags is one operation: the merged
  // instruction keeps the flags both state.
  EXPECT_TRUE(merges(inst("l", "y"), inst("r", "y")));
}

TEST_F(SimilarMergeTest, DifferentStructFieldDoesNotMerge) {
  parse("define i32 @l(ptr %p) {\n"
        "  %f = getelementptr inbounds %S, ptr %p, i32 0, i32 1\n"
        "  %x = load i32, ptr %f, align 4\n  ret i32 %x\n}\n"
        "define i32 @r(ptr %p) {\n"
        "  %f = getelementptr inbounds %S, ptr %p, i32 0, i32 2\n"
        "  %x = load i32, ptr %f, align 4\n  ret i32 %x\n}\n"
        "define i32 @q(ptr %p, ptr %q) {\n"
        "  %f = getelementptr inbounds %S, ptr %q, i32 0, i32 1\n"
        "  %x = load i32, ptr %f, align 4\n  ret i32 %x\n}\n");
  // A struct index must be a constant: no select can stand for it.
  EXPECT_FALSE(merges(inst("l", "f"), inst("r", "f")));
  // The base pointer may differ.
  EXPECT_TRUE(merges(inst("l", "f"), inst("q", "f")));
  // Loads of different addresses are one load of a chosen address.
  EXPECT_TRUE(merges(inst("l", "x"), inst("r", "x")));
}

TEST_F(SimilarMergeTest, CallAttributesThatIntersectMerge) {
  parse("define ptr @l(ptr %p) {\n"
        "  %x = call ptr @h(ptr nonnull %p)\n  ret ptr %x\n}\n"
        "define ptr @r(ptr %p) {\n"
        "  %x = call ptr @h(ptr %p)\n  ret ptr %x\n}\n"
        "define ptr @z(ptr %p) {\n"
        "  %x = call ptr @h(ptr byval(i32) %p)\n  ret ptr %x\n}\n");
  // nonnull is an assumption the merged call can drop.
  EXPECT_TRUE(merges(firstCall("l"), firstCall("r")));
  EXPECT_TRUE(merges(firstCall("r"), firstCall("l")));
  // byval changes how the argument is passed: not one call.
  EXPECT_FALSE(merges(firstCall("r"), firstCall("z")));
}

TEST_F(SimilarMergeTest, CallsOfDifferentCalleesOfOneTypeMerge) {
  parse("define i32 @l(i32 %a) {\n"
        "  %x = call i32 @ext(i32 %a)\n  ret i32 %x\n}\n"
        "define i32 @r(i32 %a) {\n"
        "  %x = call i32 @ext2(i32 %a)\n  ret i32 %x\n}\n"
        "define i32 @w(i32 %a) {\n"
        "  %e = sext i32 %a to i64\n"
        "  %y = call i64 @ext64(i64 %e)\n"
        "  %x = trunc i64 %y to i32\n  ret i32 %x\n}\n"
        "define i32 @m(i32 %a, i32 %b) {\n"
        "  %x = call i32 @llvm.umax.i32(i32 %a, i32 %b)\n  ret i32 %x\n}\n"
        "define i32 @n(i32 %a, i32 %b) {\n"
        "  %x = call i32 @llvm.umin.i32(i32 %a, i32 %b)\n  ret i32 %x\n}\n");
  EXPECT_TRUE(merges(firstCall("l"), firstCall("r")));
  EXPECT_FALSE(merges(firstCall("l"), firstCall("w")));
  // An intrinsic's address cannot be taken: no select of two.
  EXPECT_FALSE(merges(firstCall("m"), firstCall("n")));
}

TEST_F(SimilarMergeTest, CallsOfDifferentInlineAsmDoNotMerge) {
  parse("define i32 @l(i32 %a) {\n"
        "  %x = call i32 asm \"bswap $0\", \"=r,0\"(i32 %a)\n"
        "  ret i32 %x\n}\n"
        "define i32 @r(i32 %a) {\n"
        "  %x = call i32 asm \"notl $0\", \"=r,0\"(i32 %a)\n"
        "  ret i32 %x\n}\n");
  // Inline asm is no value a select can choose (the verifier rejects it
  // anywhere but as a callee), so two different asm calls are not one call.
  EXPECT_FALSE(merges(firstCall("l"), firstCall("r")));
  EXPECT_TRUE(merges(firstCall("l"), firstCall("l")));
}

//===----------------------------------------------------------------------===//
// alignBodies
//===----------------------------------------------------------------------===//

TEST_F(SimilarMergeTest, NearCopiesAlignAlmostEntirely) {
  parse(loopBody("a") +
        loopBody("b", "  store i32 %c, ptr %v, align 4\n"));
  Function &A = fn("a"), &B = fn("b");
  std::optional<Alignment> Al = alignBodies(A, B);
  ASSERT_TRUE(Al);
  // The entries pair first.
  ASSERT_FALSE(Al->Blocks.empty());
  EXPECT_EQ(Al->Blocks[0].L, &A.getEntryBlock());
  EXPECT_EQ(Al->Blocks[0].R, &B.getEntryBlock());
  // Every block pairs, and one terminator stands for each pair.
  EXPECT_EQ(Al->Blocks.size(), 3u);
  for (const AlignedBlock &Blk : Al->Blocks) {
    EXPECT_TRUE(Blk.L && Blk.R);
    EXPECT_TRUE(Blk.OneTerminator);
    EXPECT_FALSE(Blk.SwapR);
    if (Blk.L && Blk.R) {
      EXPECT_EQ(Blk.L->getName(), Blk.R->getName());
    }
  }
  // 27 - 3 terminators - 2 phis = 22 instructions are aligned in @a; all
  // pair with @b's, whose store is its own.
  EXPECT_EQ(Al->Matched, 22u);
  EXPECT_EQ(Al->Unmatched, 1u);
  unsigned Steps = 0;
  for (const AlignedBlock &Blk : Al->Blocks)
    for (const AlignedStep &S : Blk.Steps) {
      ++Steps;
      if (S.matched()) {
        EXPECT_EQ(S.L->getOpcode(), S.R->getOpcode());
      } else {
        ASSERT_TRUE(S.R);
        EXPECT_TRUE(isa<StoreInst>(S.R));
      }
    }
  EXPECT_EQ(Steps, 23u);
}

TEST_F(SimilarMergeTest, UnrelatedFunctionsAlignLittle) {
  parse(loopBody("a") + unrelatedBody("u"));
  std::optional<Alignment> Al = alignBodies(fn("a"), fn("u"));
  ASSERT_TRUE(Al);
  EXPECT_EQ(Al->Blocks[0].L, &fn("a").getEntryBlock());
  EXPECT_EQ(Al->Blocks[0].R, &fn("u").getEntryBlock());
  EXPECT_LT(Al->Matched, Al->Unmatched);
}

TEST_F(SimilarMergeTest, AlignmentBoundedByCells) {
  parse(loopBody("a") + loopBody("b", "  %x = call i32 @ext2(i32 %c)\n"));
  // The entry blocks hold 7 and 8 instructions to align: 72 cells.
  EXPECT_FALSE(alignBodies(fn("a"), fn("b"), 50));
}

// A chain of N blocks, each adding its number times Mul to the running
// value, and a switch in the entry that jumps into it at one of N/2 blocks
// (so the walk along the CFGs pairs the chain, and the switch's targets).
static std::string chain(const std::string &Name, unsigned N, unsigned Mul) {
  std::string S = "define internal i32 @" + Name + "(i32 %x, i32 %k) {\n"
                  "entry:\n  switch i32 %k, label %b0 [\n";
  for (unsigned I = 1; I < N / 2; ++I)
    S += "    i32 " + std::to_string(I) + ", label %b" + std::to_string(2 * I) +
         "\n";
  S += "  ]\n";
  for (unsigned I = 0; I != N; ++I) {
    std::string B = std::to_string(I);
    bool FromEntry = I % 2 == 0 && I < N - 1;
    S += "b" + B + ":\n  %p" + B + " = phi i32 ";
    if (FromEntry)
      S += "[ %x, %entry ]";
    if (I)
      S += std::string(FromEntry ? ", " : "") + "[ %v" +
           std::to_string(I - 1) + ", %b" + std::to_string(I - 1) + " ]";
    S += "\n  %m" + B + " = mul i32 %p" + B + ", " + std::to_string(Mul) +
         "\n  %v" + B + " = add i32 %m" + B + ", " + B + "\n";
    S += I + 1 == N ? "  ret i32 %v" + B + "\n"
                    : "  br label %b" + std::to_string(I + 1) + "\n";
  }
  return S + "}\n";
}

TEST_F(SimilarMergeTest, LargeFunctionsAlignBlockForBlock) {
  // Far more blocks than any one block has instructions: the walk along
  // the two CFGs pairs them all, with no comparison of every block with
  // every other.
  parse(chain("a", 600, 3) + chain("b", 600, 5));
  std::optional<Alignment> Al = alignBodies(fn("a"), fn("b"));
  ASSERT_TRUE(Al);
  ASSERT_EQ(Al->Blocks.size(), 601u);
  for (const AlignedBlock &B : Al->Blocks) {
    ASSERT_TRUE(B.L && B.R);
    EXPECT_EQ(B.L->getName(), B.R->getName());
    EXPECT_TRUE(B.OneTerminator);
  }
  EXPECT_EQ(Al->Unmatched, 0u);
}

//===----------------------------------------------------------------------===//
// buildMergedFunction
//===----------------------------------------------------------------------===//

TEST_F(SimilarMergeTest, MergedFunctionVerifiesAndTakesASelector) {
  parse(loopBody("a", "  store i32 %c, ptr %v, align 4\n") +
        loopBody("b", "", "@ext", "255"));
  Function &A = fn("a"), &B = fn("b");
  std::optional<Alignment> Al = alignBodies(A, B);
  ASSERT_TRUE(Al);
  unsigned FunctionsBefore = M->size();
  MergedShape Shape;
  Function *MF = buildVerified(A, B, *Al, /*MaxParameters=*/0, Shape);
  ASSERT_NE(MF, nullptr);
  EXPECT_EQ(M->size(), FunctionsBefore + 1);
  EXPECT_EQ(MF->getName(), "a.similar");
  EXPECT_TRUE(MF->hasInternalLinkage());
  // One parameter more, the selector, of type i1, last.
  ASSERT_EQ(MF->arg_size(), A.arg_size() + 1);
  for (unsigned I = 0; I != A.arg_size(); ++I)
    EXPECT_EQ(MF->getArg(I)->getType(), A.getArg(I)->getType());
  Argument *Sel = MF->getArg(A.arg_size());
  EXPECT_TRUE(Sel->getType()->isIntegerTy(1));
  EXPECT_EQ(Sel->getName(), "coalesce.selector");
  EXPECT_EQ(MF->getReturnType(), A.getReturnType());
  // The store only @a makes runs behind a branch on the selector, the mask
  // that differs is a select: the shape counts both.
  EXPECT_EQ(Shape.Branches, 1u);
  EXPECT_EQ(Shape.Selects, 1u);
  EXPECT_EQ(Shape.AddedAt.size(), 2u);
  unsigned Uses = 0;
  for (User *U : Sel->users()) {
    ++Uses;
    EXPECT_TRUE(isa<BranchInst>(U) || isa<SelectInst>(U)) << printed(*MF);
  }
  EXPECT_EQ(Uses, 2u);
  // The originals are as they were.
  EXPECT_FALSE(verifyFunction(A));
  EXPECT_FALSE(verifyFunction(B));
  EXPECT_EQ(A.arg_size(), 2u);
}

TEST_F(SimilarMergeTest, DifferingConstantsBecomeParameters) {
  parse(loopBody("a", "  store i32 %c, ptr %v, align 4\n") +
        loopBody("b", "", "@ext", "255"));
  Function &A = fn("a");
  MergedShape Shape;
  Function *MF = alignAndBuild(4, Shape);
  ASSERT_NE(MF, nullptr);
  EXPECT_EQ(MF->getName(), "a.similar");
  // The selector, then the mask: a parameter, not a select.
  ASSERT_EQ(MF->arg_size(), A.arg_size() + 2);
  EXPECT_EQ(MF->getArg(A.arg_size())->getName(), "coalesce.selector");
  Argument *Mask = MF->getArg(A.arg_size() + 1);
  EXPECT_EQ(Mask->getName(), "coalesce.constant");
  EXPECT_FALSE(Mask->use_empty());
  EXPECT_EQ(Shape.Selects, 0u);
  EXPECT_EQ(Shape.Branches, 1u);
  EXPECT_EQ(Shape.AddedAt.size(), 1u);
  ASSERT_EQ(Shape.Parameters.size(), 1u);
  auto *CL = dyn_cast<ConstantInt>(Shape.Parameters[0][0]);
  auto *CR = dyn_cast<ConstantInt>(Shape.Parameters[0][1]);
  ASSERT_TRUE(CL && CR);
  EXPECT_EQ(CR->getZExtValue(), 255u);
  EXPECT_NE(CL->getZExtValue(), 255u);
  for (const Instruction &I : instructions(*MF))
    EXPECT_FALSE(isa<SelectInst>(I)) << printed(*MF);
}

TEST_F(SimilarMergeTest, MergedFunctionOfInvertedBranchesVerifies) {
  // @b branches on the inverse condition to its successors swapped.
  std::string Tail = "small:\n"
                     "  %s1 = shl i32 %d, 2\n  %s2 = sub i32 %s1, %b\n"
                     "  %s3 = and i32 %s2, 255\n  br label %done\n"
                     "big:\n"
                     "  %b1 = lshr i32 %d, 3\n  %b2 = mul i32 %b1, %c\n"
                     "  %b3 = or i32 %b2, 1\n  br label %done\n"
                     "done:\n"
                     "  %r = phi i32 [ %s3, %small ], [ %b3, %big ]\n"
                     "  %r1 = mul i32 %r, %k\n  ret i32 %r1\n}\n";
  std::string Entry = "entry:\n"
                      "  %k = load i32, ptr %v, align 4\n"
                      "  %b = mul i32 %k, 24\n  %c = add i32 %b, %x\n"
                      "  %d = xor i32 %c, %k\n";
  parse("define i32 @a(ptr %v, i32 %x) {\n" + Entry +
        "  %cmp = icmp ult i32 %x, 100\n"
        "  br i1 %cmp, label %small, label %big\n" +
        Tail + "define i32 @b(ptr %v, i32 %x) {\n" + Entry +
        "  %cmp = icmp uge i32 %x, 100\n"
        "  br i1 %cmp, label %big, label %small\n" + Tail);
  Function &A = fn("a"), &B = fn("b");
  std::optional<Alignment> Al = alignBodies(A, B);
  ASSERT_TRUE(Al);
  ASSERT_FALSE(Al->Blocks.empty());
  EXPECT_TRUE(Al->Blocks[0].OneTerminator);
  EXPECT_TRUE(Al->Blocks[0].SwapR);
  for (const AlignedBlock &Blk : Al->Blocks) {
    ASSERT_TRUE(Blk.L && Blk.R);
    EXPECT_EQ(Blk.L->getName(), Blk.R->getName());
  }
  MergedShape Shape;
  Function *MF = buildVerified(A, B, *Al, 4, Shape);
  ASSERT_NE(MF, nullptr);
  EXPECT_EQ(MF->arg_size(), 3u);
  // No branch on the selector: the conditions are chosen.
  EXPECT_EQ(Shape.Branches, 0u);
  EXPECT_EQ(Shape.Selects, 1u);
  EXPECT_EQ(MF->size(), A.size());
}

TEST_F(SimilarMergeTest, OneChoiceServesEveryUseInItsBlock) {
  // %x differs (add against sub); three operands in the block use it.
  auto Body = [](const std::string &Name, const std::string &Op) {
    return "define internal i32 @" + Name + "(i32 %p, i32 %q) {\n"
           "  %x = " + Op + " i32 %p, 1\n"
           "  %y = mul i32 %x, %x\n"
           "  %z = xor i32 %y, %x\n"
           "  %w = add i32 %z, %q\n"
           "  ret i32 %w\n"
           "}\n";
  };
  parse(Body("a", "add") + Body("b", "sub"));
  MergedShape Shape;
  Function *MF = alignAndBuild(4, Shape);
  ASSERT_NE(MF, nullptr);
  unsigned Selects = 0;
  for (const Instruction &I : instructions(*MF))
    Selects += isa<SelectInst>(I);
  EXPECT_EQ(Selects, 1u) << printed(*MF);
  EXPECT_EQ(Shape.Selects, 1u);
  EXPECT_EQ(Shape.AddedAt.size(), 1u);
}

TEST_F(SimilarMergeTest, MergedInstructionKeepsTheFlagsBothState) {
  // %x differs (add against sub); %y and %z differ only in their flags.
  auto Body = [](const std::string &Name, const std::string &Op,
                 const std::string &Flags, const std::string &FMF) {
    return "define internal float @" + Name + "(i32 %p, float %f) {\n"
           "  %x = " + Op + " i32 %p, 1\n"
           "  %y = shl " + Flags + " i32 %x, 3\n"
           "  %c = sitofp i32 %y to float\n"
           "  %z = fadd " + FMF + " float %c, %f\n"
           "  ret float %z\n"
           "}\n";
  };
  parse(Body("a", "add", "nuw nsw", "fast") + Body("b", "sub", "nsw", "nnan"));
  MergedShape Shape;
  Function *MF = alignAndBuild(4, Shape);
  ASSERT_NE(MF, nullptr);
  const Instruction *Shl = nullptr, *FAdd = nullptr;
  for (const Instruction &I : instructions(*MF)) {
    if (I.getOpcode() == Instruction::Shl)
      Shl = &I;
    if (I.getOpcode() == Instruction::FAdd)
      FAdd = &I;
  }
  ASSERT_TRUE(Shl && FAdd) << printed(*MF);
  EXPECT_TRUE(Shl->hasNoSignedWrap()) << printed(*MF);
  EXPECT_FALSE(Shl->hasNoUnsignedWrap()) << printed(*MF);
  EXPECT_TRUE(FAdd->hasNoNaNs()) << printed(*MF);
  EXPECT_FALSE(FAdd->hasNoInfs()) << printed(*MF);
}

TEST_F(SimilarMergeTest, LaterRoundTriesOnlyPairsWithAFreshFunction) {
  // Two similar pairs of different types (b1 and b2 take one argument
  // more), each pair called from its own function.
  auto MoreArguments = [](std::string Body) {
    std::string From = "(ptr %v, i32 %n)";
    Body.replace(Body.find(From), From.size(), "(ptr %v, i32 %n, i32 %u)");
    return Body;
  };
  parse(loopBody("a1", "  store i32 %c, ptr %v, align 4\n") + loopBody("a2") +
        MoreArguments(loopBody("b1", "  store i32 %c, ptr %v, align 4\n")) +
        MoreArguments(loopBody("b2")) +
        "define i32 @use_a(ptr %p) {\n"
        "  %x = call i32 @a1(ptr %p, i32 5)\n"
        "  %y = call i32 @a2(ptr %p, i32 6)\n"
        "  %z = add i32 %x, %y\n"
        "  ret i32 %z\n"
        "}\n"
        "define i32 @use_b(ptr %p) {\n"
        "  %x = call i32 @b1(ptr %p, i32 5, i32 1)\n"
        "  %y = call i32 @b2(ptr %p, i32 6, i32 2)\n"
        "  %z = add i32 %x, %y\n"
        "  ret i32 %z\n"
        "}\n");
  SizeModel Size = SizeModel::forModule(*M);
  SimilarMergeOptions Options;
  Options.OutlinerRuns = false;
  // Only a2 is fresh: the a pair is tried, the b pair is not.
  DenseSet<const Function *> Fresh = {&fn("a2")}, Made;
  Report Rep;
  ProgramHotness Hot = ProgramHotness::none();
  RunTimeBudget Budget = RunTimeBudget::unlimited();
  EXPECT_TRUE(mergeSimilarFunctions(*M, Options, Rep, Size, Hot, Budget,
                                    &Fresh, &Made));
  EXPECT_FALSE(verifyModule(*M, &errs()));
  Function *MF = M->getFunction("a1.similar");
  ASSERT_NE(MF, nullptr);
  EXPECT_EQ(M->getFunction("a1"), nullptr);
  EXPECT_EQ(M->getFunction("a2"), nullptr);
  EXPECT_FALSE(fn("b1").isDeclaration());
  EXPECT_FALSE(fn("b2").isDeclaration());
  // What the next round tries again: the merged function and the caller
  // whose calls now pass a selector; nothing of the b pair.
  EXPECT_EQ(Made, (DenseSet<const Function *>{MF, &fn("use_a")}));
  // Without the restriction, the b pair merges too.
  Report Again;
  EXPECT_TRUE(mergeSimilarFunctions(*M, Options, Again, Size, Hot, Budget));
  EXPECT_NE(M->getFunction("b1.similar"), nullptr);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

} // namespace
