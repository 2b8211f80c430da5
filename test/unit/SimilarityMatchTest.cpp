//===- test/unit/SimilarityMatchTest.cpp - Structural similarity ----------===//
//
// The one-to-one mapping between candidate regions (the RFC's examples),
// commutativity, predicate isomorphism, branch structure, and the whole
// analysis: groups, their order, determinism and the value mapping.
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"

#include <set>
#include "core/outlining/Outliner.h"
#include "core/regions/GroupDetails.h"
#include "core/regions/Similarity.h"
#include "core/regions/StructuralMatch.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <array>

using namespace llvm;
using namespace coalesce;

namespace {

/// A module whose functions each hold one region: every legal instruction
/// of the function, up to its first illegal one.
class Regions {
public:
  Regions(const std::string &Text, SimilarityOptions O = {}) : Options(O) {
    SMDiagnostic Err;
    M = parseAssemblyString(Text, Err, C);
    if (!M) {
      Err.print("SimilarityMatchTest", errs());
      return;
    }
    Mapper = std::make_unique<InstructionMapper>(Options);
    Mapper->mapModule(*M);
  }

  bool ok() const { return M != nullptr; }

  /// Start and length of @Name's region.
  std::pair<unsigned, unsigned> region(StringRef Name) const {
    ArrayRef<MappedInstruction> P = Mapper->positions();
    unsigned Start = 0, Len = 0;
    for (unsigned K = 0; K < P.size(); ++K) {
      if (!P[K].Legal || P[K].Inst->getFunction()->getName() != Name) {
        if (Len)
          break;
        continue;
      }
      if (!Len)
        Start = K;
      ++Len;
    }
    return {Start, Len};
  }

  /// Whether @A's and @B's regions are structurally similar; fills AToB.
  MatchResult match(StringRef A, StringRef B,
                    std::vector<Value *> *BOfA = nullptr,
                    unsigned Budget = 0) {
    auto RA = region(A), RB = region(B);
    if (RA.second != RB.second || !RA.second)
      return MatchResult::Different;
    ArrayRef<unsigned> S = Mapper->string();
    if (S.slice(RA.first, RA.second) != S.slice(RB.first, RB.second))
      return MatchResult::Different;
    RegionEncoder E(*Mapper);
    RegionCode CA, CB;
    E.encode(RA.first, RA.second, CA, true);
    E.encode(RB.first, RB.second, CB, true);
    RegionLayout L = E.layout(RA.first, RA.second);
    std::vector<unsigned> AToB;
    MatchResult R = mapRegions(CA, CB, L, &AToB, Budget);
    if (R == MatchResult::Similar && BOfA) {
      BOfA->assign(CA.Values.size(), nullptr);
      for (unsigned X = 1; X < AToB.size(); ++X)
        (*BOfA)[X] = CB.Values[AToB[X]];
    }
    return R;
  }

  bool similar(StringRef A, StringRef B) {
    return match(A, B) == MatchResult::Similar;
  }

  Function *fn(StringRef Name) { return M->getFunction(Name); }

  SimilarityOptions Options;
  LLVMContext C;
  std::unique_ptr<Module> M;
  std::unique_ptr<InstructionMapper> Mapper;
};

std::string fn(const std::string &Name, const std::string &Args,
               const std::string &Body) {
  return "define void @" + Name + "(" + Args + ") {\n" + Body +
         "  ret void\n}\n";
}

const char *Sink = "declare void @use(i32)\n";

// The RFC (its %1..%4 spelled %v1..%v4, which IR allows as names):
// %1 = add %2, %3; %4 = add %1, %2 is similar to
// %a = add %b, %c; %d = add %b, %a (the second add commutes), and not to
// %a = add %b, %c; %d = add %a, %e (%2 is used twice, %b once).
TEST(SimilarityMatch, RFCExample) {
  Regions R(fn("x", "i32 %v2, i32 %v3", "  %v1 = add i32 %v2, %v3\n"
                                        "  %v4 = add i32 %v1, %v2\n") +
            fn("y", "i32 %b, i32 %c", "  %a = add i32 %b, %c\n"
                                      "  %d = add i32 %b, %a\n") +
            fn("z", "i32 %b, i32 %c, i32 %e", "  %a = add i32 %b, %c\n"
                                              "  %d = add i32 %a, %e\n"));
  ASSERT_TRUE(R.ok());
  std::vector<Value *> Map;
  EXPECT_EQ(R.match("x", "y", &Map), MatchResult::Similar);
  // x's values in reading order: %v2, %v3, %v1, %v4; %v2 -> %b, %v3 -> %c.
  Function *Y = R.fn("y");
  ASSERT_EQ(Map.size(), 5u);
  EXPECT_EQ(Map[1], Y->getArg(0));
  EXPECT_EQ(Map[2], Y->getArg(1));
  EXPECT_FALSE(R.similar("x", "z"));
  EXPECT_FALSE(R.similar("y", "z"));
  // llvm-sim's commutativity has integer add too.
  SimilarityOptions Strict;
  Strict.WiderCommutativity = false;
  Regions RS(fn("x", "i32 %v2, i32 %v3", "  %v1 = add i32 %v2, %v3\n"
                                         "  %v4 = add i32 %v1, %v2\n") +
                 fn("y", "i32 %b, i32 %c", "  %a = add i32 %b, %c\n"
                                           "  %d = add i32 %b, %a\n"),
             Strict);
  EXPECT_TRUE(RS.similar("x", "y"));
}

// The RFC's introduction: constants 10 and 11 and the registers are inputs;
// sgt with swapped operands is slt.
TEST(SimilarityMatch, RFCConstantsAndPredicate) {
  Regions R(fn("x", "i32 %a", "  %1 = add i32 %a, 10\n"
                              "  %2 = add i32 %a, %1\n"
                              "  %3 = icmp slt i32 %1, %2\n") +
            fn("y", "i32 %a", "  %1 = add i32 11, %a\n"
                              "  %2 = add i32 %a, %1\n"
                              "  %3 = icmp sgt i32 %2, %1\n") +
            fn("z", "i32 %a", "  %1 = add i32 11, %a\n"
                              "  %2 = add i32 %a, %1\n"
                              "  %3 = icmp sgt i32 %1, %2\n"));
  ASSERT_TRUE(R.ok());
  EXPECT_TRUE(R.similar("x", "y"));
  // z compares %1 > %2, x compares %1 < %2: same integers, no mapping.
  EXPECT_FALSE(R.similar("x", "z"));
}

TEST(SimilarityMatch, NonCommutativeOperandsDoNotSwap) {
  Regions R(fn("x", "i32 %a, i32 %b", "  %1 = sub i32 %a, %b\n"
                                      "  %2 = sub i32 %1, %a\n") +
            fn("y", "i32 %a, i32 %b", "  %1 = sub i32 %b, %a\n"
                                      "  %2 = sub i32 %1, %b\n") +
            fn("z", "i32 %a, i32 %b", "  %1 = sub i32 %a, %b\n"
                                      "  %2 = sub i32 %1, %b\n"));
  ASSERT_TRUE(R.ok());
  EXPECT_TRUE(R.similar("x", "y")); // %a <-> %b throughout.
  EXPECT_FALSE(R.similar("x", "z"));
}

// The first add pairs either way; only the later sub tells which. The
// search must come back and cross the first pairing.
TEST(SimilarityMatch, CommutativeChoiceResolvedLater) {
  Regions R(fn("x", "i32 %a, i32 %b, i32 %c", "  %1 = add i32 %a, %b\n"
                                              "  %2 = sub i32 %a, %c\n"
                                              "  %3 = sub i32 %1, %2\n") +
            fn("y", "i32 %d, i32 %e, i32 %f", "  %1 = add i32 %d, %e\n"
                                              "  %2 = sub i32 %e, %f\n"
                                              "  %3 = sub i32 %1, %2\n"));
  ASSERT_TRUE(R.ok());
  std::vector<Value *> Map;
  EXPECT_EQ(R.match("x", "y", &Map), MatchResult::Similar);
  EXPECT_EQ(Map[1], R.fn("y")->getArg(1)); // %a -> %e
  EXPECT_EQ(Map[2], R.fn("y")->getArg(0)); // %b -> %d
  // With a budget of one step the search cannot finish.
  EXPECT_EQ(R.match("x", "y", nullptr, 1), MatchResult::GaveUp);
}

TEST(SimilarityMatch, WiderCommutativity) {
  std::string Text =
      fn("x", "float %a, float %b, ptr %p",
         "  %1 = fadd float %a, %b\n  %2 = fsub float %1, %a\n"
         "  store float %2, ptr %p\n") +
      fn("y", "float %a, float %b, ptr %p",
         "  %1 = fadd float %b, %a\n  %2 = fsub float %1, %a\n"
         "  store float %2, ptr %p\n") +
      fn("u", "i32 %a, i32 %b, ptr %p",
         "  %1 = icmp eq i32 %a, 0\n  %2 = icmp ne i32 %b, %a\n"
         "  %3 = and i1 %1, %2\n  store i1 %3, ptr %p\n") +
      fn("v", "i32 %a, i32 %b, ptr %p",
         "  %1 = icmp eq i32 %a, 0\n  %2 = icmp ne i32 %a, %b\n"
         "  %3 = and i1 %1, %2\n  store i1 %3, ptr %p\n") +
      fn("s", "i32 %a, i32 %b, ptr %p",
         "  %1 = call i32 @llvm.smax.i32(i32 %a, i32 %b)\n"
         "  %2 = sub i32 %1, %a\n  store i32 %2, ptr %p\n") +
      fn("t", "i32 %a, i32 %b, ptr %p",
         "  %1 = call i32 @llvm.smax.i32(i32 %b, i32 %a)\n"
         "  %2 = sub i32 %1, %a\n  store i32 %2, ptr %p\n") +
      "declare i32 @llvm.smax.i32(i32, i32)\n";
  Regions Wide(Text);
  ASSERT_TRUE(Wide.ok());
  EXPECT_TRUE(Wide.similar("x", "y"));
  EXPECT_TRUE(Wide.similar("u", "v"));
  EXPECT_TRUE(Wide.similar("s", "t"));
  SimilarityOptions Strict;
  Strict.WiderCommutativity = false;
  Regions Narrow(Text, Strict);
  EXPECT_FALSE(Narrow.similar("x", "y"));
  EXPECT_FALSE(Narrow.similar("u", "v"));
  EXPECT_FALSE(Narrow.similar("s", "t"));
}

TEST(SimilarityMatch, OneToOneBothWays) {
  // x uses one value twice where y uses two: no bijection.
  Regions R(fn("x", "i32 %a, ptr %p", "  %1 = mul i32 %a, %a\n"
                                      "  store i32 %1, ptr %p\n") +
            fn("y", "i32 %a, i32 %b, ptr %p", "  %1 = mul i32 %a, %b\n"
                                              "  store i32 %1, ptr %p\n"));
  ASSERT_TRUE(R.ok());
  EXPECT_FALSE(R.similar("x", "y"));
  EXPECT_FALSE(R.similar("y", "x"));
}

TEST(SimilarityMatch, ConstantsAndCalleesAreValues) {
  Regions R(fn("x", "i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                              "  %2 = call i32 @g(i32 %1)\n") +
            fn("y", "i32 %a", "  %1 = call i32 @h(i32 %a)\n"
                              "  %2 = call i32 @h(i32 %1)\n") +
            fn("z", "i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                              "  %2 = call i32 @h(i32 %1)\n") +
            "declare i32 @g(i32)\ndeclare i32 @h(i32)\n");
  ASSERT_TRUE(R.ok());
  EXPECT_TRUE(R.similar("x", "y"));  // @g -> @h consistently.
  EXPECT_FALSE(R.similar("x", "z")); // @g would map to both.
}

// Regions across blocks: the branch structure inside must agree; blocks
// outside are values mapped one-to-one.
TEST(SimilarityMatch, BranchStructure) {
  auto Body = [](const char *Cond, const char *T, const char *F) {
    return std::string("  %c = icmp ") + Cond +
           " i32 %a, 0\n"
           "  br i1 %c, label %" +
           T + ", label %" + F +
           "\n"
           "then:\n  %x = add i32 %a, 1\n  br label %join\n"
           "else:\n  %y = add i32 %a, 2\n  br label %join\n"
           "join:\n  %p = phi i32 [ %x, %then ], [ %y, %else ]\n"
           "  call void @use(i32 %p)\n";
  };
  Regions R(fn("x", "i32 %a", Body("eq", "then", "else")) +
                fn("y", "i32 %a", Body("eq", "then", "else")) +
                fn("z", "i32 %a", Body("eq", "else", "then")) + Sink,
            SimilarityOptions());
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.region("x").second, 8u);
  EXPECT_TRUE(R.similar("x", "y"));
  // Same instructions, but the branch goes the other way round.
  EXPECT_FALSE(R.similar("x", "z"));
}

//===-- The analysis -------------------------------------------------------===//

std::string threeCopies() {
  std::string Body = "  %1 = add i32 %a, %b\n  %2 = mul i32 %1, %a\n"
                     "  %3 = sub i32 %2, %b\n  call void @use(i32 %3)\n";
  std::string Other = "  %1 = add i32 %a, %b\n  %2 = mul i32 %1, %b\n"
                      "  %3 = sub i32 %2, %b\n  call void @use(i32 %3)\n";
  return fn("f1", "i32 %a, i32 %b", Body) + fn("f2", "i32 %b, i32 %a", Body) +
         fn("f3", "i32 %a, i32 %b", Other) + fn("f4", "i32 %a, i32 %b", Other) +
         fn("f5", "i32 %a, i32 %b", Body) + Sink;
}

TEST(SimilarityAnalysisTest, GroupsSplitByStructure) {
  LLVMContext C;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(threeCopies(), Err, C);
  ASSERT_TRUE(M);
  SimilarityAnalysis S;
  S.run(*M);
  ASSERT_FALSE(S.groups().empty());
  // The longest repeated sequence is the whole body (4 instructions); its
  // five occurrences form two groups: f1, f2, f5 and f3, f4.
  std::vector<std::vector<std::string>> Longest;
  for (const SimilarityGroup &G : S.groups()) {
    if (G.Length != 4)
      continue;
    std::vector<std::string> Names;
    for (const SimilarRegion &R : G.Regions)
      Names.push_back(R.First->getFunction()->getName().str());
    std::sort(Names.begin(), Names.end());
    Longest.push_back(Names);
  }
  std::sort(Longest.begin(), Longest.end());
  ASSERT_EQ(Longest.size(), 2u);
  EXPECT_EQ(Longest[0], (std::vector<std::string>{"f1", "f2", "f5"}));
  EXPECT_EQ(Longest[1], (std::vector<std::string>{"f3", "f4"}));
  // Longest first.
  for (unsigned K = 1; K < S.groups().size(); ++K)
    EXPECT_GE(S.groups()[K - 1].Length, S.groups()[K].Length);
}

TEST(SimilarityAnalysisTest, Deterministic) {
  std::vector<std::vector<std::pair<unsigned, unsigned>>> Runs[2];
  for (int Run = 0; Run < 2; ++Run) {
    LLVMContext C;
    SMDiagnostic Err;
    // A fresh context each time: different pointers, same result.
    std::unique_ptr<Module> M = parseAssemblyString(threeCopies(), Err, C);
    ASSERT_TRUE(M);
    SimilarityAnalysis S;
    S.run(*M);
    for (const SimilarityGroup &G : S.groups()) {
      Runs[Run].emplace_back();
      for (const SimilarRegion &R : G.Regions)
        Runs[Run].back().push_back({R.Start, R.Length});
    }
  }
  EXPECT_EQ(Runs[0], Runs[1]);
  EXPECT_FALSE(Runs[0].empty());
}

/// What Run makes of the module IR (parsed afresh each time) with LLVM's
/// parallel utilities given one thread, then four.
std::array<std::string, 2>
onOneAndFourThreads(const std::string &IR,
                    function_ref<std::string(Module &)> Run) {
  std::array<std::string, 2> Out;
  unsigned Saved = parallel::strategy.ThreadsRequested;
  for (int K = 0; K < 2; ++K) {
    parallel::strategy.ThreadsRequested = K == 0 ? 1 : 4;
    LLVMContext C;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(IR, Err, C);
    EXPECT_TRUE(M);
    if (M)
      Out[K] = Run(*M);
  }
  parallel::strategy.ThreadsRequested = Saved;
  return Out;
}

// The classification runs on the host's threads (llvm::parallelFor); the
// groups must come out the same, in the same order, with one thread or
// many, on a module large enough to give every thread work.
TEST(SimilarityAnalysisTest, SameWithAnyNumberOfThreads) {
  irgen::GeneratedModule Gen =
      irgen::generateModule(irgen::Family::Mixed, 7, 120);
  size_t Groups = 0;
  std::array<std::string, 2> Runs =
      onOneAndFourThreads(Gen.IR, [&](Module &M) {
        SimilarityAnalysis S;
        S.run(M);
        Groups = S.groups().size();
        std::string Listing;
        for (const SimilarityGroup &G : S.groups()) {
          for (const SimilarRegion &R : G.Regions)
            Listing += std::to_string(R.Start) + "+" +
                       std::to_string(R.Length) + " ";
          Listing += "\n";
        }
        return Listing;
      });
  EXPECT_GT(Groups, 200u); // Many chunks of 16 substrings.
  EXPECT_EQ(Runs[0], Runs[1]);
}

// The outliner's candidate search runs on the host's threads too: the
// outlined module is the same text with one thread or many.
TEST(SimilarityAnalysisTest, OutlinedTheSameWithAnyNumberOfThreads) {
  irgen::GeneratedModule Gen =
      irgen::generateModule(irgen::Family::Mixed, 11, 120);
  std::array<std::string, 2> Text =
      onOneAndFourThreads(Gen.IR, [](Module &M) {
        SizeModel Size = SizeModel::forModule(M);
        OutlineOptions Options;
        // The module is small: its groups save less than a link's.
        Options.MinBenefit = 8;
        Options.MinTotal = 0;
        ProgramHotness Hot = ProgramHotness::compute(M, {});
        RunTimeBudget Budget(Hot.executed(), 1000);
        Report R;
        outlineSimilarCode(M, Options, R, Size, Hot, Budget);
        EXPECT_FALSE(R.Outlines.empty());
        std::string Out;
        raw_string_ostream(Out) << M;
        return Out;
      });
  EXPECT_EQ(Text[0], Text[1]);
}

// In a ThinLTO backend the outliner keeps to its own thread
// (OutlineOptions::Threads off): the outlined module is the same text.
TEST(SimilarityAnalysisTest, OutlinedTheSameWithoutTheThreadPool) {
  irgen::GeneratedModule Gen =
      irgen::generateModule(irgen::Family::Mixed, 11, 120);
  std::array<std::string, 2> Text;
  for (bool Threads : {true, false}) {
    LLVMContext C;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(Gen.IR, Err, C);
    ASSERT_TRUE(M);
    SizeModel Size = SizeModel::forModule(*M);
    OutlineOptions Options;
    // The module is small: its groups save less than a link's.
    Options.MinBenefit = 8;
    Options.MinTotal = 0;
    Options.Threads = Threads;
    ProgramHotness Hot = ProgramHotness::compute(*M, {});
    RunTimeBudget Budget(Hot.executed(), 1000);
    Report R;
    outlineSimilarCode(*M, Options, R, Size, Hot, Budget);
    EXPECT_FALSE(R.Outlines.empty());
    raw_string_ostream(Text[Threads]) << *M;
  }
  EXPECT_EQ(Text[0], Text[1]);
}

// Two long runs that repeat make a chain of substrings, one per suffix;
// once every occurrence of one has a single code, the rest of the chain is
// grouped without encoding (see suffixChains). Every group must still be
// similar region by region, across branches and loops (block boundaries
// move as the chain drops instructions) and with commutative operands
// crossed in one copy (a chain whose members differ in code is encoded
// substring by substring), and one copy that is not similar near its end
// must stay out of the groups of the substrings that reach that far.
TEST(SimilarityAnalysisTest, SuffixChainGroupsAreSimilar) {
  std::string Body =
      "entry:\n  %1 = add i32 %a, %b\n  %2 = mul i32 %1, %a\n"
      "  %c = icmp slt i32 %2, 100\n  br i1 %c, label %l, label %x\n"
      "l:\n  %i = phi i32 [ 0, %entry ], [ %n, %l ]\n"
      "  %s = phi i32 [ %2, %entry ], [ %t, %l ]\n"
      "  %t = xor i32 %s, %i\n  %n = add i32 %i, 1\n"
      "  %d = icmp ult i32 %n, %b\n  br i1 %d, label %l, label %x\n"
      "x:\n  %r = phi i32 [ %2, %entry ], [ %t, %l ]\n"
      "  %u = sub i32 %r, %b\n  call void @use(i32 %u)\n"
      "  %v = shl i32 %u, 3\n  call void @use(i32 %v)\n";
  std::string Crossed = Body, Swapped = Body;
  Crossed.replace(Crossed.find("add i32 %a, %b"), 14, "add i32 %b, %a");
  // Not similar: a subtraction the other way round, late in the body.
  Swapped.replace(Swapped.find("sub i32 %r, %b"), 14, "sub i32 %b, %r");
  std::string Text = fn("f1", "i32 %a, i32 %b", Body) +
                     fn("f2", "i32 %a, i32 %b", Body) +
                     fn("f3", "i32 %a, i32 %b", Crossed) +
                     fn("f4", "i32 %a, i32 %b", Swapped) +
                     fn("f5", "i32 %a, i32 %b", Body) + Sink;
  for (bool All : {false, true}) {
    LLVMContext C;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(Text, Err, C);
    ASSERT_TRUE(M) << Err.getMessage().str();
    SimilarityOptions O;
    O.AllOccurrences = All;
    SimilarityAnalysis S(O);
    S.run(*M);
    std::set<unsigned> Lengths;
    for (const SimilarityGroup &G : S.groups()) {
      Lengths.insert(G.Length);
      for (unsigned R = 0; R < G.Regions.size(); ++R) {
        RegionValues RV;
        EXPECT_TRUE(S.regionValues(G, R, RV))
            << "length " << G.Length << ", region " << R;
      }
    }
    // Every suffix of the body repeats.
    for (unsigned L = 2; L <= 15; ++L)
      EXPECT_TRUE(Lengths.count(L)) << "no group of length " << L;
  }
}

TEST(SimilarityAnalysisTest, RegionValuesAndDetails) {
  LLVMContext C;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(threeCopies(), Err, C);
  ASSERT_TRUE(M);
  SimilarityAnalysis S;
  S.run(*M);
  for (const SimilarityGroup &G : S.groups()) {
    if (G.Length != 4 || G.Regions.size() != 3)
      continue;
    // f2 names its arguments the other way round: its %a (argument 1)
    // plays f1's %a (argument 0).
    for (unsigned R = 0; R < G.Regions.size(); ++R) {
      RegionValues RV;
      ASSERT_TRUE(S.regionValues(G, R, RV));
      Function *F = G.Regions[R].First->getFunction();
      Function *Lead = G.Regions[0].First->getFunction();
      unsigned AIdx = F->getName() == "f2" ? 1 : 0;
      unsigned LeadA = Lead->getName() == "f2" ? 1 : 0;
      for (unsigned K = 0; K < RV.Values.size(); ++K)
        if (RV.Values[K] == F->getArg(AIdx)) {
          RegionValues L;
          ASSERT_TRUE(S.regionValues(G, 0, L));
          EXPECT_EQ(L.Values[RV.Canonical[K] - 1], Lead->getArg(LeadA));
        }
    }
    GroupDetails D;
    ASSERT_TRUE(describeGroup(S, G, D));
    EXPECT_EQ(D.Parameters, 2u); // %a and %b
    EXPECT_EQ(D.Outputs, 0u);    // %3 is used by the call, in the region.
    EXPECT_EQ(D.Regions.size(), 3u);
    // 3 * (4+4+4+5) - 3 * (5 + 2*4) - (17+1+8) = 51 - 39 - 26 < 0.
    EXPECT_EQ(D.RegionBytes, 17u);
    EXPECT_EQ(D.EstimatedSaving, 51 - 39 - 26);
    return;
  }
  FAIL() << "no group of three regions of length 4";
}

TEST(SimilarityAnalysisTest, WithinBlocksStopsAtBranches) {
  std::string Body = "  %1 = add i32 %a, %b\n  br label %n\n"
                     "n:\n  %2 = mul i32 %1, %a\n  call void @use(i32 %2)\n";
  std::string Text =
      fn("f1", "i32 %a, i32 %b", Body) + fn("f2", "i32 %a, i32 %b", Body) + Sink;
  LLVMContext C;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, C);
  ASSERT_TRUE(M);
  SimilarityAnalysis Across;
  Across.run(*M);
  ASSERT_FALSE(Across.groups().empty());
  EXPECT_EQ(Across.groups().front().Length, 4u);
  SimilarityOptions O;
  O.SpanBlocks = false;
  SimilarityAnalysis Within(O);
  Within.run(*M);
  ASSERT_FALSE(Within.groups().empty());
  EXPECT_EQ(Within.groups().front().Length, 2u); // mul + call
  for (const SimilarityGroup &G : Within.groups())
    for (const SimilarRegion &R : G.Regions)
      EXPECT_EQ(R.First->getParent(), R.Last->getParent());
}

TEST(SimilarityAnalysisTest, AllOccurrences) {
  // add, mul repeats three times; add, mul, sub, call only twice. The
  // suffix tree holds the first two occurrences of add, mul under the
  // longer repeat's node, so only one is a leaf child of add, mul's own
  // node: by default (as llvm-sim) no group of add, mul; with
  // AllOccurrences a group of all three.
  std::string A = "  %1 = add i32 %a, %b\n  %2 = mul i32 %1, %a\n"
                  "  %3 = sub i32 %2, %b\n  call void @use(i32 %3)\n";
  std::string B = "  %1 = add i32 %a, %b\n  %2 = mul i32 %1, %a\n"
                  "  %3 = xor i32 %2, %b\n  call void @use(i32 %3)\n";
  std::string Text = fn("f1", "i32 %a, i32 %b", A) +
                     fn("f2", "i32 %a, i32 %b", A) +
                     fn("f3", "i32 %a, i32 %b", B) + Sink;
  LLVMContext C;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, C);
  ASSERT_TRUE(M);
  auto CountAddMul = [](const SimilarityAnalysis &S) {
    for (const SimilarityGroup &G : S.groups())
      if (G.Length == 2 && G.Regions[0].First->getOpcode() == Instruction::Add)
        return G.Regions.size();
    return size_t(0);
  };
  SimilarityAnalysis Default;
  Default.run(*M);
  EXPECT_EQ(CountAddMul(Default), 0u);
  SimilarityOptions O;
  O.AllOccurrences = true;
  SimilarityAnalysis All(O);
  All.run(*M);
  EXPECT_EQ(CountAddMul(All), 3u);
}

} // namespace
