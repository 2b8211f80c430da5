//===- tools/coalesce-size/CoalesceSize.cpp - Fit and check the size model ===//
//
// coalesce-size measures the size model (core/size) against real object
// code. For each module it is given (a merged LTO module, as a link hands
// it to code generation: bench/run --save-modules writes them), it counts
// every function's features, compiles the module in process with the
// target's own code generator as ld.lld would (PIC, function sections, the
// functions' own optimization attributes; without the machine outliner, so
// that each function keeps its own code), and reads each function's size
// from the object's symbol table.
//
//   coalesce-size fit -o core/size/tables/x86_64.inc A.bc B.bc ...
//       fits the prices on all but a held-out share of the functions (by a
//       hash of their names, so a template instance shared by programs is
//       on one side only), prints the error on the held-out share beside
//       TTI's estimate, and writes the table.
//   coalesce-size check [--max-median=P] [--max-summed=P] [--held-out]
//                       [--beat-tti] A.bc ...
//       prices every function with the compiled-in table for the module's
//       target and prints, per module, the median error per function and
//       the error summed over the module, beside TTI's (with --held-out,
//       first on the share fit left out); fails when a bound is exceeded.
//   coalesce-size list A.bc
//       one line per function: name, bytes, model, TTI.
//   coalesce-size features A.bc ...
//       a table of every function's feature counts and bytes (a header
//       line, then one line per function), to study the model elsewhere.
//
// The fit minimizes the absolute error divided by a power (0.4) of each
// function's bytes, with non-negative prices (iteratively reweighted least
// squares, each round solved by coordinate descent on the normal
// equations); see fitPrices. A feature found in fewer than 20 of the
// functions keeps the compiled-in price (MinSupport). bench/size-fit runs
// the whole fit.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/CodeGen/TargetLowering.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;
using namespace coalesce;

static cl::OptionCategory SizeCategory("coalesce-size options");
static cl::opt<std::string> Mode(cl::Positional, cl::Required,
                                 cl::desc("<fit|check|list|features>"),
                                 cl::cat(SizeCategory));
static cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<merged LTO modules (.bc/.ll)>"),
                                    cl::cat(SizeCategory));
static cl::opt<std::string> Output("o", cl::value_desc("file"),
                                   cl::desc("fit: the table to write"),
                                   cl::cat(SizeCategory));
static cl::opt<unsigned>
    HoldOut("hold-out", cl::init(20),
            cl::desc("fit: percent of functions left out of the fit and "
                     "measured"),
            cl::cat(SizeCategory));
static cl::opt<double>
    MaxMedian("max-median", cl::init(0),
              cl::desc("check: fail when a module's median error per "
                       "function exceeds this percent (0: no bound)"),
              cl::cat(SizeCategory));
static cl::opt<double>
    MaxSummed("max-summed", cl::init(0),
              cl::desc("check: fail when the error summed over a module "
                       "exceeds this percent (0: no bound)"),
              cl::cat(SizeCategory));

static cl::opt<bool>
    CheckHeldOut("held-out",
                 cl::desc("check: also the error on each module's held-out "
                          "share (the functions fit left out), bounded too"),
                 cl::cat(SizeCategory));
static cl::opt<bool>
    BeatTTI("beat-tti",
            cl::desc("check: fail when the model's median error is not below "
                     "TTI x4's"),
            cl::cat(SizeCategory));

namespace {

/// One function: what the model sees, and what the code generator made.
struct Sample {
  std::string Name;
  FeatureCounts Counts{};
  double Bytes = 0; ///< From the object's symbol table.
  double TTI = 0;   ///< TTI's code-size units x 4.
  double Share = 1; ///< Its module's share in the fit (every module alike).
};

struct Measured {
  std::string Arch;
  unsigned MinAlign = 1, PrefAlign = 1, InstrAlign = 1;
  std::vector<Sample> Samples;
};

/// Compiles M to an object in memory and returns its function symbols'
/// sizes by name.
Expected<StringMap<uint64_t>> objectSizes(Module &M, TargetMachine &TM,
                                          const Twine &Where) {
  SmallVector<char, 0> Buffer;
  raw_svector_ostream OS(Buffer);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile))
    return createStringError(Where + ": the target cannot emit object files");
  PM.run(M);
  auto Obj = object::ObjectFile::createObjectFile(
      MemoryBufferRef(StringRef(Buffer.data(), Buffer.size()), "object"));
  if (!Obj)
    return createStringError(Where + ": " + toString(Obj.takeError()));
  auto *ELF = dyn_cast<object::ELFObjectFileBase>(Obj->get());
  if (!ELF)
    return createStringError(Where + ": only ELF objects are measured");
  StringMap<uint64_t> Sizes;
  for (object::ELFSymbolRef S : ELF->symbols()) {
    Expected<object::SymbolRef::Type> Ty = S.getType();
    Expected<StringRef> Name = S.getName();
    if (!Ty || !Name || *Ty != object::SymbolRef::ST_Function) {
      consumeError(Ty.takeError());
      consumeError(Name.takeError());
      continue;
    }
    Sizes[*Name] = S.getSize();
  }
  return Sizes;
}

/// The target machine of M's triple, configured as ld.lld's LTO configures
/// code generation; with Outlining false, without the machine outliner
/// the target may run by default (AArch64 at -Oz).
Expected<std::unique_ptr<TargetMachine>>
targetMachineFor(const Module &M, const Twine &Where, bool Outlining) {
  Triple TT(M.getTargetTriple());
  std::string Why;
  const Target *T = TargetRegistry::lookupTarget(TT, Why);
  if (!T)
    return createStringError(Where + ": " + Why);
  TargetOptions Options;
  Options.FunctionSections = true;
  Options.DataSections = true;
  // The ABI and the features the module was compiled for (each function
  // carries its own; the target machine's must agree, as RISC-V's hard
  // float ABI needs the D extension).
  if (auto *ABI = dyn_cast_or_null<MDString>(M.getModuleFlag("target-abi")))
    Options.MCOptions.ABIName = ABI->getString().str();
  std::string CPU, Features;
  for (const Function &F : M)
    if (!F.isDeclaration()) {
      CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
      Features = F.getFnAttribute("target-features").getValueAsString().str();
      break;
    }
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, CPU, Features, Options, Reloc::PIC_, std::nullopt,
      CodeGenOptLevel::Default));
  if (!TM)
    return createStringError(Where + ": no target machine for " + TT.str());
  if (!Outlining)
    TM->setSupportsDefaultOutlining(false);
  return TM;
}

Expected<std::unique_ptr<Module>> load(const std::string &Path,
                                       LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M)
    return createStringError(Path + ": " + Err.getMessage());
  return M;
}

/// All function bytes of M compiled (outlined functions included).
Expected<uint64_t> codeBytes(Module &M, bool Outlining, const Twine &Where) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      targetMachineFor(M, Where, Outlining);
  if (!TM)
    return TM.takeError();
  Expected<StringMap<uint64_t>> Sizes = objectSizes(M, **TM, Where);
  if (!Sizes)
    return Sizes.takeError();
  uint64_t Sum = 0;
  for (const auto &KV : *Sizes)
    Sum += KV.getValue();
  return Sum;
}

/// What coalesce's default pipeline saves on the module at Path, compiled
/// with the target's default machine outliner and without it: {with,
/// without}. Both are {0, 0} for a target that does not outline by
/// default. The outliner already shares much of what duplicates have in
/// common, so a merge saves less where it runs.
Expected<std::pair<double, double>>
savedWithAndWithoutOutliner(const std::string &Path) {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> Before = load(Path, Ctx);
  if (!Before)
    return Before.takeError();
  Expected<std::unique_ptr<TargetMachine>> TM =
      targetMachineFor(**Before, Path, true);
  if (!TM)
    return TM.takeError();
  if (!(*TM)->Options.SupportsDefaultOutlining)
    return std::make_pair(0.0, 0.0);
  std::unique_ptr<Module> After = CloneModule(**Before);
  Report Rep;
  runPipeline(*After, Config(), Rep);
  std::unique_ptr<Module> BeforeCopy = CloneModule(**Before);
  std::unique_ptr<Module> AfterCopy = CloneModule(*After);
  // The four compilations, in this order: each reads and changes its
  // module.
  std::pair<Module *, bool> Compiled[] = {{Before->get(), true},
                                          {After.get(), true},
                                          {BeforeCopy.get(), false},
                                          {AfterCopy.get(), false}};
  double Bytes[4];
  for (unsigned K = 0; K != 4; ++K) {
    Expected<uint64_t> B =
        codeBytes(*Compiled[K].first, Compiled[K].second, Path);
    if (!B)
      return B.takeError();
    Bytes[K] = double(*B);
  }
  return std::make_pair(Bytes[0] - Bytes[1], Bytes[2] - Bytes[3]);
}

Expected<Measured> measure(const std::string &Path) {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> Loaded = load(Path, Ctx);
  if (!Loaded)
    return Loaded.takeError();
  std::unique_ptr<Module> M = std::move(*Loaded);
  Triple TT(M->getTargetTriple());
  // A function's own code, before the machine outliner (on by default at
  // -Oz on AArch64) moves sequences it shares with others into outlined
  // functions: what a function is left with then depends on the rest of
  // the program, not on the function. savedWithAndWithoutOutliner measures
  // what that does to merging.
  Expected<std::unique_ptr<TargetMachine>> MadeTM =
      targetMachineFor(*M, Path, false);
  if (!MadeTM)
    return MadeTM.takeError();
  std::unique_ptr<TargetMachine> TM = std::move(*MadeTM);

  Measured Out;
  Out.Arch = TT.getArchName().str();
  Out.InstrAlign = TM->getMCAsmInfo()->getMinInstAlignment();
  bool AlignsKnown = false;
  std::map<std::string, Sample> ByName;
  for (Function &F : *M) {
    if (F.isDeclaration() || F.hasAvailableExternallyLinkage())
      continue;
    if (!AlignsKnown) {
      const TargetLowering *TLI = TM->getSubtargetImpl(F)->getTargetLowering();
      Out.MinAlign = TLI->getMinFunctionAlignment().value();
      Out.PrefAlign = TLI->getPrefFunctionAlignment().value();
      AlignsKnown = true;
    }
    // Private symbols leave no entry in the symbol table.
    if (F.hasPrivateLinkage())
      F.setLinkage(GlobalValue::InternalLinkage);
    Sample S;
    S.Name = F.getName().str();
    S.Counts = countFunction(F);
    TargetTransformInfo TTI = TM->getTargetTransformInfo(F);
    S.TTI = double(ttiCodeSizeUnits(F, &TTI) * 4);
    ByName[S.Name] = std::move(S);
  }
  Expected<StringMap<uint64_t>> Sizes = objectSizes(*M, *TM, Path);
  if (!Sizes)
    return Sizes.takeError();
  for (auto &[Name, S] : ByName) {
    auto It = Sizes->find(Name);
    if (It == Sizes->end() || !It->second)
      continue; // Dropped or emptied by code generation.
    S.Bytes = double(It->second);
    Out.Samples.push_back(std::move(S));
  }
  return Out;
}

/// Whether a function is in the held-out share: by its name alone, so the
/// same function in two modules is on one side.
bool heldOut(StringRef Name) {
  return HoldOut && xxh3_64bits(Name) % 100 < HoldOut;
}

/// Prices that must keep an order whatever the corpus says, because the
/// code behind them does: a zero is set up in no more bytes than a small
/// constant, a small one in no more than a wide one. (Rare features are
/// otherwise free to trade bytes with the common ones they co-occur with.)
const std::pair<Feature, Feature> NoMoreThan[] = {
    {Feature::ArgumentZero, Feature::ArgumentImmediate},
    {Feature::ArgumentImmediate, Feature::ArgumentWideImmediate},
};

/// Features that are always at least one instruction of their own: a
/// constant argument is set up by a move (xor, mov, li) before the call.
/// Their prices are at least the target's shortest such instruction
/// (setRegisterBytes): otherwise a corpus where constants travel with
/// calls lets the call's price take theirs, and a merge that adds a
/// constant argument looks free.
const Feature AtLeastOneInstruction[] = {
    Feature::ArgumentZero, Feature::ArgumentImmediate,
    Feature::ArgumentWideImmediate};

/// The shortest instruction that puts a constant in a register: x86-64's
/// xor of a 32-bit register (2 bytes), RISC-V's compressed li (2), every
/// AArch64 instruction (4); else one byte.
double setRegisterBytes(StringRef Arch) {
  if (Arch == "aarch64")
    return 4;
  if (Arch == "x86_64" || Arch == "riscv64")
    return 2;
  return 1;
}

/// How many of Set's functions have feature F at all.
unsigned supportOf(const std::vector<const Sample *> &Set, Feature F) {
  return count_if(Set, [&](const Sample *S) {
    return S->Counts[unsigned(F)] != 0;
  });
}

/// A feature seen in fewer of the training functions than this is not
/// fitted: a handful of functions lets its price soak up whatever else
/// those functions hold (AArch64's vector values live across a call, in 5
/// functions of the corpus, came out at 47 bytes for a 4-byte store and a
/// 4-byte load). It keeps the price of the compiled-in table, said so in
/// the written one.
constexpr unsigned MinSupport = 20;

/// Per feature: whether Train has it in too few functions to fit.
std::vector<bool> tooRareToFit(const std::vector<const Sample *> &Train) {
  std::vector<bool> Rare(NumFeatures);
  for (unsigned I = 0; I != NumFeatures; ++I)
    Rare[I] = supportOf(Train, Feature(I)) < MinSupport;
  return Rare;
}

/// The compiled-in table for a module's architecture, or null.
const SizeTable *compiledTable(StringRef Arch) {
  return sizeTableFor(Triple(Arch.str() + "-unknown-linux"));
}

/// Non-negative weighted least squares: minimizes sum W (x.p - y)^2 over
/// p >= 0 (AtLeastOneInstruction's p >= MinInstruction, and the NoMoreThan
/// orders) by coordinate descent on the normal equations, from P on.
/// Prices marked Fixed keep their value in P.
void solveWeighted(const std::vector<const Sample *> &Train,
                   const std::vector<double> &W, double MinInstruction,
                   const std::vector<bool> &Fixed, std::vector<double> &P) {
  const unsigned N = NumFeatures;
  std::vector<double> A(N * N, 0), B(N, 0);
  for (size_t K = 0; K != Train.size(); ++K) {
    const Sample &S = *Train[K];
    for (unsigned I = 0; I != N; ++I) {
      if (!S.Counts[I])
        continue;
      B[I] += W[K] * S.Counts[I] * S.Bytes;
      for (unsigned J = 0; J != N; ++J)
        A[I * N + J] += W[K] * S.Counts[I] * S.Counts[J];
    }
  }
  for (unsigned Sweep = 0; Sweep != 20000; ++Sweep) {
    double Moved = 0;
    for (unsigned I = 0; I != N; ++I) {
      if (Fixed[I] || A[I * N + I] <= 0)
        continue; // Too rarely seen to fit, or never: stays as it is.
      double R = B[I];
      for (unsigned J = 0; J != N; ++J)
        if (J != I)
          R -= A[I * N + J] * P[J];
      double Next = std::max(0.0, R / A[I * N + I]);
      if (is_contained(AtLeastOneInstruction, Feature(I)))
        Next = std::max(Next, MinInstruction);
      for (auto [Lo, Hi] : NoMoreThan) {
        if (unsigned(Hi) == I)
          Next = std::max(Next, P[unsigned(Lo)]);
        if (unsigned(Lo) == I && A[unsigned(Hi) * N + unsigned(Hi)] > 0)
          Next = std::min(Next, P[unsigned(Hi)]);
      }
      Moved = std::max(Moved, std::fabs(Next - P[I]));
      P[I] = Next;
    }
    if (Moved < 1e-7)
      break;
  }
}

/// How much a function's size discounts its error in the fit: 0 weighs
/// every byte alike (sums right, small functions ignored), 1 every function
/// alike (medians right, large functions ignored). 0.4 keeps both the
/// median error per function and the error summed over a program within
/// bounds on the corpus (bench/size-fit --check).
constexpr double SizeExponent = 0.4;

/// The prices that minimize sum |x.p - y| / y^SizeExponent over p >= 0:
/// absolute errors, so the few functions code generation treats unlike the
/// rest (huge switch tables, inline assembly) do not drag every price;
/// discounted by size, so small functions count, but a large function's
/// bytes still weigh more than a thunk's. Solved by iteratively reweighted
/// least squares from the 1/y least-squares start: each round weighs a
/// function by 1 / (y^(1 + SizeExponent) max(|relative error|, 2%)).
/// The prices of the Fixed features are Prior's, not fitted.
std::vector<double> fitPrices(const std::vector<const Sample *> &Train,
                              double MinInstruction,
                              const std::vector<bool> &Fixed,
                              const std::vector<double> &Prior) {
  std::vector<double> W(Train.size()), P(NumFeatures, 0);
  for (unsigned I = 0; I != NumFeatures; ++I)
    if (Fixed[I])
      P[I] = Prior[I];
  for (size_t K = 0; K != Train.size(); ++K)
    W[K] = Train[K]->Share / std::max(Train[K]->Bytes, 1.0);
  solveWeighted(Train, W, MinInstruction, Fixed, P);
  for (unsigned Round = 0; Round != 30; ++Round) {
    for (size_t K = 0; K != Train.size(); ++K) {
      const Sample &S = *Train[K];
      double Y = std::max(S.Bytes, 1.0), X = 0;
      for (unsigned I = 0; I != NumFeatures; ++I)
        X += P[I] * S.Counts[I];
      double Rel = std::max(std::fabs(X - Y) / Y, 0.02);
      W[K] = S.Share / (std::pow(Y, 1 + SizeExponent) * Rel);
    }
    solveWeighted(Train, W, MinInstruction, Fixed, P);
  }
  return P;
}

double predict(const std::vector<double> &Prices, const Sample &S) {
  double B = 0;
  for (unsigned I = 0; I != NumFeatures; ++I)
    B += Prices[I] * S.Counts[I];
  return std::max(0.0, std::round(B));
}

/// The errors of one set of predictions: median |error| per function and
/// |error| of the sums, both in percent of the real bytes.
struct Errors {
  size_t Functions = 0;
  double Median = 0, Summed = 0;
};

template <typename PredictT>
Errors errorsOf(const std::vector<const Sample *> &Set, PredictT Predict) {
  Errors E;
  E.Functions = Set.size();
  if (Set.empty())
    return E;
  std::vector<double> Rel;
  double Real = 0, Pred = 0;
  for (const Sample *S : Set) {
    double P = Predict(*S);
    Rel.push_back(std::fabs(P - S->Bytes) / S->Bytes);
    Real += S->Bytes;
    Pred += P;
  }
  std::nth_element(Rel.begin(), Rel.begin() + Rel.size() / 2, Rel.end());
  E.Median = 100 * Rel[Rel.size() / 2];
  E.Summed = 100 * std::fabs(Pred - Real) / Real;
  return E;
}

std::string describe(const Errors &Model, const Errors &TTI) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%6zu functions: median |error| %5.1f%% (TTI x4 %5.1f%%), "
               "summed %5.1f%% (TTI x4 %5.1f%%)",
               Model.Functions, Model.Median, TTI.Median, Model.Summed,
               TTI.Summed);
  return S;
}

double ttiOf(const Sample &S) { return S.TTI; }

/// fit: every input measured, all of one target.
Expected<std::vector<Measured>> measureAll() {
  std::vector<Measured> All;
  for (const std::string &In : Inputs) {
    Expected<Measured> M = measure(In);
    if (!M)
      return M.takeError();
    All.push_back(std::move(*M));
    if (All.back().Arch != All.front().Arch)
      return createStringError(In + ": target " + All.back().Arch + ", not " +
                         All.front().Arch + " as the first module");
  }
  return All;
}

/// The fit's account of itself, the comment at the top of the table: the
/// errors on the held-out share (Test) and per module, and the features
/// too rare to fit.
void writeFitSummary(raw_ostream &SOS, const std::vector<Measured> &All,
                     const std::vector<const Sample *> &Train,
                     const std::vector<const Sample *> &Test,
                     const std::vector<double> &Prices,
                     const std::vector<bool> &Rare) {
  auto Model = [&](const Sample &S) { return predict(Prices, S); };
  SOS << "// Fitted on " << Train.size() << " functions of";
  for (const std::string &In : Inputs)
    SOS << " " << sys::path::filename(In);
  SOS << ".\n// Held out (" << HoldOut << "%), all modules: "
      << describe(errorsOf(Test, Model), errorsOf(Test, ttiOf)) << "\n";
  for (size_t I = 0; I != All.size(); ++I) {
    std::vector<const Sample *> Held, Whole;
    for (const Sample &S : All[I].Samples) {
      Whole.push_back(&S);
      if (heldOut(S.Name))
        Held.push_back(&S);
    }
    SOS << "// " << sys::path::filename(Inputs[I]) << ", held out: "
        << describe(errorsOf(Held, Model), errorsOf(Held, ttiOf))
        << "\n//   whole module: "
        << describe(errorsOf(Whole, Model), errorsOf(Whole, ttiOf)) << "\n";
  }
  for (unsigned I = 0; I != NumFeatures; ++I)
    if (Rare[I])
      SOS << format("// %s: in %u of the functions fitted on (fewer than %u): "
                    "not fitted, kept at %.3f.\n",
                    featureName(Feature(I)), supportOf(Train, Feature(I)),
                    MinSupport, Prices[I]);
}

/// The share of a removed body's bytes a merge saves: where the target
/// outlines by default, what merging removes is worth less, measured on
/// the inputs with coalesce's pipeline (and said in SOS); elsewhere 1.
Expected<double> removedShare(raw_ostream &SOS) {
  double With = 0, Without = 0;
  for (const std::string &In : Inputs) {
    Expected<std::pair<double, double>> Saved = savedWithAndWithoutOutliner(In);
    if (!Saved)
      return Saved.takeError();
    With += Saved->first;
    Without += Saved->second;
  }
  double RemovedShare = Without > 0 ? std::clamp(With / Without, 0.0, 1.0) : 1;
  if (Without > 0)
    SOS << format("// Merging saved %.0f bytes with the machine outliner the "
                  "target runs by default, %.0f without: a removed body is "
                  "worth %.3f of its bytes.\n",
                  With, Without, RemovedShare);
  return RemovedShare;
}

/// Writes the table to -o: the summary, the target's alignments, the
/// removed share and a price per feature.
Error writeTable(const Measured &First, StringRef Summary, double RemovedShare,
                 const std::vector<double> &Prices) {
  std::error_code EC;
  raw_fd_ostream OS(Output, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(Output + ": " + EC.message());
  OS << "// The size model's prices for " << First.Arch
     << ", in bytes (core/size/SizeModel.cpp).\n"
     << "// Written by `coalesce-size fit`; bench/size-fit reproduces it. Do "
        "not edit.\n"
     << Summary << "COALESCE_SIZE_TARGET(\"" << First.Arch << "\", "
     << First.MinAlign << ", " << First.PrefAlign << ", " << First.InstrAlign
     << ")\n"
     << format("COALESCE_SIZE_REMOVED_SHARE(%.3f)\n", RemovedShare);
  for (unsigned I = 0; I != NumFeatures; ++I)
    OS << "COALESCE_SIZE_PRICE(" << featureName(Feature(I)) << ", "
       << format("%.3f", Prices[I]) << ")\n";
  return Error::success();
}

/// fit: the prices fitted on the inputs' functions but a held-out share,
/// the summary printed, the table written.
Error runFit() {
  if (Output.empty())
    return createStringError("fit needs -o <table file>");
  Expected<std::vector<Measured>> Measurements = measureAll();
  if (!Measurements)
    return Measurements.takeError();
  std::vector<Measured> &All = *Measurements;
  // Every module weighs the same in the fit, however many functions it
  // has: a test suite of thousands of small template instances must not
  // set the prices for a C program.
  size_t Total = 0;
  for (const Measured &M : All)
    Total += M.Samples.size();
  std::vector<const Sample *> Train, Test;
  for (Measured &M : All)
    for (Sample &S : M.Samples) {
      S.Share = double(Total) / All.size() / M.Samples.size();
      (heldOut(S.Name) ? Test : Train).push_back(&S);
    }
  if (Train.empty())
    return createStringError("no functions to fit on");
  // What the features too rare to fit keep: the compiled-in table's prices
  // (0 for a target without one).
  std::vector<double> Prior(NumFeatures, 0);
  if (const SizeTable *Old = compiledTable(All.front().Arch))
    Prior.assign(std::begin(Old->Bytes), std::end(Old->Bytes));
  std::vector<bool> Rare = tooRareToFit(Train);
  std::vector<double> Prices =
      fitPrices(Train, setRegisterBytes(All.front().Arch), Rare, Prior);

  std::string Summary;
  raw_string_ostream SOS(Summary);
  writeFitSummary(SOS, All, Train, Test, Prices, Rare);
  Expected<double> RemovedShare = removedShare(SOS);
  if (!RemovedShare)
    return RemovedShare.takeError();
  outs() << Summary;
  return writeTable(All.front(), Summary, *RemovedShare, Prices);
}

/// features: a header line, then a line per function of every input.
Error runFeatures() {
  outs() << "module\tfunction\tbytes\ttti";
  for (unsigned I = 0; I != NumFeatures; ++I)
    outs() << "\t" << featureName(Feature(I));
  outs() << "\n";
  for (const std::string &In : Inputs) {
    Expected<Measured> M = measure(In);
    if (!M)
      return M.takeError();
    for (const Sample &S : M->Samples) {
      outs() << sys::path::filename(In) << "\t" << S.Name << "\t" << S.Bytes
             << "\t" << S.TTI;
      for (double N : S.Counts)
        outs() << "\t" << N;
      outs() << "\n";
    }
  }
  return Error::success();
}

/// check, on the functions Of of the module In (What: which of them): the
/// model's errors printed beside TTI's; an error for each bound exceeded.
Error checkErrors(StringRef In, const Measured &M, StringRef What,
                  const std::vector<const Sample *> &Of,
                  const SizeModel &Model) {
  auto Predict = [&](const Sample &S) {
    return std::max(0.0, std::round(Model.bytes(S.Counts)));
  };
  Errors E = errorsOf(Of, Predict), T = errorsOf(Of, ttiOf);
  outs() << sys::path::filename(In) << " (" << M.Arch << "), " << What << ": "
         << describe(E, T) << "\n";
  Error Exceeded = Error::success();
  if ((MaxMedian > 0 && E.Median > MaxMedian) ||
      (MaxSummed > 0 && E.Summed > MaxSummed)) {
    std::string Msg;
    raw_string_ostream(Msg)
        << In << ", " << What
        << format(": error above the bounds (median %.1f%%, summed %.1f%%)",
                  double(MaxMedian), double(MaxSummed));
    Exceeded = createStringError(Msg);
  }
  if (BeatTTI && E.Median >= T.Median)
    Exceeded = joinErrors(std::move(Exceeded),
                          createStringError(In + ", " + What +
                                      ": median error not below TTI x4's"));
  return Exceeded;
}

/// check (or with List, list): every input priced with the compiled-in
/// table for its target. A bound exceeded is an error, and the other
/// inputs are still checked.
Error runCheck(bool List) {
  Error Exceeded = Error::success();
  for (const std::string &In : Inputs) {
    Expected<Measured> M = measure(In);
    if (!M)
      return joinErrors(std::move(Exceeded), M.takeError());
    const SizeTable *Table = compiledTable(M->Arch);
    if (!Table)
      return joinErrors(std::move(Exceeded),
                        createStringError(In + ": no size model for " + M->Arch));
    SizeModel Model(Table);
    std::vector<const Sample *> Set;
    for (const Sample &S : M->Samples)
      Set.push_back(&S);
    if (List) {
      for (const Sample *S : Set)
        outs() << S->Name << "\t" << S->Bytes << "\t"
               << std::max(0.0, std::round(Model.bytes(S->Counts))) << "\t"
               << S->TTI << "\n";
      continue;
    }
    if (CheckHeldOut) {
      std::vector<const Sample *> Held;
      for (const Sample *S : Set)
        if (heldOut(S->Name))
          Held.push_back(S);
      Exceeded = joinErrors(std::move(Exceeded),
                            checkErrors(In, *M, "held out", Held, Model));
    }
    Exceeded = joinErrors(std::move(Exceeded),
                          checkErrors(In, *M, "whole module", Set, Model));
  }
  return Exceeded;
}

/// The mode asked for.
Error run() {
  if (Mode == "fit")
    return runFit();
  if (Mode == "check")
    return runCheck(false);
  if (Mode == "list")
    return runCheck(true);
  if (Mode == "features")
    return runFeatures();
  return createStringError("unknown mode '" + Mode + "': fit, check or list");
}

/// The one place the tool says what went wrong: `coalesce-size: error:`
/// and the message, per error (a check reports every bound exceeded).
/// Returns the exit code.
int reportError(Error E) {
  handleAllErrors(std::move(E), [](const ErrorInfoBase &EI) {
    WithColor::error(errs(), "coalesce-size") << EI.message() << "\n";
  });
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers(); // Inline asm is assembled too.
  cl::HideUnrelatedOptions(SizeCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "coalesce-size: fit and check the size model\n");
  if (Error E = run())
    return reportError(std::move(E));
  return 0;
}
