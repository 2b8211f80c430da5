//===- tools/coalesce-hotness/CoalesceHotness.cpp - Score the estimate ----===//
//
// coalesce-hotness scores the static hotness estimate (core/hotness)
// against the truth: a workload's profile. Its input is a merged LTO
// module built with that profile (bench/run --pgo --save-modules writes
// PROGRAM.TARGET.pgo.bc): its entry counts and branch weights say how often
// the workload ran each block. The tool
//
//  1. reads the truth from the module as it is: each block's count
//     (BlockFrequencyInfo over the profile's weights, times the function's
//     entry count), whether the profile calls it hot (the 99.9% of counts
//     coalesce's profile rule keeps as it is: ProfileHotPerMillion) or
//     cold, and the instructions it executes (count times instructions);
//  2. strips the profile (every !prof, the profile summary) from a copy
//     and asks the static estimate what it would say without it;
//  3. compares, block by block:
//       missed hot: the share of the executed instructions that lie in
//         blocks the estimate does not call hot, where coalesce may add a
//         call;
//       false hot: the share of the code's bytes (by the size model) in
//         blocks the estimate calls hot and the workload runs rarely or
//         never (the profile's cold blocks): bytes coalesce leaves alone
//         for nothing;
//     and, for the misses, why the estimate said no (the block is not
//     likely; its function is not called again and again; it is in no
//     loop), per function, the largest first.
//
//   coalesce-hotness score [--json FILE] [--top N] A.pgo.bc ...
//   coalesce-hotness strip A.pgo.bc -o A.static.bc
//
// strip writes the module without its profile (step 2's copy): coalesce
// run on it decides by the static estimate, on the same code, so that
// the bytes each estimate lets coalesce save can be compared.
//
// Cost: one pass of LLVM's frequency analyses over the module, and one
// static estimate of the copy.
//
//===----------------------------------------------------------------------===//

#include "core/hotness/Hotness.h"
#include "core/size/SizeModel.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <map>

using namespace llvm;
using namespace coalesce;

static cl::OptionCategory HotCategory("coalesce-hotness options");
static cl::opt<std::string> Mode(cl::Positional, cl::Required,
                                 cl::desc("<score>"), cl::cat(HotCategory));
static cl::list<std::string>
    Inputs(cl::Positional, cl::OneOrMore,
           cl::desc("<merged LTO modules built with a profile>"),
           cl::cat(HotCategory));
static cl::opt<std::string> JsonPath("json", cl::value_desc("file"),
                                     cl::desc("Also write the scores as JSON"),
                                     cl::cat(HotCategory));
static cl::opt<std::string> Output("o", cl::value_desc("file"),
                                   cl::desc("strip: the module written"),
                                   cl::cat(HotCategory));
static cl::opt<unsigned> Top("top", cl::init(10),
                             cl::desc("Functions listed per module, by the "
                                      "executed instructions the estimate "
                                      "misses"),
                             cl::cat(HotCategory));

static cl::opt<unsigned> MaxIndirectTargets(
    "max-indirect-targets", cl::init(HotnessOptions().MaxIndirectTargets),
    cl::desc("The static estimate's HotnessOptions::MaxIndirectTargets (to "
             "score another choice)"),
    cl::cat(HotCategory));
static cl::opt<bool> RecursionRepeats(
    "recursion-repeats", cl::init(HotnessOptions().RecursionRepeats),
    cl::desc("The static estimate's HotnessOptions::RecursionRepeats"),
    cl::cat(HotCategory));
static cl::opt<unsigned> HotSharePerMille(
    "hot-share-per-mille", cl::init(HotnessOptions().HotSharePerMille),
    cl::desc("The static estimate's HotnessOptions::HotSharePerMille"),
    cl::cat(HotCategory));
static cl::opt<unsigned> UninformedPerMille(
    "uninformed-per-mille", cl::init(HotnessOptions().UninformedPerMille),
    cl::desc("The static estimate's HotnessOptions::UninformedPerMille "
             "(1000: every edge's odds count)"),
    cl::cat(HotCategory));
static cl::opt<bool> LoopExitsOnce(
    "loop-exits-once", cl::init(HotnessOptions().LoopExitsOnce),
    cl::desc("The static estimate's HotnessOptions::LoopExitsOnce"),
    cl::cat(HotCategory));

static cl::opt<std::string>
    Explain("explain", cl::value_desc("function"),
            cl::desc("score: also list the named function's blocks, each "
                     "with its count, the static estimate's share and "
                     "reasons, and its terminator"),
            cl::cat(HotCategory));

namespace {

constexpr const char *Tool = "coalesce-hotness";

/// An input the IR parser refused, with its diagnostic: reported as the
/// parser reports it, with the line and a caret under the column.
class ParseError : public ErrorInfo<ParseError> {
public:
  static char ID;
  explicit ParseError(SMDiagnostic Diag) : Diag(std::move(Diag)) {}
  void print(raw_ostream &OS) const { Diag.print(Tool, OS); }
  void log(raw_ostream &OS) const override {
    OS << Diag.getFilename() << ": " << Diag.getMessage();
  }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  SMDiagnostic Diag;
};

char ParseError::ID;

/// What the profile says of one block.
struct Truth {
  uint64_t Count = 0;
  bool Hot = false, Cold = false;
};

/// Why the estimate did not call a block hot: the first of these that
/// holds.
enum Miss { NotLikely, NotRepeatedNorInLoop, NumMisses };
const char *const MissNames[] = {"not likely",
                                 "function not called again and again, "
                                 "block in no loop"};

struct FunctionMiss {
  std::string Name;
  double Instructions = 0;
  double ByReason[NumMisses] = {0, 0};
};

struct Score {
  std::string Module;
  unsigned Functions = 0, Blocks = 0, ProfiledFunctions = 0;
  double Executed = 0, MissedHot = 0, ProfileHotExecuted = 0,
         MissedProfileHot = 0;
  double Bytes = 0, HotBytes = 0, FalseHotBytes = 0;
  /// Of the false hot bytes, those in functions the workload never ran.
  double FalseHotUnrunBytes = 0;
  double ByReason[NumMisses] = {0, 0};
  std::vector<FunctionMiss> Worst;
};

unsigned instructions(const BasicBlock &BB) {
  unsigned N = 0;
  for (const Instruction &I : BB)
    N += !I.isDebugOrPseudoInst();
  return N;
}

/// Every !prof of M's functions and instructions, and its profile
/// summary, removed: the module as the static estimate would see it
/// without the profile.
void stripProfile(Module &M) {
  for (Function &F : M) {
    F.setMetadata(LLVMContext::MD_prof, nullptr);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        I.setMetadata(LLVMContext::MD_prof, nullptr);
  }
  NamedMDNode *Flags = M.getModuleFlagsMetadata();
  if (!Flags)
    return;
  SmallVector<MDNode *, 8> Keep;
  for (MDNode *Flag : Flags->operands()) {
    auto *Key = Flag->getNumOperands() > 1
                    ? dyn_cast<MDString>(Flag->getOperand(1))
                    : nullptr;
    if (!Key || (Key->getString() != "ProfileSummary" &&
                 Key->getString() != "CSProfileSummary"))
      Keep.push_back(Flag);
  }
  Flags->clearOperands();
  for (MDNode *Flag : Keep)
    Flags->addOperand(Flag);
}

/// --explain: F's blocks, one per line.
void explain(Function &F, const DenseMap<const BasicBlock *, Truth> &Truths,
             const ProgramHotness &Static, ValueToValueMapTy &Map) {
  raw_ostream &OS = outs();
  uint64_t Entry = Truths.lookup(&F.getEntryBlock()).Count;
  OS << F.getName() << ": entered " << Entry << " times\n"
     << "  block: instructions, count, per call; static share, "
        "(L)ikely (I)n a loop (R)epeated (C)ycle; hot by the "
        "estimate / by the profile; terminator\n";
  unsigned K = 0;
  for (BasicBlock &BB : F) {
    const Truth T = Truths.lookup(&BB);
    const auto &CopyBB = cast<BasicBlock>(*Map[&BB]);
    ProgramHotness::StaticReasons Why = Static.reasons(CopyBB);
    std::string Term;
    raw_string_ostream TS(Term);
    BB.getTerminator()->print(TS);
    Term = StringRef(Term).trim().substr(0, 60).str();
    OS << format("  %4u %-20s %4u %12llu %9.3f  %7.4f %c%c%c%c  %c/%c  ", K++,
                 BB.hasName() ? BB.getName().str().substr(0, 20).c_str() : "",
                 instructions(BB), (unsigned long long)T.Count,
                 Entry ? double(T.Count) / Entry : 0.0, Why.Share,
                 Why.Likely ? 'L' : '-', Why.InLoop ? 'I' : '-',
                 Why.Repeated ? 'R' : '-', Why.Recursive ? 'C' : '-',
                 Static.isHot(CopyBB) ? 'H' : '-', T.Hot ? 'H' : '-')
       << Term << "\n";
  }
}

/// The static estimate's options: the defaults, but for the choices the
/// command line scores.
HotnessOptions staticOptions() {
  HotnessOptions Options;
  Options.MaxIndirectTargets = MaxIndirectTargets;
  Options.RecursionRepeats = RecursionRepeats;
  Options.HotSharePerMille = HotSharePerMille;
  Options.UninformedPerMille = UninformedPerMille;
  Options.LoopExitsOnce = LoopExitsOnce;
  return Options;
}

/// Step 1, the truth, on the module as it was built: each block's count,
/// and whether the profile calls it hot or cold. Counts S's functions.
DenseMap<const BasicBlock *, Truth> readTruth(Module &M,
                                              ProfileSummaryInfo &PSI,
                                              const HotnessOptions &Options,
                                              Score &S) {
  DenseMap<const BasicBlock *, Truth> Truths;
  TargetLibraryInfoImpl TLII(M.getTargetTriple());
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    ++S.Functions;
    if (!F.getEntryCount())
      continue;
    ++S.ProfiledFunctions;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    TargetLibraryInfo TLI(TLII, &F);
    BranchProbabilityInfo BPI(F, LI, &TLI);
    BlockFrequencyInfo BFI(F, BPI, LI);
    for (BasicBlock &BB : F) {
      Truth T;
      T.Count = BFI.getBlockProfileCount(&BB).value_or(0);
      T.Hot = PSI.isHotCountNthPercentile(Options.ProfileHotPerMillion,
                                          T.Count);
      T.Cold = PSI.isColdCount(T.Count);
      Truths[&BB] = T;
    }
  }
  return Truths;
}

/// Step 3, block by block: the truth against the static estimate (Static,
/// of the copy Map leads to), into S; the misses by function, the worst
/// --top first.
void compareBlocks(Module &M, const DenseMap<const BasicBlock *, Truth> &Truths,
                   const ProgramHotness &Static, ValueToValueMapTy &Map,
                   const SizeModel &Size, Score &S) {
  std::map<const Function *, FunctionMiss> Misses;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (BasicBlock &BB : F) {
      ++S.Blocks;
      const Truth T = Truths.lookup(&BB);
      const auto &CopyBB = cast<BasicBlock>(*Map[&BB]);
      bool Hot = Static.isHot(CopyBB);
      double Executed = double(T.Count) * instructions(BB);
      double Bytes = 0;
      for (const Instruction &I : BB)
        Bytes += Size.instructionBytes(I);
      S.Executed += Executed;
      S.Bytes += Bytes;
      if (T.Hot) {
        S.ProfileHotExecuted += Executed;
        if (!Hot)
          S.MissedProfileHot += Executed;
      }
      if (Hot) {
        S.HotBytes += Bytes;
        if (T.Cold) {
          S.FalseHotBytes += Bytes;
          if (Truths.lookup(&F.getEntryBlock()).Count == 0)
            S.FalseHotUnrunBytes += Bytes;
        }
        continue;
      }
      if (Executed == 0)
        continue;
      ProgramHotness::StaticReasons Why = Static.reasons(CopyBB);
      Miss Reason = !Why.Likely ? NotLikely : NotRepeatedNorInLoop;
      S.MissedHot += Executed;
      S.ByReason[Reason] += Executed;
      FunctionMiss &FM = Misses[&F];
      FM.Name = F.getName().str();
      FM.Instructions += Executed;
      FM.ByReason[Reason] += Executed;
    }
  }
  for (auto &[F, FM] : Misses)
    S.Worst.push_back(FM);
  std::sort(S.Worst.begin(), S.Worst.end(),
            [](const FunctionMiss &A, const FunctionMiss &B) {
              if (A.Instructions != B.Instructions)
                return A.Instructions > B.Instructions;
              return A.Name < B.Name;
            });
  if (S.Worst.size() > Top)
    S.Worst.resize(Top);
}

/// The score of the module M (named Name), which must carry a profile:
/// the steps of the comment at the top of the file.
Expected<Score> score(Module &M, const std::string &Name) {
  Score S;
  S.Module = Name;
  ProfileSummaryInfo PSI(M);
  if (!PSI.hasProfileSummary())
    return createStringError(Name + " has no profile summary: build it with the "
                              "workload's profile (bench/run --pgo)");
  std::string Problem = profileSummaryProblem(M, HotnessOptions());
  if (!Problem.empty())
    return createStringError(Name + ": " + Problem);
  HotnessOptions Options = staticOptions();
  SizeModel Size = SizeModel::forModule(M);

  // 1. The truth, on the module as it was built.
  DenseMap<const BasicBlock *, Truth> Truths = readTruth(M, PSI, Options, S);

  // 2. The static estimate, on a copy without the profile.
  ValueToValueMapTy Map;
  std::unique_ptr<Module> Copy = CloneModule(M, Map);
  stripProfile(*Copy);
  ProgramHotness Static = ProgramHotness::compute(*Copy, Options);

  if (Function *F = Explain.empty() ? nullptr : M.getFunction(Explain))
    explain(*F, Truths, Static, Map);

  // 3. Block by block.
  compareBlocks(M, Truths, Static, Map, Size, S);
  return S;
}

double share(double Part, double Whole) {
  return Whole > 0 ? 100.0 * Part / Whole : 0;
}

void print(raw_ostream &OS, const Score &S) {
  OS << S.Module << ": " << S.Functions << " functions (" << S.ProfiledFunctions
     << " with a profile), " << S.Blocks << " blocks, "
     << format("%.0f", S.Executed) << " instructions executed\n";
  OS << format("  missed hot %.3f%% of executed instructions (%.3f%% not "
               "likely, %.3f%% neither repeated nor in a loop); %.3f%% of "
               "the profile's hot\n",
               share(S.MissedHot, S.Executed),
               share(S.ByReason[NotLikely], S.Executed),
               share(S.ByReason[NotRepeatedNorInLoop], S.Executed),
               share(S.MissedProfileHot, S.ProfileHotExecuted));
  OS << format("  false hot %.3f%% of the bytes (%.0f of %.0f; %.0f called "
               "hot; %.3f%% in functions the workload never ran)\n",
               share(S.FalseHotBytes, S.Bytes), S.FalseHotBytes, S.Bytes,
               S.HotBytes, share(S.FalseHotUnrunBytes, S.Bytes));
  for (const FunctionMiss &FM : S.Worst)
    OS << format("    %7.3f%%  ", share(FM.Instructions, S.Executed))
       << FM.Name << "  ("
       << (FM.ByReason[NotLikely] >= FM.ByReason[NotRepeatedNorInLoop]
               ? MissNames[NotLikely]
               : MissNames[NotRepeatedNorInLoop])
       << ")\n";
}

json::Object toJSON(const Score &S) {
  json::Array Worst;
  for (const FunctionMiss &FM : S.Worst)
    Worst.push_back(json::Object{
        {"function", FM.Name},
        {"missed_executed", FM.Instructions},
        {"not_likely", FM.ByReason[NotLikely]},
        {"not_repeated_nor_in_loop", FM.ByReason[NotRepeatedNorInLoop]}});
  return json::Object{
      {"module", S.Module},
      {"max_indirect_targets", unsigned(MaxIndirectTargets)},
      {"recursion_repeats", bool(RecursionRepeats)},
      {"hot_share_per_mille", unsigned(HotSharePerMille)},
      {"uninformed_per_mille", unsigned(UninformedPerMille)},
      {"loop_exits_once", bool(LoopExitsOnce)},
      {"functions", S.Functions},
      {"profiled_functions", S.ProfiledFunctions},
      {"blocks", S.Blocks},
      {"executed", S.Executed},
      {"missed_hot", S.MissedHot},
      {"missed_hot_not_likely", S.ByReason[NotLikely]},
      {"missed_hot_not_repeated_nor_in_loop", S.ByReason[NotRepeatedNorInLoop]},
      {"profile_hot_executed", S.ProfileHotExecuted},
      {"missed_profile_hot", S.MissedProfileHot},
      {"bytes", S.Bytes},
      {"hot_bytes", S.HotBytes},
      {"false_hot_bytes", S.FalseHotBytes},
      {"false_hot_unrun_bytes", S.FalseHotUnrunBytes},
      {"worst", std::move(Worst)}};
}

/// Reads the module at Path.
Expected<std::unique_ptr<Module>> readModule(StringRef Path, LLVMContext &C) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, C);
  if (!M)
    return make_error<ParseError>(std::move(Err));
  return M;
}

/// strip: Inputs' one module without its profile, written to Output.
Error strip() {
  if (Inputs.size() != 1 || Output.empty())
    return createStringError("strip takes one module and -o FILE");
  LLVMContext C;
  Expected<std::unique_ptr<Module>> M = readModule(Inputs[0], C);
  if (!M)
    return M.takeError();
  stripProfile(**M);
  std::error_code EC;
  ToolOutputFile Out(Output, EC, sys::fs::OF_None);
  if (EC)
    return createStringError("cannot write '" + Output + "': " + EC.message());
  WriteBitcodeToFile(**M, Out.os());
  Out.keep();
  return Error::success();
}

/// score: each input scored and printed, and with --json every score
/// written as JSON.
Error scoreAll() {
  json::Array All;
  for (const std::string &Path : Inputs) {
    LLVMContext C;
    Expected<std::unique_ptr<Module>> M = readModule(Path, C);
    if (!M)
      return M.takeError();
    Expected<Score> S = score(**M, sys::path::filename(Path).str());
    if (!S)
      return S.takeError();
    print(outs(), *S);
    All.push_back(toJSON(*S));
  }
  if (JsonPath.empty())
    return Error::success();
  std::error_code EC;
  raw_fd_ostream OS(JsonPath, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write '" + JsonPath + "': " + EC.message());
  OS << formatv("{0:2}", json::Value(std::move(All))) << "\n";
  return Error::success();
}

/// The mode asked for.
Error run() {
  if (Mode == "strip")
    return strip();
  if (Mode != "score")
    return createStringError("unknown mode '" + Mode + "' (score, strip)");
  return scoreAll();
}

/// The one place the tool says what went wrong: an input LLVM cannot parse
/// as the IR parser says it (the file, line and column, the line itself),
/// anything else as `coalesce-hotness: error:` and the message. Returns
/// the exit code.
int reportError(Error E) {
  handleAllErrors(
      std::move(E), [](const ParseError &P) { P.print(errs()); },
      [](const ErrorInfoBase &EI) {
        WithColor::error(errs(), Tool) << EI.message() << "\n";
      });
  return 1;
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::HideUnrelatedOptions(HotCategory);
  cl::ParseCommandLineOptions(Argc, Argv,
                              "coalesce-hotness: the static hotness estimate "
                              "scored against a workload's profile\n");
  if (Error E = run())
    return reportError(std::move(E));
  return 0;
}
