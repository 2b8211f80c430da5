//===- core/hotness/Hotness.cpp - How often the program runs each block ---===//
//
// The problem. Outlining turns code into a call; merging up to constants
// passes a constant where there was none. Both add instructions to every
// run of the code they touch, and what matters is how often that code runs
// in the whole program. Within one function that is easy to guess (a loop
// runs more than its preheader), but a function without a single loop can
// be the hottest code in the program when a loop elsewhere calls it: a
// typesetter's character-by-character checks, an interpreter's helpers. A
// budget per function cannot see that; this stage gives every block a
// count per run of the program.
//
// An example. main loops over its input and calls check() for each
// character; check() has no loop:
//
//     main:   entry (1) -> loop (32) -> exit (1)      loop calls check
//     check:  entry (1 per call) -> fail (1/32 per call) ...
//
// By its own frequencies, a site in check's entry runs once per call, as
// often as the function: "cold". Over the call graph, check runs 32 times
// per run of the program and its entry block 32 times: the hottest code
// there is.
//
// The steps:
//
//  1. Local frequencies. For every function with a body, LLVM's block
//     frequencies (BlockFrequencyInfo: static heuristics, or the branch
//     weights of a profile) give each block's runs per call of the
//     function, and so each call site's calls per call. Each function
//     alone, on one thread (LLVM's branch probabilities register value
//     handles in the module's context, which is not safe across threads).
//     A pipeline takes several snapshots (one per round of merging up to
//     constants or of outlining) and between two of them changes few
//     functions: a HotnessCache keeps each function's frequencies with a
//     writing of everything the analyses read of it (blocks and
//     instructions by address, opcodes, types, predicates, operands,
//     branch weights, the attributes of what it calls: a cold callee
//     makes its block unlikely), and the next snapshot analyses again only
//     the functions whose writing differs. The result is the same as
//     without the cache.
//
//  2. Entry counts. The roots run once per run of the program: main, what
//     is visible outside the module, what the program's constructors and
//     destructors name, and what has its address taken (it may be called
//     from outside). Counts flow along direct calls, callers first: the
//     strongly connected components of the call graph in topological
//     order; inside a recursive component, a few rounds of the same flow
//     (a truncated geometric series: recursion is assumed shallow). A
//     call through a pointer is shared out evenly among the functions of
//     its type whose address is taken, and the flow runs once more with
//     those shares. With a profile, a function's entry count in the
//     profile is its count unless more flows into it: sqlite3's profile
//     gave sqlite3Get4byte 0 calls (the instrumented build inlined it
//     everywhere), and after LTO it was called 247,313 times.
//
//  3. Block counts: a function's count times each block's runs per call.
//     Their sum, weighted by each block's instructions, is the program's
//     estimated instructions executed per run: the measure of the run-time
//     budget (RunTimeBudget), which every stage that adds work spends.
//     With a profile, a block of a loop whose frequencies cannot count
//     (step 4) counts at most once per call of its function there: such a
//     loop is scaled by 4,096 iterations per entry, nested ones by its
//     powers, and libyaml's UTF-8 decoder, run 309 million instructions
//     by its workload, was estimated at 6e12, 20,000 times as many, and
//     the budget then afforded anything. Short of the truth, the budget
//     errs small.
//
//  4. Hot and cold. With a profile, ProfileSummaryInfo's thresholds over
//     the block counts: a hot block is never given a call, a cold one is
//     free to change. Hot is ProfileHotPerMillion of the profile's counts
//     (99.9%), not the summary's default of 99%: calls added to the warm
//     1% cost more than their call sequences (spills, lost scheduling),
//     and sqlite3 built with its workload's profile executed 2.0% more
//     instructions under the default. The counts are a function's entry
//     count times its blocks' frequencies, and those stop counting in a
//     loop whose exit is too rare beside its back edges to represent:
//     LLVM scales such a loop by 4,096 iterations per entry, whatever its
//     weights say. jq's interpreter loop is entered twice and dispatches
//     32 million times; its blocks counted 8,000 runs, cold by the
//     profile, and an outlined stack push there had jq execute 11.6% more
//     instructions. In a loop whose iterations per entry reach
//     CappedLoopScale (2,048), the profile's counts are no guide: a block
//     is hot by the static rule below as well (likely on its loop's
//     iterations), and never cold. Without one, the counts of step 3 are no guide to
//     what is hot: a static estimate multiplies branch probabilities along
//     every call chain, so that the parser's inner loop, reached through a
//     dozen calls each taken "half the time", looks rarer than code run
//     once, while a recursion or a nest of loops elsewhere grows without
//     bound (on xmllint: a parser loop at 0.33 runs per run, run 226,165
//     times by its workload; 4e15 instructions estimated in all). What
//     the static estimate knows is the shape: a block is hot if it runs
//     again and again, in a loop of its function or in a function called
//     again and again, and is reached on at least HotSharePerMille of its
//     loop's iterations (outside loops, of its function's calls), so that
//     the rare paths of hot code (its error reports, its slow cases) stay
//     free. A block is reached that often by its frequency, or by its
//     odds: along the likeliest path, the product of the probabilities
//     that are evidence. LLVM guesses every branch; few guesses know
//     anything. A cold call, an unreachable or noreturn end,
//     __builtin_expect and a loop's exit per iteration do; a pointer
//     compared with null, a value with zero, an even split do not
//     (HotnessOptions::UninformedPerMille: at 375 in 1000 and above, an
//     edge counts as taken). Multiplied, the guesses had sqlite3's
//     sqlite3BtreeInsert reach blocks on 0.3% of its calls that its
//     workload runs on 95% of them, and 9.6% of what sqlite3 executes
//     lay in blocks called cold. Each case of a multiway branch counts
//     as likely as an even split makes it: by its frequency alone, each
//     of the 83 handlers of Lua's interpreter loop runs on 1/83 of the
//     iterations and looked rare (outlining in them executed 6.5% more
//     instructions). An edge that leaves loops is reached as often as
//     the outermost loop it leaves is entered (a loop is left once per
//     entry), on its share of that loop's exits as an even split makes
//     it: the code after a loop runs as often as the code before it, not
//     on one iteration in 32, and a loop left by any of its twenty
//     handlers (pcre2's backtracking matcher) is left by each as surely
//     as a switch takes each of its cases (taken at 1/20 each, they had
//     pcre2test run 2.2% of its instructions in blocks called cold).
//     Scored against the workloads' profiles on 27 programs
//     (bench/hotness-accuracy), the rules took the executed instructions
//     in blocks called cold from up to 22% (xmllint; 3.4% geomean) to
//     at most 0.35% on every program (0.03%), and called hot more bytes
//     the workloads run cold (38% to 51% geomean; xmllint 50 to 85%):
//     the bytes they cost. A function
//     is called again and again when it is in a cycle of the call graph
//     (recursion is repetition, however rarely its own
//     recursive call looks taken: a tree walk, a recursive-descent
//     parser, an evaluator run again and again as surely as a loop does),
//     or when a likely block of a loop or of a function called again and
//     again calls it. A call through a pointer in such a block may reach
//     every function of its type whose address is taken, and closes
//     cycles through them too. A loop calling one of thousands (a test
//     runner, a table of commands) does not run each of them again and
//     again, yet a limit on the targets followed
//     (HotnessOptions::MaxIndirectTargets) was scored against the
//     profiles of the corpus's workloads (bench/hotness-accuracy) and
//     lost: following at most 64 called 22.6% of lua's bytes hot where
//     its workload ran them cold (37% following all), but its interpreter
//     then executed 0.20% more instructions (0.08%). All are followed.
//     In a ThinLTO backend the module is one of many optimized apart,
//     and the loops that call
//     its functions may be in the others: every function they may call
//     (not local to the module, or with its address taken; main aside)
//     counts as called again and again. Nothing is cold.
//
// Cost. Step 1 is linear in the module (LLVM's frequency analyses per
// function; with a cache, a walk over every instruction and the analyses
// of the functions that changed: on sqlite3, the second and third
// snapshots take 25 and 40 ms where they took 75); step 2 is linear in
// the call edges (one strongly connected components pass, each recursive
// component a fixed number of rounds, two flows, and one pass that marks
// what is called again and again). The result is a snapshot: the outliner
// takes a new one per round, since each round changes the functions it
// outlines from.
//
//===----------------------------------------------------------------------===//

#include "core/hotness/Hotness.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

using namespace llvm;

namespace coalesce {

#define DEBUG_TYPE "coalesce-hotness"
// Counted whatever LLVM was built with (-stats prints them).
ALWAYS_ENABLED_STATISTIC(NumEstimates, "Estimates of how often the program runs each block");
ALWAYS_ENABLED_STATISTIC(NumAnalysed, "Functions whose block frequencies an estimate analysed");
ALWAYS_ENABLED_STATISTIC(NumReused, "Functions whose analysis an estimate took from the one before");

namespace {

/// Counts stop growing here (deep loop nests and recursion multiply).
constexpr double MaxCount = 1e15;
/// Rounds of flow inside a recursive component.
constexpr unsigned RecursionRounds = 4;
/// Iterations per entry at which a loop's block frequencies stop being
/// counts: BlockFrequencyInfo scales a loop whose exit it cannot represent
/// (too rare beside the back edges) by 4,096, whatever the weights say.
constexpr double CappedLoopScale = 2048;

/// Step 1's analyses of one function, relative to one call of it: what
/// depends on its code alone. Per block: its runs per call; whether it is
/// in a loop of the function; and whether it runs on a good share of its
/// loop's iterations (outside loops, of the calls).
struct Frequencies {
  std::vector<double> PerCall;
  /// The share of its loop's iterations (outside loops, of the calls) it
  /// is reached on, by its frequency or its odds.
  std::vector<float> Share;
  std::vector<uint8_t> InLoop, Likely;
  /// In a loop whose iterations per entry the frequencies cap
  /// (CappedLoopScale): how often it runs, they cannot say.
  std::vector<uint8_t> Uncounted;
};

/// Step 1: one function, relative to one call of it.
struct Local {
  std::vector<const BasicBlock *> Blocks;
  /// Each block's instructions.
  std::vector<unsigned> Sizes;
  std::shared_ptr<const Frequencies> Freq;
  /// Direct calls of functions with a body: callee index, calls per call;
  /// CallBlock: the index of each one's block.
  std::vector<std::pair<unsigned, double>> Calls;
  std::vector<unsigned> CallBlock;
  /// Calls through a pointer: the type called, calls per call.
  std::vector<std::pair<FunctionType *, double>> Indirect;
  std::vector<unsigned> IndirectBlock;
  /// The profile's entry count, where there is one.
  std::optional<uint64_t> ProfileEntry;
  /// Its address is taken: a call through a pointer of its type may
  /// reach it.
  bool AddressTaken = false;
  /// A root: runs once per run whatever calls it.
  bool Root = false;
  /// Other modules of the program may call it (HotnessOptions).
  bool CalledFromOutside = false;
};

/// The function a call reaches directly, through aliases and casts.
const Function *directCallee(const CallBase &CB) {
  return dyn_cast<Function>(
      CB.getCalledOperand()->stripPointerCastsAndAliases());
}

/// What the program's constructors and destructors name.
void addStructors(const Module &M, const char *Name,
                  DenseMap<const Function *, unsigned> &Index,
                  std::vector<Local> &Locals) {
  const GlobalVariable *GV = M.getNamedGlobal(Name);
  if (!GV || !GV->hasInitializer())
    return;
  auto *List = dyn_cast<ConstantArray>(GV->getInitializer());
  if (!List)
    return;
  for (const Use &Op : List->operands())
    if (auto *Entry = dyn_cast<ConstantStruct>(Op.get()))
      if (Entry->getNumOperands() > 1)
        if (auto *F = dyn_cast<Function>(
                Entry->getOperand(1)->stripPointerCastsAndAliases()))
          if (auto It = Index.find(F); It != Index.end())
            Locals[It->second].Root = true;
}

/// What step 1 reads of HotnessOptions: a cache keeps its analyses only
/// while these stay the same.
struct OddsRules {
  /// The share of its loop's iterations (of its function's calls) a
  /// likely block is reached on.
  double LikelyShare = 0;
  /// An edge this likely or more says nothing of how often it is taken.
  double Uninformed = 1;
  bool LoopExitsOnce = true;

  static OddsRules of(const HotnessOptions &O) {
    return {O.HotSharePerMille / 1000.0, O.UninformedPerMille / 1000.0,
            O.LoopExitsOnce};
  }
  bool operator==(const OddsRules &R) const {
    return LikelyShare == R.LikelyShare && Uninformed == R.Uninformed &&
           LoopExitsOnce == R.LoopExitsOnce;
  }
};

/// For each block of F, the odds that a call of F (or an iteration of the
/// loop around the block) reaches it, along the likeliest path from the
/// entry, back edges left out. An edge counts with its probability only
/// where that probability is evidence (below Uninformed: a cold call, an
/// unreachable or noreturn end, __builtin_expect, a loop's exit per
/// iteration); the guesses about data (a pointer against null, a value
/// against zero, a float compared) and the even splits say nothing, and
/// count as taken. Each case of a multiway branch (a switch, a computed
/// goto's dispatch) is as likely as an even split makes it, so that an
/// interpreter's handlers do not look rare for being many. With
/// LoopExitsOnce, an edge that leaves loops is reached from the outermost
/// loop it leaves, once per entry of that loop, on its share of the
/// loop's exits as an even split makes it (each of twenty exits is
/// likely, as each of twenty cases is): the code after a loop runs as
/// often as the code before it, not on one iteration in 32.
DenseMap<const BasicBlock *, double>
oddsOfReaching(const Function &F, const DominatorTree &DT,
               const BranchProbabilityInfo &BPI, const LoopInfo &LI,
               const BlockFrequencyInfo &BFI, const OddsRules &Rules) {
  auto Probability = [&](const BasicBlock *BB, unsigned K) {
    BranchProbability P = BPI.getEdgeProbability(BB, K);
    return double(P.getNumerator()) / double(P.getDenominator());
  };
  auto Mass = [&](const BasicBlock *BB, unsigned K) {
    return double(BFI.getBlockFreq(BB).getFrequency()) * Probability(BB, K);
  };
  // An edge's odds: a multiway branch's case as an even split makes it;
  // no evidence, taken.
  auto Odds = [&](double Taken, unsigned Ways) {
    if (Ways > 2)
      Taken = std::min(1.0, Taken * Ways);
    return Taken >= Rules.Uninformed ? 1.0 : Taken;
  };
  // Per loop, the mass of its exit edges and their number: the loop is
  // left once per entry, by each of its exits as an even split makes it.
  struct Exits {
    double Mass = 0;
    unsigned Edges = 0;
  };
  DenseMap<const Loop *, Exits> ExitsOf;
  if (Rules.LoopExitsOnce)
    for (const Loop *Top : LI)
      for (const Loop *L : depth_first(Top)) {
        Exits &E = ExitsOf[L];
        for (const BasicBlock *BB : L->blocks()) {
          const Instruction *T = BB->getTerminator();
          for (unsigned K = 0; K < T->getNumSuccessors(); ++K)
            if (!L->contains(T->getSuccessor(K))) {
              E.Mass += Mass(BB, K);
              ++E.Edges;
            }
        }
      }
  DenseMap<const BasicBlock *, double> Reach;
  Reach[&F.getEntryBlock()] = 1;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&F)) {
    const Instruction *T = BB->getTerminator();
    unsigned N = T->getNumSuccessors();
    const Loop *In = LI.getLoopFor(BB);
    for (unsigned K = 0; K < N; ++K) {
      const BasicBlock *To = T->getSuccessor(K);
      if (DT.dominates(To, BB))
        continue; // A back edge.
      double From = Reach.lookup(BB), Taken;
      if (Rules.LoopExitsOnce && In && !In->contains(To)) {
        const Loop *Left = In;
        while (Left->getParentLoop() && !Left->getParentLoop()->contains(To))
          Left = Left->getParentLoop();
        Exits E = ExitsOf.lookup(Left);
        From = Reach.lookup(Left->getHeader());
        Taken = E.Mass > 0 ? Odds(Mass(BB, K) / E.Mass, E.Edges) : 1.0;
      } else {
        Taken = Odds(Probability(BB, K), N);
      }
      double &At = Reach[To];
      At = std::max(At, From * Taken);
    }
  }
  return Reach;
}

/// The blocks of F's loops whose iterations per entry, by the block
/// frequencies, reach CappedLoopScale: the header's frequency against the
/// frequency of the edges that enter it from outside the loop.
DenseSet<const BasicBlock *> inCappedLoops(const LoopInfo &LI,
                                           const BranchProbabilityInfo &BPI,
                                           const BlockFrequencyInfo &BFI) {
  DenseSet<const BasicBlock *> In;
  for (const Loop *Top : LI)
    for (const Loop *L : depth_first(Top)) {
      const BasicBlock *H = L->getHeader();
      double Entering = 0;
      for (const BasicBlock *P : predecessors(H))
        if (!L->contains(P)) {
          BranchProbability Pr = BPI.getEdgeProbability(P, H);
          Entering += double(BFI.getBlockFreq(P).getFrequency()) *
                      double(Pr.getNumerator()) / double(Pr.getDenominator());
        }
      double Header = double(BFI.getBlockFreq(H).getFrequency());
      if (Header >= CappedLoopScale * std::max(Entering, 1.0))
        In.insert(L->block_begin(), L->block_end());
    }
  return In;
}

/// Step 1's analyses of F: block frequencies (from branch probabilities,
/// the profile's branch weights where there are some) and loops.
std::shared_ptr<const Frequencies> analyse(const Function &F,
                                           const OddsRules &Rules) {
  auto Result = std::make_shared<Frequencies>();
  Frequencies &R = *Result;
  Function &MF = const_cast<Function &>(F); // The analyses take it mutable.
  DominatorTree DT(MF);
  LoopInfo LI(DT);
  // Handed the tree it would otherwise build again.
  BranchProbabilityInfo BPI(MF, LI, /*TLI=*/nullptr, &DT);
  BlockFrequencyInfo BFI(MF, BPI, LI);
  double Entry = std::max(double(BFI.getEntryFreq().getFrequency()), 1.0);
  DenseMap<const BasicBlock *, double> Odds = oddsOfReaching(F, DT, BPI, LI, BFI, Rules);
  DenseSet<const BasicBlock *> Uncounted = inCappedLoops(LI, BPI, BFI);
  for (const BasicBlock &BB : F) {
    double Freq = double(BFI.getBlockFreq(&BB).getFrequency());
    R.PerCall.push_back(Freq / Entry);
    // Likely by its frequency or by its odds (either says it runs often
    // enough for its loop or its function).
    const Loop *In = LI.getLoopFor(&BB);
    double FreqBase =
        In ? std::max(double(BFI.getBlockFreq(In->getHeader()).getFrequency()),
                      1.0)
           : Entry;
    double OddsBase = In ? Odds.lookup(In->getHeader()) : 1.0;
    double Share = std::max(Freq / FreqBase,
                            OddsBase > 0 ? Odds.lookup(&BB) / OddsBase : 0.0);
    R.Share.push_back(float(Share));
    R.InLoop.push_back(In != nullptr);
    R.Uncounted.push_back(Uncounted.contains(&BB));
    R.Likely.push_back(Rules.LikelyShare > 0 && Share >= Rules.LikelyShare);
  }
  return Result;
}

/// Step 1's walk over F: its blocks and calls. Calls per call come once
/// the frequencies are there (withFrequencies).
Local scan(const Function &F,
           const DenseMap<const Function *, unsigned> &Index,
           const HotnessOptions &O) {
  Local L;
  for (const BasicBlock &BB : F) {
    unsigned Block = L.Blocks.size();
    L.Blocks.push_back(&BB);
    unsigned Size = 0;
    for (const Instruction &I : BB) {
      ++Size;
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isa<IntrinsicInst>(CB) || CB->isInlineAsm())
        continue;
      if (const Function *Callee = directCallee(*CB)) {
        if (auto It = Index.find(Callee); It != Index.end()) {
          L.Calls.push_back({It->second, 0});
          L.CallBlock.push_back(Block);
        }
      } else {
        L.Indirect.push_back({CB->getFunctionType(), 0});
        L.IndirectBlock.push_back(Block);
      }
    }
    L.Sizes.push_back(Size);
  }
  if (std::optional<Function::ProfileCount> C = F.getEntryCount())
    L.ProfileEntry = C->getCount();
  L.AddressTaken = F.hasAddressTaken();
  L.Root = !F.hasLocalLinkage() || F.getName() == "main" || L.AddressTaken;
  L.CalledFromOutside = O.CalledFromOtherModules && F.getName() != "main" &&
                        (!F.hasLocalLinkage() || L.AddressTaken);
  return L;
}

void withFrequencies(Local &L, std::shared_ptr<const Frequencies> Freq) {
  L.Freq = std::move(Freq);
  for (unsigned E = 0; E < L.Calls.size(); ++E)
    L.Calls[E].second = L.Freq->PerCall[L.CallBlock[E]];
  for (unsigned E = 0; E < L.Indirect.size(); ++E)
    L.Indirect[E].second = L.Freq->PerCall[L.IndirectBlock[E]];
}

/// Writes out, word by word, everything step 1's analyses read of a
/// function, so that two snapshots of it can be compared: its blocks and
/// instructions in order, each by address (two equal writings are the
/// same objects wired the same way), with each instruction's opcode,
/// type, predicate, operands, a phi's incoming blocks and its branch
/// weights; an argument by number; a function by its attributes and
/// intrinsic (a cold or noreturn callee makes its block unlikely); any
/// other constant by value, a leaf (a number, a null) by address, since
/// the context keeps one of each as long as it lives. Names, debug
/// information and other metadata never reach the analyses. A constant
/// too large to write cheaply leaves the writing incomplete: such a
/// function is analysed every time.
class CodeWriter {
public:
  explicit CodeWriter(std::vector<uintptr_t> &Out) : Out(Out) {}
  /// Writes F; false if the writing is incomplete.
  bool write(const Function &F);

private:
  enum Tag : uintptr_t {
    BlockTag = 1, InstructionTag, ArgumentTag, LeafTag, FunctionTag,
    AliasTag, GlobalTag, CompositeTag, OpaqueTag, WeightsTag
  };
  /// Largest constant written, in values.
  static constexpr unsigned MaxConstant = 64;
  void word(uintptr_t W) { Out.push_back(W); }
  void address(const void *P) { word(reinterpret_cast<uintptr_t>(P)); }
  void value(const Value *V);
  void constant(const Constant *C, unsigned &Budget);
  void weights(const MDNode *Prof);

  std::vector<uintptr_t> &Out;
  bool Complete = true;
};

bool CodeWriter::write(const Function &F) {
  Out.clear();
  address(F.getAttributes().getRawPointer());
  for (const BasicBlock &BB : F) {
    word(BlockTag);
    address(&BB);
    for (const Instruction &I : BB) {
      word(InstructionTag);
      address(&I);
      word(I.getOpcode());
      address(I.getType());
      auto *Cmp = dyn_cast<CmpInst>(&I);
      word(Cmp ? uintptr_t(Cmp->getPredicate()) : 0);
      word(I.getNumOperands());
      for (const Value *Op : I.operands())
        value(Op);
      if (auto *Phi = dyn_cast<PHINode>(&I))
        for (const BasicBlock *From : Phi->blocks())
          address(From);
      weights(I.getMetadata(LLVMContext::MD_prof));
    }
  }
  return Complete;
}

void CodeWriter::value(const Value *V) {
  if (isa<Instruction>(V) || isa<BasicBlock>(V)) {
    word(InstructionTag);
    address(V);
  } else if (auto *A = dyn_cast<Argument>(V)) {
    word(ArgumentTag);
    word(A->getArgNo());
  } else if (auto *C = dyn_cast<Constant>(V)) {
    unsigned Budget = MaxConstant;
    constant(C, Budget);
  } else {
    // Metadata and inline assembly: their kind is all the analyses see.
    word(OpaqueTag);
    word(V->getValueID());
  }
}

void CodeWriter::constant(const Constant *C, unsigned &Budget) {
  if (Budget == 0) {
    Complete = false;
    return;
  }
  --Budget;
  if (auto *F = dyn_cast<Function>(C)) {
    word(FunctionTag);
    address(F->getFunctionType());
    address(F->getAttributes().getRawPointer());
    word(F->getIntrinsicID());
  } else if (auto *GA = dyn_cast<GlobalAlias>(C)) {
    word(AliasTag);
    constant(GA->getAliasee(), Budget);
  } else if (isa<GlobalValue>(C)) {
    word(GlobalTag);
    word(C->getValueID());
  } else if (C->getNumOperands() == 0) {
    word(LeafTag);
    address(C);
  } else {
    word(CompositeTag);
    word(C->getValueID());
    address(C->getType());
    auto *CE = dyn_cast<ConstantExpr>(C);
    word(CE ? CE->getOpcode() : 0);
    word(C->getNumOperands());
    for (const Value *Op : C->operands())
      constant(cast<Constant>(Op), Budget);
  }
}

void CodeWriter::weights(const MDNode *Prof) {
  if (!Prof) {
    word(0);
    return;
  }
  word(WeightsTag);
  word(Prof->getNumOperands());
  for (const MDOperand &Op : Prof->operands()) {
    if (auto *S = dyn_cast_or_null<MDString>(Op.get()))
      address(S); // Kept by the context as long as it lives.
    else if (auto *CM = dyn_cast_or_null<ConstantAsMetadata>(Op.get()))
      address(CM->getValue()); // A number: a leaf.
    else
      Complete = false;
  }
}

/// What steps 2 and 4 read of the call graph, built once: the strongly
/// connected components of its direct calls, callers first; the component
/// of each function; the functions whose address is taken, by type (what
/// a call through a pointer of that type may reach); and the functions in
/// a cycle of calls, direct or through a pointer the estimate follows
/// (HotnessOptions::MaxIndirectTargets), one calling itself included.
struct CallGraphShape {
  std::vector<std::vector<unsigned>> Components;
  std::vector<unsigned> ComponentOf;
  DenseMap<FunctionType *, std::vector<unsigned>> AddressTaken;
  std::vector<uint8_t> Recursive;
  unsigned MaxIndirectTargets = 0;

  /// The functions a call through a pointer of type T is followed to:
  /// none when there are more than MaxIndirectTargets.
  ArrayRef<unsigned> targets(FunctionType *T) const {
    auto It = AddressTaken.find(T);
    if (It == AddressTaken.end() || It->second.size() > MaxIndirectTargets)
      return {};
    return It->second;
  }
};

/// The strongly connected components of a graph (Succ: each node's
/// successors), callers first (Tarjan's algorithm, without recursion:
/// call chains are deep).
std::vector<std::vector<unsigned>>
componentsCallersFirst(const std::vector<std::vector<unsigned>> &Succ) {
  unsigned N = Succ.size();
  std::vector<unsigned> Order(N, ~0u), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<unsigned> Stack;
  std::vector<std::vector<unsigned>> Components;
  unsigned Next = 0;
  // A frame: the function and the next of its calls to follow.
  std::vector<std::pair<unsigned, unsigned>> Frames;
  for (unsigned Start = 0; Start < N; ++Start) {
    if (Order[Start] != ~0u)
      continue;
    Frames.push_back({Start, 0});
    Order[Start] = Low[Start] = Next++;
    Stack.push_back(Start);
    OnStack[Start] = true;
    while (!Frames.empty()) {
      auto &[V, Edge] = Frames.back();
      if (Edge < Succ[V].size()) {
        unsigned W = Succ[V][Edge++];
        if (Order[W] == ~0u) {
          Order[W] = Low[W] = Next++;
          Stack.push_back(W);
          OnStack[W] = true;
          Frames.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Order[W]);
        }
        continue;
      }
      unsigned Done = V;
      Frames.pop_back();
      if (!Frames.empty())
        Low[Frames.back().first] =
            std::min(Low[Frames.back().first], Low[Done]);
      if (Low[Done] != Order[Done])
        continue;
      std::vector<unsigned> C;
      unsigned W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        C.push_back(W);
      } while (W != Done);
      std::sort(C.begin(), C.end());
      Components.push_back(std::move(C));
    }
  }
  // Tarjan finishes a component after every component it reaches.
  std::reverse(Components.begin(), Components.end());
  return Components;
}

CallGraphShape shapeOf(ArrayRef<const Function *> Fs,
                       const std::vector<Local> &Locals,
                       const HotnessOptions &O) {
  CallGraphShape G;
  G.MaxIndirectTargets = O.MaxIndirectTargets;
  std::vector<std::vector<unsigned>> Succ(Fs.size());
  for (unsigned K = 0; K < Fs.size(); ++K)
    for (auto [Callee, PerCall] : Locals[K].Calls)
      Succ[K].push_back(Callee);
  G.Components = componentsCallersFirst(Succ);
  G.ComponentOf.resize(Fs.size());
  for (unsigned K = 0; K < G.Components.size(); ++K)
    for (unsigned F : G.Components[K])
      G.ComponentOf[F] = K;
  for (unsigned K = 0; K < Fs.size(); ++K)
    if (Locals[K].AddressTaken)
      G.AddressTaken[Fs[K]->getFunctionType()].push_back(K);

  // Cycles: the direct calls and the calls through pointers followed.
  // Each type called through a pointer is a node of its own, with an edge
  // to each function it is followed to: a caller reaches them through it,
  // so the edges grow with the calls and the address-taken functions, not
  // with their product.
  DenseMap<FunctionType *, unsigned> TypeNode;
  for (unsigned K = 0; K < Fs.size(); ++K)
    for (auto [Type, PerCall] : Locals[K].Indirect) {
      ArrayRef<unsigned> Targets = G.targets(Type);
      if (Targets.empty())
        continue;
      auto [It, New] = TypeNode.try_emplace(Type, Succ.size());
      if (New)
        Succ.emplace_back(Targets.begin(), Targets.end());
      if (!is_contained(Succ[K], It->second))
        Succ[K].push_back(It->second);
    }
  G.Recursive.assign(Fs.size(), 0);
  for (const std::vector<unsigned> &C : componentsCallersFirst(Succ))
    for (unsigned F : C)
      if (F < Fs.size())
        G.Recursive[F] = C.size() > 1 || is_contained(Succ[F], F);
  return G;
}

/// Step 2's flow: each function's calls per run, from the seeds (the runs
/// that reach it from nowhere the flow follows).
std::vector<double> flow(const std::vector<Local> &Locals,
                         const CallGraphShape &G,
                         const std::vector<double> &Seed) {
  std::vector<double> In = Seed, Count(Locals.size(), 0);
  const std::vector<std::vector<unsigned>> &Components = G.Components;
  const std::vector<unsigned> &ComponentOf = G.ComponentOf;
  // A profile's entry count is a floor, not the answer: the instrumented
  // build inlined differently, and a function it inlined everywhere (0
  // calls out of line) may be called from hot code after LTO.
  auto Settle = [&](unsigned F, double C) {
    if (Locals[F].ProfileEntry)
      C = std::max(C, double(*Locals[F].ProfileEntry));
    Count[F] = std::min(C, MaxCount);
  };
  for (unsigned K = 0; K < Components.size(); ++K) {
    const std::vector<unsigned> &C = Components[K];
    for (unsigned F : C)
      Settle(F, In[F]);
    // Inside a recursive component: a few rounds of the flow among its
    // members, each from the counts of the round before.
    bool Recursive =
        C.size() > 1 || any_of(Locals[C[0]].Calls, [&](const auto &E) {
          return E.first == C[0];
        });
    for (unsigned Round = 0; Recursive && Round < RecursionRounds; ++Round) {
      std::vector<double> Add(C.size(), 0);
      for (unsigned F : C)
        for (auto [Callee, PerCall] : Locals[F].Calls)
          if (ComponentOf[Callee] == K)
            Add[llvm::lower_bound(C, Callee) - C.begin()] +=
                Count[F] * PerCall;
      for (unsigned J = 0; J < C.size(); ++J)
        Settle(C[J], In[C[J]] + Add[J]);
    }
    for (unsigned F : C)
      for (auto [Callee, PerCall] : Locals[F].Calls)
        if (ComponentOf[Callee] != K)
          In[Callee] = std::min(In[Callee] + Count[F] * PerCall, MaxCount);
  }
  return Count;
}

/// Step 4 without a profile: the functions called again and again per run
/// of the program. Every function in a cycle of calls is one (with
/// RecursionRepeats); a call in a likely block of a loop, of a function
/// called again and again, or back into its own recursive component makes
/// its callee one; a call through a pointer so placed makes the functions
/// it is followed to (CallGraphShape::targets) ones; and in one module of
/// a program optimized apart, so is every function the other modules may
/// call.
std::vector<uint8_t> repeatedFunctions(const std::vector<Local> &Locals,
                                       const CallGraphShape &G,
                                       const HotnessOptions &O) {
  const std::vector<unsigned> &ComponentOf = G.ComponentOf;
  std::vector<uint8_t> Repeated(Locals.size(), 0);
  std::vector<unsigned> Work;
  // The types whose calls through a pointer have marked their targets:
  // once is enough.
  DenseSet<FunctionType *> Followed;
  auto Mark = [&](unsigned F) {
    if (!Repeated[F]) {
      Repeated[F] = 1;
      Work.push_back(F);
    }
  };
  // Calls from F's blocks that repeat by F's own code alone, or all its
  // likely ones once F repeats.
  auto Visit = [&](unsigned F, bool FRepeats) {
    const Local &L = Locals[F];
    for (unsigned E = 0; E < L.Calls.size(); ++E) {
      unsigned B = L.CallBlock[E], Callee = L.Calls[E].first;
      if (L.Freq->Likely[B] && (FRepeats || L.Freq->InLoop[B] ||
                          ComponentOf[Callee] == ComponentOf[F]))
        Mark(Callee);
    }
    for (unsigned E = 0; E < L.Indirect.size(); ++E) {
      unsigned B = L.IndirectBlock[E];
      if (L.Freq->Likely[B] && (FRepeats || L.Freq->InLoop[B]) &&
          Followed.insert(L.Indirect[E].first).second)
        for (unsigned T : G.targets(L.Indirect[E].first))
          Mark(T);
    }
  };
  for (unsigned F = 0; F < Locals.size(); ++F)
    if (Locals[F].CalledFromOutside || (O.RecursionRepeats && G.Recursive[F]))
      Mark(F);
  for (unsigned F = 0; F < Locals.size(); ++F)
    Visit(F, false);
  while (!Work.empty()) {
    unsigned F = Work.back();
    Work.pop_back();
    Visit(F, true);
  }
  return Repeated;
}

} // namespace

struct HotnessCache::Functions {
  struct Kept {
    /// What the analyses read of the function (CodeWriter).
    std::vector<uintptr_t> Code;
    std::shared_ptr<const Frequencies> Freq;
  };
  DenseMap<const Function *, Kept> Of;
  /// The rules the kept analyses were made under.
  std::optional<OddsRules> Rules;
  unsigned Analysed = 0, KeptLast = 0;

  /// F's frequencies: those kept where what they read is the same, else
  /// analysed again (and kept for the next snapshot in Next).
  std::shared_ptr<const Frequencies>
  frequencies(const Function &F, const OddsRules &Rules,
              DenseMap<const Function *, Kept> &Next) {
    Code.clear();
    bool Complete = CodeWriter(Code).write(F);
    auto It = Of.find(&F);
    if (Complete && It != Of.end() && It->second.Code == Code) {
      ++KeptLast;
      return (Next[&F] = std::move(It->second)).Freq;
    }
    ++Analysed;
    std::shared_ptr<const Frequencies> Freq = analyse(F, Rules);
    if (Complete)
      Next[&F] = {std::move(Code), Freq};
    return Freq;
  }
  /// The writing of the function at hand.
  std::vector<uintptr_t> Code;
};

HotnessCache::HotnessCache() : Of(std::make_unique<Functions>()) {}
HotnessCache::~HotnessCache() = default;
unsigned HotnessCache::analysed() const { return Of->Analysed; }
unsigned HotnessCache::kept() const { return Of->KeptLast; }

std::string profileSummaryProblem(const Module &M, const HotnessOptions &O) {
  // The highest percentile a threshold is read at: the profile's hot
  // blocks' (ProfileHotPerMillion), and the summary's own cold threshold
  // (the last of ProfileSummaryBuilder's default cutoffs, 99.9999%).
  uint64_t Needed = std::max<uint64_t>(O.ProfileHotPerMillion, 999999);
  for (bool CS : {true, false}) {
    Metadata *MD = M.getProfileSummary(CS);
    if (!MD)
      continue;
    std::unique_ptr<ProfileSummary> S(ProfileSummary::getFromMD(MD));
    const char *Which = CS ? "context-sensitive profile summary"
                           : "profile summary";
    if (!S)
      return std::string("the module's ") + Which +
             " cannot be read; hotness goes on without the profile";
    uint64_t Highest = 0;
    for (const ProfileSummaryEntry &E : S->getDetailedSummary())
      Highest = std::max<uint64_t>(Highest, E.Cutoff);
    if (Highest < Needed) {
      char Buf[160];
      snprintf(Buf, sizeof(Buf),
               "reaches %g%% of the counts (cutoff %llu), and the hot and "
               "cold thresholds are read at %g%% (%llu)",
               Highest / 1e4, (unsigned long long)Highest, Needed / 1e4,
               (unsigned long long)Needed);
      return std::string("the module's ") + Which +
             " is incomplete: its detailed summary " + Buf +
             "; hotness goes on without the profile";
    }
  }
  return "";
}

ProgramHotness ProgramHotness::compute(Module &M, const HotnessOptions &O,
                                       HotnessCache *Cache) {
  TimeTraceScope Scope("coalesce: hotness");
  ProgramHotness H;
  std::vector<const Function *> Fs;
  DenseMap<const Function *, unsigned> Index;
  for (const Function &F : M)
    if (!F.isDeclaration()) {
      Index[&F] = Fs.size();
      Fs.push_back(&F);
    }

  // 1. Local frequencies, each function on its own; one thread, since
  // BranchProbabilityInfo registers value handles in the context. What a
  // cache holds of a function whose code is unchanged is not taken again.
  OddsRules Rules = OddsRules::of(O);
  HotnessCache::Functions *Kept = Cache ? Cache->Of.get() : nullptr;
  if (Kept && !(Kept->Rules && *Kept->Rules == Rules)) {
    Kept->Of.clear();
    Kept->Rules = Rules;
  }
  DenseMap<const Function *, HotnessCache::Functions::Kept> Next;
  if (Kept) {
    Kept->Analysed = Kept->KeptLast = 0;
    Next.reserve(Fs.size());
  }
  std::vector<Local> Locals(Fs.size());
  size_t NumBlocks = 0;
  for (size_t K = 0; K < Fs.size(); ++K) {
    Locals[K] = scan(*Fs[K], Index, O);
    withFrequencies(Locals[K], Kept ? Kept->frequencies(*Fs[K], Rules, Next)
                                    : analyse(*Fs[K], Rules));
    NumBlocks += Locals[K].Blocks.size();
  }
  ++NumEstimates;
  NumAnalysed += Kept ? Kept->Analysed : Fs.size();
  NumReused += Kept ? Kept->KeptLast : 0;
  if (Kept)
    Kept->Of = std::move(Next);
  addStructors(M, "llvm.global_ctors", Index, Locals);
  addStructors(M, "llvm.global_dtors", Index, Locals);

  // 2. Entry counts: from the roots, then once more with the calls through
  // pointers shared out among the functions they may reach.
  CallGraphShape Shape = shapeOf(Fs, Locals, O);
  std::vector<double> Seed(Fs.size(), 0);
  for (unsigned K = 0; K < Fs.size(); ++K)
    Seed[K] = Locals[K].Root ? 1 : 0;
  std::vector<double> Count = flow(Locals, Shape, Seed);
  DenseMap<FunctionType *, double> ThroughPointers;
  for (unsigned K = 0; K < Fs.size(); ++K)
    for (auto [Type, PerCall] : Locals[K].Indirect)
      ThroughPointers[Type] += Count[K] * PerCall;
  bool Shared = false;
  for (auto &[Type, Calls] : ThroughPointers)
    if (auto It = Shape.AddressTaken.find(Type); It != Shape.AddressTaken.end())
      for (unsigned K : It->second) {
        Seed[K] += Calls / double(It->second.size());
        Shared = true;
      }
  if (Shared)
    Count = flow(Locals, Shape, Seed);

  // 3. Block counts, and the instructions the program executes (with a
  // profile, a block of a loop the frequencies cannot count is taken to
  // run once per call of its function there).
  std::optional<ProfileSummaryInfo> PSI;
  if (profileSummaryProblem(M, O).empty())
    PSI.emplace(M);
  H.Profile = PSI && PSI->hasProfileSummary();
  H.Blocks.reserve(NumBlocks);
  H.Entries.reserve(Fs.size());
  for (unsigned K = 0; K < Fs.size(); ++K) {
    const Local &L = Locals[K];
    H.Entries[Fs[K]] = Count[K];
    double &Work = H.Work[Fs[K]];
    for (unsigned B = 0; B < L.Blocks.size(); ++B) {
      double C = std::min(Count[K] * L.Freq->PerCall[B], MaxCount);
      H.Blocks[L.Blocks[B]].Count = C;
      double Runs = H.Profile && L.Freq->Uncounted[B] ? std::min(C, Count[K]) : C;
      Work += Runs * double(L.Sizes[B]);
    }
    H.Executed += Work;
  }

  // 4. Hot and cold.
  if (H.Profile) {
    for (unsigned K = 0; K < Fs.size(); ++K)
      for (unsigned B = 0; B < Locals[K].Blocks.size(); ++B) {
        Block &Info = H.Blocks[Locals[K].Blocks[B]];
        const Frequencies &Fr = *Locals[K].Freq;
        // In a loop the frequencies cannot count, the profile's counts
        // are no guide: its likely blocks are hot, as without a profile.
        bool Uncounted = Fr.Uncounted[B];
        Info.Hot = PSI->isHotCountNthPercentile(O.ProfileHotPerMillion,
                                                uint64_t(Info.Count)) ||
                   (Uncounted && Fr.Likely[B]);
        Info.Cold = !Uncounted && PSI->isColdCount(uint64_t(Info.Count));
      }
    assert(H.wellFormed());
    return H;
  }
  // Without one: what runs again and again, and on a good share of it.
  std::vector<uint8_t> Repeated = repeatedFunctions(Locals, Shape, O);
  for (unsigned K = 0; K < Fs.size(); ++K)
    for (unsigned B = 0; B < Locals[K].Blocks.size(); ++B) {
      Block &Info = H.Blocks[Locals[K].Blocks[B]];
      Info.Why = {bool(Locals[K].Freq->Likely[B]),
                  bool(Locals[K].Freq->InLoop[B]), bool(Repeated[K]),
                  bool(Shape.Recursive[K]), Locals[K].Freq->Share[B]};
      Info.Hot = Info.Why.Likely && (Info.Why.InLoop || Info.Why.Repeated);
    }
  assert(H.wellFormed());
  return H;
}

bool ProgramHotness::wellFormed() const {
  // Every count is a number of runs; without a profile, hot is likely and
  // repeated (step 4 of the essay), and nothing is cold.
  if (!(Executed >= 0))
    return false;
  for (const auto &[BB, B] : Blocks) {
    if (!(B.Count >= 0))
      return false;
    if (!Profile && (B.Cold || (B.Hot && !B.Why.Likely)))
      return false;
  }
  return llvm::all_of(Entries, [](const auto &E) { return E.second >= 0; });
}

double ProgramHotness::count(const BasicBlock &BB) const {
  auto It = Blocks.find(&BB);
  return It == Blocks.end() ? 0 : It->second.Count;
}

double ProgramHotness::entryCount(const Function &F) const {
  return Entries.lookup(&F);
}

double ProgramHotness::executedIn(const Function &F) const {
  return Work.lookup(&F);
}

bool ProgramHotness::isHot(const BasicBlock &BB) const {
  auto It = Blocks.find(&BB);
  return It != Blocks.end() && It->second.Hot;
}

ProgramHotness::StaticReasons
ProgramHotness::reasons(const BasicBlock &BB) const {
  auto It = Blocks.find(&BB);
  return It == Blocks.end() ? StaticReasons() : It->second.Why;
}

bool ProgramHotness::isCold(const BasicBlock &BB) const {
  auto It = Blocks.find(&BB);
  return It != Blocks.end() && It->second.Cold;
}

} // namespace coalesce
