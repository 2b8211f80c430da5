//===- tools/coalesce-sim/CoalesceSim.cpp - Show the similarity analysis ---===//
//
// coalesce-sim reads one or many IR modules (.ll or .bc), runs coalesce's
// similarity analysis (core/regions) on each, and writes per module the
// JSON llvm-sim writes: group number -> list of {"start","end"}, the
// numbers counting every instruction of the module from 1 as llvm-sim
// counts them. With one input,
//     coalesce-sim IN.ll -o OUT.json
// stands in for `llvm-sim IN.ll -o OUT.json`. --details adds richer fields
// to every region; --html writes one page for the whole run. With either,
// coalesce's outliner runs on a copy of each module, and every group is
// marked by what it did to the group's regions (--no-outline-marks: not).
// With --html, the similar-function merger (core/merging) runs on another
// copy too, and the page shows each pair it merged side by side, aligned
// as the merger aligned them (--no-similar, --no-outline-marks: not).
// A bad input
// file gets one error line and a non-zero exit; the others are still
// processed. Usage: docs/similarity.md.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"
#include "core/merging/SimilarMerger.h"
#include "core/outlining/Outliner.h"
#include "core/report/Report.h"
#include "core/regions/GroupDetails.h"
#include "core/regions/Similarity.h"
#include "tools/coalesce-sim/SimReport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;
using namespace coalesce;
using namespace coalesce::sim;

static cl::OptionCategory SimCategory("coalesce-sim options");

static cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<input .ll/.bc files>"),
                                    cl::cat(SimCategory));
static cl::opt<std::string>
    Output("o", cl::init("-"), cl::value_desc("path"),
           cl::desc("Output: a file for one input ('-': stdout, the "
                    "default), a directory for several (one <name>.json "
                    "each)"),
           cl::cat(SimCategory));
static cl::opt<bool>
    Details("details",
            cl::desc("Add to each region: function, source file and lines "
                     "(debug info), blocks, and the group's estimated "
                     "saving in bytes"),
            cl::cat(SimCategory));
static cl::opt<std::string>
    Html("html", cl::value_desc("file"),
         cl::desc("Write one self-contained HTML page for the run"),
         cl::cat(SimCategory));
static cl::opt<unsigned>
    HtmlGroups("html-groups", cl::init(200),
               cl::desc("Groups shown on the page, highest saving first "
                        "(0: all)"),
               cl::cat(SimCategory));
static cl::opt<bool> LLVMSimCompatible(
    "llvm-sim-compatible",
    cl::desc("Commutativity as llvm-sim has it (integer add, mul, and, or, "
             "xor only): the output equals llvm-sim's"),
    cl::cat(SimCategory));
static cl::opt<bool>
    AllOccurrences("all-occurrences",
                   cl::desc("Every occurrence of a repeated sequence is a "
                            "candidate (llvm-sim: leaf children only)"),
                   cl::cat(SimCategory));
static cl::opt<bool>
    WithinBlocks("within-blocks",
                 cl::desc("Regions stay inside one basic block"),
                 cl::cat(SimCategory));
static cl::opt<bool>
    CallsByName("calls-by-name",
                cl::desc("Calls match only when they call the same function"),
                cl::cat(SimCategory));
static cl::opt<unsigned>
    MinLength("min-length", cl::init(2),
              cl::desc("Shortest region reported, in instructions"),
              cl::cat(SimCategory));
static cl::opt<bool> NoOutlineMarks(
    "no-outline-marks",
    cl::desc("With --html or --details: do not run coalesce's outliner on a "
             "copy of each module to mark the groups it outlines (the copy "
             "and the outliner's own analysis: about 3x the time and 2x the "
             "memory of a run without them)"),
    cl::cat(SimCategory));
static cl::opt<unsigned> OutlineMinBenefit(
    "outline-min-benefit", cl::init(OutlineOptions().MinBenefit),
    cl::value_desc("bytes"),
    cl::desc("With the outline marks: bytes a group must save to be "
             "outlined (the plugin's -coalesce-outline-min-benefit)"),
    cl::cat(SimCategory));
static cl::opt<unsigned> OutlineMinTotal(
    "outline-min-total", cl::init(OutlineOptions().MinTotal),
    cl::value_desc("bytes"),
    cl::desc("With the outline marks: bytes the groups outlined must save "
             "together (the plugin's -coalesce-outline-min-total)"),
    cl::cat(SimCategory));
static cl::opt<bool> NoSimilar(
    "no-similar",
    cl::desc("With --html: do not run coalesce's similar-function merger on "
             "a copy of each module to show the pairs it merges"),
    cl::cat(SimCategory));
static cl::opt<bool> PrintStats("sim-stats",
                                cl::desc("Print analysis statistics to stderr"),
                                cl::cat(SimCategory));

static const char *ProgName = "coalesce-sim";

//===-- Instruction numbers, as llvm-sim counts ----------------------------===//

/// Every instruction of the module from 1, debug and pseudo-probe
/// intrinsics skipped.
static DenseMap<const Instruction *, unsigned> numberInstructions(Module &M) {
  DenseMap<const Instruction *, unsigned> Numbers;
  unsigned N = 1;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB.instructionsWithoutDebug())
        Numbers[&I] = N++;
  return Numbers;
}

//===-- Debug info and names -----------------------------------------------===//

static std::string demangled(StringRef Name) {
  std::string D = demangle(Name);
  return D.empty() ? Name.str() : D;
}

struct SourceRange {
  std::string File; ///< As the debug info names it.
  std::string Path; ///< Where to read it.
  unsigned Line = 0, EndLine = 0;
  std::set<unsigned> Lines; ///< The lines the region's instructions name.
};

static SourceRange sourceRange(ArrayRef<Instruction *> Insts) {
  SourceRange R;
  for (Instruction *I : Insts) {
    const DILocation *L = I->getDebugLoc().get();
    if (!L || !L->getLine())
      continue;
    if (R.File.empty()) {
      R.File = L->getFilename().str();
      SmallString<256> P(L->getFilename());
      if (!sys::path::is_absolute(P) && !L->getDirectory().empty()) {
        P = L->getDirectory();
        sys::path::append(P, L->getFilename());
      }
      R.Path = std::string(P);
      R.Line = R.EndLine = L->getLine();
      R.Lines.insert(L->getLine());
      continue;
    }
    if (L->getFilename() != R.File)
      continue;
    R.Lines.insert(L->getLine());
    R.Line = std::min(R.Line, L->getLine());
    R.EndLine = std::max(R.EndLine, L->getLine());
  }
  return R;
}

class SourceCache {
public:
  const std::vector<std::string> *lines(const std::string &Path) {
    auto It = Files.find(Path);
    if (It != Files.end())
      return It->second.empty() ? nullptr : &It->second;
    std::vector<std::string> &Lines = Files[Path];
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      return nullptr;
    SmallVector<StringRef, 0> Parts;
    (*Buf)->getBuffer().split(Parts, '\n');
    for (StringRef P : Parts)
      Lines.push_back(P.rtrim("\r").str());
    return Lines.empty() ? nullptr : &Lines;
  }

private:
  std::map<std::string, std::vector<std::string>> Files;
};

//===-- What the outliner makes of the groups ------------------------------===//

/// What coalesce's outliner does with the groups of S: it runs, with its
/// default options and M's size model, on a copy of M (its own similarity
/// analysis, its own groups and prices), and a region of S counts as
/// outlined when every one of its instructions was removed from the copy.
/// Per group, per region, whether it was.
static std::vector<std::vector<bool>>
regionsOutlined(Module &M, const SimilarityAnalysis &S,
                const std::string &Name) {
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Copy = CloneModule(M, VMap);
  // A handle on each copied instruction of a region: null once erased.
  DenseMap<const Instruction *, unsigned> Index;
  std::vector<WeakVH> Handles;
  for (const SimilarityGroup &G : S.groups())
    for (const SimilarRegion &R : G.Regions)
      for (Instruction *I : S.instructions(R))
        if (Index.try_emplace(I, Handles.size()).second) {
          assert(VMap.lookup(I) && "CloneModule maps every instruction");
          Handles.emplace_back(VMap.lookup(I));
        }
  {
    Report Rep;
    SizeModel Size = SizeModel::forModule(*Copy);
    // The pipeline's defaults: its hot code and its run-time budget.
    Config Defaults;
    ProgramHotness Hot = ProgramHotness::compute(*Copy, Defaults.Hotness);
    RunTimeBudget Budget(Hot.executed(), Defaults.RunTimeBudgetPerMille);
    OutlineOptions Outlining = Defaults.Outlining;
    Outlining.MinBenefit = OutlineMinBenefit;
    Outlining.MinTotal = OutlineMinTotal;
    outlineSimilarCode(*Copy, Outlining, Rep, Size, Hot, Budget);
    if (PrintStats)
      errs() << Name << ": the outliner took " << Rep.outlinedSites()
             << " regions into " << Rep.Outlines.size() << " functions ("
             << Size.basis() << ")\n";
  }
  std::vector<bool> Removed(Handles.size());
  for (unsigned K = 0; K < Handles.size(); ++K)
    Removed[K] = !Handles[K];
  Handles.clear();
  Copy.reset();

  std::vector<std::vector<bool>> Outlined(S.groups().size());
  for (unsigned K = 0; K < S.groups().size(); ++K)
    for (const SimilarRegion &R : S.groups()[K].Regions) {
      std::vector<Instruction *> Insts = S.instructions(R);
      Outlined[K].push_back(
          !Insts.empty() &&
          all_of(Insts, [&](Instruction *I) { return Removed[Index.at(I)]; }));
    }
  return Outlined;
}

static OutlineMark outlineMark(const std::vector<bool> &RegionOutlined) {
  unsigned N = std::count(RegionOutlined.begin(), RegionOutlined.end(), true);
  return N == 0                       ? OutlineMark::None
         : N == RegionOutlined.size() ? OutlineMark::All
                                      : OutlineMark::Some;
}

namespace coalesce {
namespace sim {
const char *outlineMarkName(OutlineMark M) {
  switch (M) {
  case OutlineMark::Unknown:
    return "";
  case OutlineMark::None:
    return "none";
  case OutlineMark::Some:
    return "some";
  case OutlineMark::All:
    return "all";
  }
  return "";
}
} // namespace sim
} // namespace coalesce

//===-- What the similar-function merger makes of the module ---------------===//

namespace {

/// One pair the merger is about to merge, copied into a SimilarPairReport
/// with its alignment as rows: block headers, then per block its phis
/// (paired as the merger's builder pairs them: same type, in order), the
/// entry's static allocas, its aligned steps and its terminators.
class PairDescriber {
public:
  PairDescriber(const Function &L, const Function &R, const Alignment &A)
      : L(L), R(R), A(A) {}
  SimilarPairReport describe();

private:
  struct Planned {
    SimilarRow::Kind Kind;
    const Value *L, *R; ///< Blocks for a header, else instructions.
    bool CrossedSuccessors = false, TwoTerminators = false;
  };

  void plan();
  bool same(const Value *X, const Value *Y) const;
  std::string differs(const Planned &P) const;
  static std::string text(const Value *V, ModuleSlotTracker &MST);

  const Function &L, &R;
  const Alignment &A;
  std::vector<Planned> Rows;
  /// R's counterpart of a value of L: arguments in order, paired blocks,
  /// matched steps, paired phis.
  DenseMap<const Value *, const Value *> Twin;
};

} // namespace

void PairDescriber::plan() {
  for (unsigned K = 0; K < L.arg_size() && K < R.arg_size(); ++K)
    Twin[L.getArg(K)] = R.getArg(K);
  for (const AlignedBlock &B : A.Blocks)
    if (B.L && B.R)
      Twin[B.L] = B.R;
  auto Steps = [&](const std::vector<AlignedStep> &Steps) {
    for (const AlignedStep &S : Steps) {
      Rows.push_back({SimilarRow::Step, S.L, S.R});
      if (S.matched())
        Twin[S.L] = S.R;
    }
  };
  for (unsigned BI = 0; BI < A.Blocks.size(); ++BI) {
    const AlignedBlock &B = A.Blocks[BI];
    Rows.push_back({SimilarRow::Block, B.L, B.R});
    std::vector<const PHINode *> PL, PR;
    if (B.L)
      for (const PHINode &P : B.L->phis())
        PL.push_back(&P);
    if (B.R)
      for (const PHINode &P : B.R->phis())
        PR.push_back(&P);
    auto Phi = [&](const PHINode *X, const PHINode *Y) {
      Rows.push_back({SimilarRow::Context, X, Y});
      if (X && Y)
        Twin[X] = Y;
    };
    size_t J = 0;
    for (const PHINode *X : PL) {
      size_t K = J;
      while (K != PR.size() && PR[K]->getType() != X->getType())
        ++K;
      if (K == PR.size()) {
        Phi(X, nullptr);
        continue;
      }
      for (; J != K; ++J)
        Phi(nullptr, PR[J]);
      Phi(X, PR[J++]);
    }
    for (; J != PR.size(); ++J)
      Phi(nullptr, PR[J]);
    if (BI == 0)
      Steps(A.EntryAllocas);
    Steps(B.Steps);
    const Instruction *TL = B.L ? B.L->getTerminator() : nullptr;
    const Instruction *TR = B.R ? B.R->getTerminator() : nullptr;
    if (TL || TR) {
      Planned T{SimilarRow::Context, TL, TR};
      T.TwoTerminators = TL && TR && !B.OneTerminator;
      T.CrossedSuccessors = B.SwapR;
      Rows.push_back(T);
    }
  }
}

bool PairDescriber::same(const Value *X, const Value *Y) const {
  if (X == Y)
    return true; // Constants and globals are the same value in both.
  auto It = Twin.find(X);
  return It != Twin.end() && It->second == Y;
}

/// Why the two sides of a row with both differ, or "": an operand of L's
/// instruction whose counterpart is not R's operand there (a value the
/// merged instruction takes from a select, or a phi, on the selector).
std::string PairDescriber::differs(const Planned &P) const {
  if (P.TwoTerminators)
    return "two terminators: a branch on the selector chooses";
  if (P.CrossedSuccessors)
    return "successors crosswise: R's condition is inverted";
  const auto *X = cast<Instruction>(P.L), *Y = cast<Instruction>(P.R);
  if (const auto *PX = dyn_cast<PHINode>(X)) {
    const auto *PY = cast<PHINode>(Y);
    if (PX->getNumIncomingValues() != PY->getNumIncomingValues())
      return "incoming edges differ";
    for (unsigned K = 0; K < PX->getNumIncomingValues(); ++K) {
      auto It = Twin.find(PX->getIncomingBlock(K));
      int At = It == Twin.end()
                   ? -1
                   : PY->getBasicBlockIndex(
                         cast<BasicBlock>(const_cast<Value *>(It->second)));
      if (At < 0 || !same(PX->getIncomingValue(K), PY->getIncomingValue(At)))
        return "incoming values differ";
    }
    return "";
  }
  if (X->getNumOperands() != Y->getNumOperands())
    return "operand counts differ";
  std::string Which;
  const auto *Call = dyn_cast<CallBase>(X);
  for (unsigned K = 0; K < X->getNumOperands(); ++K)
    if (!same(X->getOperand(K), Y->getOperand(K)))
      Which += (Which.empty() ? "" : ", ") +
               (Call && &X->getOperandUse(K) == &Call->getCalledOperandUse()
                    ? std::string("the callee")
                    : "operand " + std::to_string(K + 1));
  return Which.empty() ? "" : "differs in " + Which;
}

/// An instruction as Instruction::print writes it, without metadata
/// attachments; a block as its label.
std::string PairDescriber::text(const Value *V, ModuleSlotTracker &MST) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (const auto *BB = dyn_cast<BasicBlock>(V)) {
    BB->printAsOperand(OS, /*PrintType=*/false, MST);
    StringRef T = Text;
    T.consume_front("%");
    return T.str() + ":";
  }
  cast<Instruction>(V)->print(OS, MST);
  StringRef T = StringRef(Text).trim();
  size_t Meta = T.find(", !");
  if (Meta != StringRef::npos)
    T = T.substr(0, Meta);
  return T.str();
}

SimilarPairReport PairDescriber::describe() {
  SimilarPairReport P;
  P.Left = L.getName().str();
  P.Right = R.getName().str();
  P.LeftShown = demangled(P.Left);
  P.RightShown = demangled(P.Right);
  P.Merged = P.Left + ".similar";
  P.Matched = A.Matched;
  P.Unmatched = A.Unmatched;
  plan();
  // A page stays readable with a bounded number of rows a pair.
  const unsigned MaxRows = 400;
  if (Rows.size() > MaxRows)
    P.RowsCut = Rows.size() - MaxRows;
  for (unsigned K = 0; K < Rows.size(); ++K) {
    const Planned &Pl = Rows[K];
    bool Counted = Pl.Kind == SimilarRow::Step && Pl.L && Pl.R;
    std::string Why = Pl.Kind != SimilarRow::Block && Pl.L && Pl.R
                          ? differs(Pl)
                          : std::string();
    P.Differing += Counted && !Why.empty();
    if (K < MaxRows) {
      SimilarRow Row;
      Row.RowKind = Pl.Kind;
      Row.Differs = !Why.empty();
      Row.Note = std::move(Why);
      P.Rows.push_back(std::move(Row));
    }
  }
  // One side at a time: the slot tracker numbers one function's values.
  ModuleSlotTracker MST(L.getParent());
  for (bool Left : {true, false}) {
    MST.incorporateFunction(Left ? L : R);
    for (unsigned K = 0; K < P.Rows.size(); ++K)
      if (const Value *V = Left ? Rows[K].L : Rows[K].R)
        (Left ? P.Rows[K].L : P.Rows[K].R) = text(V, MST);
  }
  return P;
}

/// The pairs coalesce's similar-function merger merges: it runs with its
/// default options, alone (no outliner after it) and M's size model, with
/// no hot code and no run-time budget, on a copy of M, and shows each
/// pair as it was just before the merge.
static std::vector<SimilarPairReport> similarPairs(Module &M,
                                                   const std::string &Name) {
  std::unique_ptr<Module> Copy = CloneModule(M);
  std::vector<SimilarPairReport> Pairs;
  Report Rep;
  SizeModel Size = SizeModel::forModule(*Copy);
  SimilarMergeOptions Options = Config().Similar;
  Options.OutlinerRuns = false;
  Options.OnMerge = [&](const Function &L, const Function &R,
                        const Alignment &A) {
    Pairs.push_back(PairDescriber(L, R, A).describe());
  };
  ProgramHotness Nothing = ProgramHotness::none();
  RunTimeBudget Unlimited = RunTimeBudget::unlimited();
  mergeSimilarFunctions(*Copy, Options, Rep, Size, Nothing, Unlimited);
  Copy.reset();
  // The merger's report: how each side went, the merged function's name
  // and the bytes saved.
  std::map<std::string, const MergeRecord *> ByName;
  for (const MergeRecord &MR : Rep.Merges)
    if (MR.Similar)
      ByName[MR.Merged] = &MR;
  for (SimilarPairReport &P : Pairs)
    for (bool Left : {true, false}) {
      auto It = ByName.find(Left ? P.Left : P.Right);
      if (It == ByName.end())
        continue;
      const MergeRecord &MR = *It->second;
      (Left ? P.LeftKind : P.RightKind) = mergeKindName(MR.Kind);
      P.Merged = MR.Kept;
      P.EstimatedBytes += MR.EstimatedBytes;
    }
  std::stable_sort(Pairs.begin(), Pairs.end(),
                   [](const SimilarPairReport &A, const SimilarPairReport &B) {
                     return A.EstimatedBytes > B.EstimatedBytes;
                   });
  if (PrintStats)
    errs() << Name << ": the similar merger merged " << Pairs.size()
           << " pairs (" << Size.basis() << ")\n";
  return Pairs;
}

//===-- One module ---------------------------------------------------------===//

struct ModuleResult {
  std::string Json;
  ModuleReport Report;
};

static void writeRegionDetails(json::OStream &J, const SimilarRegion &R,
                               const RegionDetails &D, const GroupDetails &GD,
                               const SimilarityAnalysis &S, OutlineMark Mark) {
  Function *F = R.First->getFunction();
  J.attribute("function", F->getName());
  std::string Dem = demangled(F->getName());
  if (Dem != F->getName())
    J.attribute("demangled", Dem);
  SourceRange SR = sourceRange(S.instructions(R));
  if (!SR.File.empty()) {
    J.attribute("file", SR.File);
    J.attribute("line", SR.Line);
    J.attribute("end_line", SR.EndLine);
  }
  J.attribute("instructions", R.Length);
  J.attribute("blocks", D.Blocks);
  J.attribute("parameters", GD.Parameters);
  J.attribute("outputs", GD.Outputs);
  J.attribute("estimated_saving", GD.EstimatedSaving);
  if (Mark != OutlineMark::Unknown)
    J.attribute("outlined", outlineMarkName(Mark));
  if (D.Overlaps)
    J.attribute("overlaps", true);
}

/// Colours named operands in an escaped IR line: each name that is a value
/// of the region becomes a span carrying its common number.
static std::string markOperands(const std::string &Escaped,
                                const std::map<std::string, unsigned> &Names) {
  std::string Out;
  size_t I = 0;
  auto IsName = [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' ||
           C == '$' || C == '-';
  };
  while (I < Escaped.size()) {
    char C = Escaped[I];
    if ((C == '%' || C == '@') && (I == 0 || !IsName(Escaped[I - 1]))) {
      size_t J = I + 1;
      if (J < Escaped.size() && Escaped[J] == '&') {
        // A quoted name: &quot;...&quot;
        size_t E = Escaped.find("&quot;", J + 6);
        J = E == std::string::npos ? Escaped.size() : E + 6;
      } else {
        while (J < Escaped.size() && IsName(Escaped[J]))
          ++J;
      }
      std::string Tok = Escaped.substr(I, J - I);
      auto It = Names.find(Tok);
      if (It != Names.end()) {
        Out += "<span class=\"v c" + std::to_string(It->second % 12) +
               "\" data-v=\"" + std::to_string(It->second) + "\">" + Tok +
               "</span>";
      } else {
        Out += Tok;
      }
      I = J;
      continue;
    }
    Out += C;
    ++I;
  }
  return Out;
}

/// How the IR names V as an operand; with its type for constants, so a
/// table cell says `i32 10` rather than `10`.
static std::string operandName(Value *V, ModuleSlotTracker &MST,
                               bool WithType) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, WithType && isa<Constant>(V), MST);
  return S;
}

/// A page stays readable (and small) with a few regions a group and a
/// bounded number of IR lines a region: of a longer region, its first
/// HeadLines and its last MaxLines - HeadLines.
constexpr unsigned MaxRegionsShown = 6, MaxLines = 80, HeadLines = 60;

/// What the page's groups are written with: the instruction numbers, the
/// slot tracker (with the function last incorporated into it: one at a
/// time), the source files.
struct PageContext {
  const DenseMap<const Instruction *, unsigned> &Numbers;
  ModuleSlotTracker &MST;
  SourceCache &Sources;
  const Function *Incorporated = nullptr;
};

/// The instructions a region shows, Insts being its own: two of context
/// each side, within the function, and of a long region its head and its
/// tail around a null line, the gap. Matched says which are the region's.
static std::vector<Instruction *> shownLines(const SimilarRegion &R,
                                             ArrayRef<Instruction *> Insts,
                                             std::vector<bool> &Matched) {
  std::vector<Instruction *> Lines;
  std::vector<Instruction *> Before;
  Instruction *P = R.First;
  for (int K = 0; K < 2; ++K) {
    P = P->getPrevNode();
    if (!P)
      break;
    Before.push_back(P);
  }
  for (auto It = Before.rbegin(); It != Before.rend(); ++It) {
    Lines.push_back(*It);
    Matched.push_back(false);
  }
  for (unsigned K = 0; K < Insts.size(); ++K) {
    if (Insts.size() > MaxLines && K == HeadLines) {
      Lines.push_back(nullptr);
      Matched.push_back(false);
      K = Insts.size() - (MaxLines - HeadLines);
    }
    Lines.push_back(Insts[K]);
    Matched.push_back(true);
  }
  Instruction *Nx = R.Last;
  for (int K = 0; K < 2; ++K) {
    Nx = Nx->getNextNode();
    if (!Nx)
      break;
    Lines.push_back(Nx);
    Matched.push_back(false);
  }
  return Lines;
}

/// RR's IR: the shown lines (of a region of NumInsts instructions) as the
/// IR prints them, a label where the block changes, the region's own lines
/// with its values marked (Names: escaped name -> common number).
static void addIRLines(RegionReport &RR, ArrayRef<Instruction *> Lines,
                       const std::vector<bool> &Matched, size_t NumInsts,
                       const std::map<std::string, unsigned> &Names,
                       ModuleSlotTracker &MST) {
  const BasicBlock *BB = nullptr;
  for (unsigned K = 0; K < Lines.size(); ++K) {
    if (!Lines[K]) {
      RR.IR.push_back({"<span class=\"lbl\">&hellip; " +
                           std::to_string(NumInsts - MaxLines) +
                           " more instructions &hellip;</span>",
                       false});
      continue;
    }
    if (Lines[K]->getParent() != BB) {
      if (BB) {
        std::string Label;
        raw_string_ostream OS(Label);
        Lines[K]->getParent()->printAsOperand(OS, false, MST);
        RR.IR.push_back(
            {"<span class=\"lbl\">" + escapeHtml(Label) + ":</span>", false});
      }
      BB = Lines[K]->getParent();
    }
    std::string Text;
    raw_string_ostream OS(Text);
    Lines[K]->print(OS, MST);
    StringRef T = StringRef(Text).trim();
    // Drop metadata attachments: they are long and not compared.
    size_t Meta = T.find(", !");
    if (Meta != StringRef::npos)
      T = T.substr(0, Meta);
    RR.IR.push_back(
        {Matched[K] ? markOperands(escapeHtml(T), Names) : escapeHtml(T),
         Matched[K]});
  }
}

/// RR's source: the lines SR spans and one each side, at most 41, if the
/// file can be read.
static void addSourceLines(RegionReport &RR, const SourceRange &SR,
                           SourceCache &Sources) {
  RR.File = SR.File;
  RR.Line = SR.Line;
  RR.EndLine = SR.EndLine;
  if (SR.File.empty())
    return;
  const std::vector<std::string> *Src = Sources.lines(SR.Path);
  if (!Src)
    return;
  unsigned From = SR.Line > 1 ? SR.Line - 1 : 1;
  unsigned To = std::min<unsigned>(SR.EndLine + 1, Src->size());
  To = std::min(To, From + 40);
  for (unsigned L = From; L <= To; ++L)
    RR.Source.push_back({L, (*Src)[L - 1], SR.Lines.count(L) > 0});
}

/// Region RI of a group on the page (D: its details); its values' names
/// go into the group's table, GR.Values.
static RegionReport pageRegion(const SimilarityAnalysis &S,
                               const SimilarRegion &R, const RegionDetails &D,
                               unsigned RI, bool Outlined, GroupReport &GR,
                               PageContext &Page) {
  RegionReport RR;
  Function *F = R.First->getFunction();
  if (Page.Incorporated != F) {
    Page.MST.incorporateFunction(*F);
    Page.Incorporated = F;
  }
  RR.Start = Page.Numbers.lookup(R.First);
  RR.End = Page.Numbers.lookup(R.Last);
  RR.LinkageName = F->getName().str();
  RR.Function = demangled(F->getName());
  RR.Blocks = D.Blocks;
  RR.Overlaps = D.Overlaps;
  RR.Outlined = Outlined;
  std::map<std::string, unsigned> Names;
  for (unsigned K = 0; K < D.Values.size(); ++K) {
    if (D.Canonical[K] >= 1 && D.Canonical[K] <= GR.Values.size())
      GR.Values[D.Canonical[K] - 1].Names[RI] =
          operandName(D.Values[K], Page.MST, /*WithType=*/true);
    std::string N = operandName(D.Values[K], Page.MST, /*WithType=*/false);
    if (!N.empty() && (N[0] == '%' || N[0] == '@'))
      Names[escapeHtml(N)] = D.Canonical[K];
  }
  std::vector<Instruction *> Insts = S.instructions(R);
  std::vector<bool> Matched;
  std::vector<Instruction *> Lines = shownLines(R, Insts, Matched);
  addIRLines(RR, Lines, Matched, Insts.size(), Names, Page.MST);
  addSourceLines(RR, sourceRange(Insts), Page.Sources);
  return RR;
}

/// Group G (number Number) on the page: its figures, its first regions,
/// the names of the others, and the values that cross its regions'
/// borders, a row each.
static GroupReport pageGroup(const SimilarityAnalysis &S,
                             const SimilarityGroup &G, const GroupDetails &GD,
                             unsigned Number, PageContext &Page,
                             const std::vector<bool> *RegionOutlined) {
  GroupReport GR;
  GR.Number = Number;
  GR.Length = G.Length;
  GR.Saving = GD.EstimatedSaving;
  GR.Parameters = GD.Parameters;
  GR.Outputs = GD.Outputs;
  GR.Exits = GD.Exits;
  GR.RegionBytes = GD.RegionBytes;
  unsigned NumCanon = GD.Roles.empty() ? 0 : GD.Roles.size() - 1;
  unsigned Shown = std::min<unsigned>(G.Regions.size(), MaxRegionsShown);
  GR.Values.resize(NumCanon);
  for (unsigned C = 1; C <= NumCanon; ++C) {
    GR.Values[C - 1].Number = C;
    GR.Values[C - 1].Role = valueRoleName(GD.Roles[C]);
    GR.Values[C - 1].Names.resize(Shown);
  }
  for (unsigned RI = Shown; RI < G.Regions.size(); ++RI)
    GR.MoreRegions.push_back(
        demangled(G.Regions[RI].First->getFunction()->getName()) + " (" +
        std::to_string(Page.Numbers.lookup(G.Regions[RI].First)) + "-" +
        std::to_string(Page.Numbers.lookup(G.Regions[RI].Last)) + ")");
  for (unsigned RI = 0; RI < Shown; ++RI)
    GR.Regions.push_back(pageRegion(S, G.Regions[RI], GD.Regions[RI], RI,
                                    RegionOutlined && (*RegionOutlined)[RI],
                                    GR, Page));
  // Only what crosses the region's border is worth a table row.
  std::vector<MappedValue> Kept;
  for (MappedValue &V : GR.Values)
    if (V.Role != "internal")
      Kept.push_back(std::move(V));
  GR.Values = std::move(Kept);
  return GR;
}

/// --sim-stats: what the analysis of the module Name saw.
static void printStats(const SimilarityAnalysis &S, const std::string &Name) {
  const SimilarityStats &St = S.stats();
  errs() << Name << ": " << St.LegalInstructions << " legal of "
         << St.Positions << " positions, " << St.DistinctOperations
         << " operations, " << St.RepeatedSubstrings << " repeated sequences, "
         << St.Candidates << " candidates, " << St.MappingSearches
         << " mapping searches (" << St.MappingSearchesGivenUp
         << " given up), " << S.groups().size() << " groups\n";
}

/// The module's groups as llvm-sim writes them (group number -> regions),
/// with --details each region's details.
static void
writeGroupsJson(raw_ostream &OS, const SimilarityAnalysis &S,
                const DenseMap<const Instruction *, unsigned> &Numbers,
                const std::vector<GroupDetails> &GDs,
                const std::vector<OutlineMark> &Marks) {
  json::OStream J(OS, 1);
  J.objectBegin();
  unsigned Number = 1;
  for (unsigned K = 0; K < S.groups().size(); ++K, ++Number) {
    const SimilarityGroup &G = S.groups()[K];
    J.attributeBegin(std::to_string(Number));
    J.arrayBegin();
    for (unsigned RI = 0; RI < G.Regions.size(); ++RI) {
      const SimilarRegion &R = G.Regions[RI];
      J.objectBegin();
      J.attribute("start", Numbers.lookup(R.First));
      J.attribute("end", Numbers.lookup(R.Last));
      if (Details)
        writeRegionDetails(J, R, GDs[K].Regions[RI], GDs[K], S, Marks[K]);
      J.objectEnd();
    }
    J.arrayEnd();
    J.attributeEnd();
  }
  J.objectEnd();
}

/// The module's part of the page: its figures, the pairs the similar
/// merger merges, and its groups, highest estimated saving first
/// (--html-groups of them).
static void pageModule(Module &M, const SimilarityAnalysis &S,
                       const std::string &Name,
                       const DenseMap<const Instruction *, unsigned> &Numbers,
                       const std::vector<GroupDetails> &GDs,
                       const std::vector<std::vector<bool>> &Outlined,
                       const std::vector<OutlineMark> &Marks,
                       SourceCache &Sources, ModuleReport &MR) {
  MR.Name = Name;
  MR.Instructions = Numbers.size();
  MR.GroupsTotal = S.groups().size();
  MR.OutlineMarked = !NoOutlineMarks;
  if (!NoOutlineMarks && !NoSimilar) {
    MR.SimilarRun = true;
    MR.SimilarPairs = similarPairs(M, Name);
  }
  for (OutlineMark Mk : Marks) {
    MR.GroupsOutlined += Mk == OutlineMark::All;
    MR.GroupsPartlyOutlined += Mk == OutlineMark::Some;
  }
  std::vector<unsigned> Order(S.groups().size());
  for (unsigned K = 0; K < Order.size(); ++K)
    Order[K] = K;
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return GDs[A].EstimatedSaving > GDs[B].EstimatedSaving;
  });
  if (HtmlGroups && Order.size() > HtmlGroups)
    Order.resize(HtmlGroups);
  ModuleSlotTracker MST(&M);
  PageContext Page{Numbers, MST, Sources};
  for (unsigned K : Order) {
    MR.Groups.push_back(pageGroup(S, S.groups()[K], GDs[K], K + 1, Page,
                                  Outlined.empty() ? nullptr : &Outlined[K]));
    MR.Groups.back().Outlined = Marks[K];
    if (!Outlined.empty())
      MR.Groups.back().RegionsOutlined =
          std::count(Outlined[K].begin(), Outlined[K].end(), true);
  }
}

/// The analysis of one module: its JSON, and with WantPage its part of the
/// page. With details (--details, --html), each group's, and unless
/// --no-outline-marks, what the outliner does with it.
static ModuleResult analyzeModule(Module &M, const SimilarityOptions &Options,
                                  const std::string &Name, bool WantPage,
                                  SourceCache &Sources) {
  SimilarityAnalysis S(Options);
  S.run(M);
  if (PrintStats)
    printStats(S, Name);
  DenseMap<const Instruction *, unsigned> Numbers = numberInstructions(M);
  bool NeedDetails = Details || WantPage;
  std::vector<GroupDetails> GDs;
  if (NeedDetails) {
    GDs.resize(S.groups().size());
    for (unsigned K = 0; K < S.groups().size(); ++K)
      describeGroup(S, S.groups()[K], GDs[K]);
  }
  std::vector<std::vector<bool>> Outlined;
  std::vector<OutlineMark> Marks(S.groups().size(), OutlineMark::Unknown);
  if (NeedDetails && !NoOutlineMarks && !S.groups().empty()) {
    Outlined = regionsOutlined(M, S, Name);
    for (unsigned K = 0; K < S.groups().size(); ++K)
      Marks[K] = outlineMark(Outlined[K]);
  }

  ModuleResult Out;
  raw_string_ostream OS(Out.Json);
  writeGroupsJson(OS, S, Numbers, GDs, Marks);
  if (WantPage)
    pageModule(M, S, Name, Numbers, GDs, Outlined, Marks, Sources, Out.Report);
  return Out;
}

//===-- Files -------------------------------------------------------------===//

/// Reads one input, a module the verifier takes.
static Expected<std::unique_ptr<Module>> readModule(const std::string &Path,
                                                    LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M) {
    if (Err.getLineNo() > 0)
      return createStringError(Path + ":" + Twine(Err.getLineNo()) + ":" +
                         Twine(Err.getColumnNo() + 1) + ": " +
                         Err.getMessage());
    return createStringError(Path + ": cannot read IR: " + Err.getMessage());
  }
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*M, &OS))
    return createStringError(Path + ": invalid module: " +
                       StringRef(Problems).split('\n').first);
  return M;
}

/// Writes Text to Path, or leaves no file.
static Error writeFile(const std::string &Path, StringRef Text) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(Path + ": cannot write: " + EC.message());
  Out.os() << Text;
  Out.os().close();
  if (Out.os().has_error()) {
    Out.os().clear_error();
    return createStringError(Path + ": cannot write");
  }
  Out.keep();
  return Error::success();
}

/// Output names for several inputs: <dir>/<stem>.json, made unique.
static std::vector<std::string> outputPaths(const std::string &Dir) {
  std::vector<std::string> Paths;
  std::set<std::string> Used;
  for (const std::string &In : Inputs) {
    std::string Stem = sys::path::stem(In).str();
    std::string Name = Stem + ".json";
    for (unsigned K = 2; Used.count(Name); ++K)
      Name = Stem + "." + std::to_string(K) + ".json";
    Used.insert(Name);
    SmallString<256> P(Dir);
    sys::path::append(P, Name);
    Paths.push_back(std::string(P));
  }
  return Paths;
}

//===-- The run -----------------------------------------------------------===//

/// Where each input's JSON goes: with one input, -o itself (a file, or
/// standard output); with several, a file each in the directory -o names,
/// created here. Empty when no JSON is written (only --html).
static Expected<std::vector<std::string>> jsonOutputs(bool WantJson) {
  if (!WantJson)
    return std::vector<std::string>();
  if (Inputs.size() == 1)
    return std::vector<std::string>{Output};
  if (Output == "-")
    return createStringError("-o: several inputs need -o <directory> (or only "
                       "--html)");
  if (std::error_code EC = sys::fs::create_directories(Output))
    return createStringError(Output + ": cannot create directory: " + EC.message());
  return outputPaths(Output);
}

/// One input: read, analyzed, its JSON written to JsonPath ("-": standard
/// output; "": none), its part of the page added to Page with --html.
static Error processInput(const std::string &Path, const std::string &JsonPath,
                          const SimilarityOptions &Options,
                          SourceCache &Sources,
                          std::vector<ModuleReport> &Page) {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = readModule(Path, Ctx);
  if (!M)
    return M.takeError();
  ModuleResult R = analyzeModule(**M, Options, Path, !Html.empty(), Sources);
  if (!Html.empty())
    Page.push_back(std::move(R.Report));
  if (JsonPath == "-") {
    outs() << R.Json;
    return Error::success();
  }
  return JsonPath.empty() ? Error::success() : writeFile(JsonPath, R.Json);
}

/// The one place the tool says what went wrong: `coalesce-sim: error:`
/// and the message, per error. A bad input is reported as it is met and
/// the others still processed. Returns the exit code.
static int reportError(Error E) {
  handleAllErrors(std::move(E), [](const ErrorInfoBase &EI) {
    WithColor::error(errs(), ProgName) << EI.message() << "\n";
  });
  return 1;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(SimCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "coalesce-sim: structurally similar instruction sequences, as JSON "
      "(llvm-sim's format) and HTML\n");

  SimilarityOptions Options;
  Options.WiderCommutativity = !LLVMSimCompatible;
  Options.AllOccurrences = AllOccurrences;
  Options.SpanBlocks = !WithinBlocks;
  Options.MatchCallsByName = CallsByName;
  Options.MinLength = std::max(2u, unsigned(MinLength));

  // With --html and no -o, only the page is written.
  bool WantJson =
      !(Output == "-" && !Html.empty() && Output.getNumOccurrences() == 0);
  Expected<std::vector<std::string>> JsonPaths = jsonOutputs(WantJson);
  if (!JsonPaths)
    return reportError(JsonPaths.takeError());

  int Status = 0;
  std::vector<ModuleReport> Page;
  SourceCache Sources;
  for (unsigned K = 0; K < Inputs.size(); ++K)
    if (Error E = processInput(Inputs[K], WantJson ? (*JsonPaths)[K] : "",
                               Options, Sources, Page))
      Status = reportError(std::move(E));

  if (!Html.empty()) {
    std::string Text;
    raw_string_ostream OS(Text);
    writeHtml(OS, Page, "coalesce-sim");
    if (Error E = writeFile(Html, Text))
      Status = reportError(std::move(E));
  }
  return Status;
}
