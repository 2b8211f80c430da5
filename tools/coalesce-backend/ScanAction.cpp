//===- tools/coalesce-backend/ScanAction.cpp - The cross-module scan ------===//
//
// `coalesce-backend --scan -o PLAN.json [-j N] [-v] [--icf] INPUT...`: the
// scan of core/crossmodule over a ThinLTO link's bitcode modules, run as a
// step of its own before the backends (a build system's action, or a
// host's). The inputs are the link's bitcode objects and archives, given
// as the link is given them (of an archive, the members the link would
// take); each module is named as ld.lld names it (the path; an archive
// member "lib.a(member.o at OFFSET)"): each backend finds its part of the
// plan by its module's name. The backends take the plan as
// -coalesce-cross-module-plan=PLAN.json (under ld.lld in process:
// COALESCE_OPTIONS; coalesce-backend: -mllvm). --icf: the link folds
// identical code (--icf=all), and functions equal to the last bit are left
// to it. The options that decide what the backends' stages would do
// (-coalesce-max-constant-parameters=, -coalesce-runtime-budget=,
// -coalesce-hot-share=, ...) are read as the backends read them: from
// COALESCE_OPTIONS, then from the arguments (-coalesce-NAME[=VALUE], or
// after -mllvm), so that the plan prices what the backends will do.
//
//===----------------------------------------------------------------------===//

#include "ScanAction.h"

#include "core/crossmodule/CrossModule.h"
#include "plugin/OptionTable.h"
#include "plugin/Survive.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;

namespace coalesce {

namespace {

constexpr const char *Usage =
    "usage: coalesce-backend --scan -o PLAN.json [-j N] [-v] [--icf] "
    "[-coalesce-OPTION[=VALUE]...] INPUT.o|INPUT.a...";

/// Adds the bitcode members of the archive at Path, named as ld.lld names
/// an archive member's module ("lib.a(member.o at OFFSET)") so that each
/// backend finds its part of the
/// plan. OFFSET is where the member's header starts. Other members (native
/// objects) are not the link's LTO modules.
Error addArchiveMembers(const std::string &Path, MemoryBufferRef Whole,
                        std::vector<ScanInput> &Inputs,
                        std::vector<std::unique_ptr<object::Archive>> &Keep) {
  Expected<std::unique_ptr<object::Archive>> A =
      object::Archive::create(Whole);
  if (!A)
    return createStringError("'" + Path + "': " + toString(A.takeError()));
  if ((*A)->isThin())
    return createStringError("'" + Path +
                       "': a thin archive (give the scan its members)");
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*A)->children(Err)) {
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    Expected<StringRef> Name = C.getName();
    if (!Member || !Name) {
      consumeError(Member.takeError());
      consumeError(Name.takeError());
      consumeError(std::move(Err));
      return createStringError("'" + Path + "': a damaged member");
    }
    if (identify_magic(Member->getBuffer()) != file_magic::bitcode)
      continue;
    uint64_t Offset = C.getChildOffset();
    Inputs.push_back({Path + "(" + sys::path::filename(*Name).str() + " at " +
                          std::to_string(Offset) + ")",
                      *Member});
  }
  if (Err)
    return createStringError("'" + Path + "': " + toString(std::move(Err)));
  Keep.push_back(std::move(*A));
  return Error::success();
}

/// Leaves out the archive members (FromArchive) an ld.lld link of Inputs
/// would not take: it takes every object, and a member only when it
/// defines a symbol that what it took already needs (whatever the order:
/// ld.lld remembers an archive's symbols). The roots are the objects'
/// undefined symbols and main. A member left out gets no backend: a family
/// planned with it would pay a shared body for fewer members than priced.
/// Returns how many were left out, or why the symbols of an input could
/// not be read.
Expected<size_t> leaveOutUnlinkedMembers(std::vector<ScanInput> &Inputs,
                                         const std::vector<bool> &FromArchive) {
  struct Symbols {
    std::vector<std::string> Defined, Needed;
  };
  std::vector<Symbols> Of(Inputs.size());
  StringMap<std::vector<size_t>> Definers; // Members defining a name.
  for (size_t I = 0; I != Inputs.size(); ++I) {
    Expected<std::unique_ptr<lto::InputFile>> F =
        lto::InputFile::create(Inputs[I].Bitcode);
    if (!F)
      return createStringError(Inputs[I].Module + ": " + toString(F.takeError()));
    for (const lto::InputFile::Symbol &Sym : (*F)->symbols()) {
      if (!Sym.isUndefined())
        Of[I].Defined.push_back(Sym.getName().str());
      else if (!Sym.isWeak())
        Of[I].Needed.push_back(Sym.getName().str());
    }
    if (FromArchive[I])
      for (const std::string &Name : Of[I].Defined)
        Definers[Name].push_back(I);
  }
  std::vector<bool> Taken(Inputs.size());
  StringSet<> Defined;
  std::vector<std::string> Work{"main"};
  auto Take = [&](size_t I) {
    Taken[I] = true;
    for (const std::string &Name : Of[I].Defined)
      Defined.insert(Name);
    Work.insert(Work.end(), Of[I].Needed.begin(), Of[I].Needed.end());
  };
  for (size_t I = 0; I != Inputs.size(); ++I)
    if (!FromArchive[I])
      Take(I);
  while (!Work.empty()) {
    std::string Name = std::move(Work.back());
    Work.pop_back();
    if (Defined.contains(Name))
      continue;
    auto It = Definers.find(Name);
    if (It == Definers.end())
      continue;
    for (size_t I : It->second)
      if (!Taken[I]) {
        Take(I);
        break;
      }
  }
  std::vector<ScanInput> Linked;
  for (size_t I = 0; I != Inputs.size(); ++I)
    if (Taken[I])
      Linked.push_back(Inputs[I]);
  size_t LeftOut = Inputs.size() - Linked.size();
  Inputs = std::move(Linked);
  return LeftOut;
}

/// What the scan is asked for: its own options, coalesce's (from
/// COALESCE_OPTIONS, then from the arguments, as the backends read them),
/// and the link's inputs.
struct ScanRequest {
  std::string Out;
  unsigned Jobs = 0;
  bool Verbose = false, LinkerFoldsIdentical = false;
  HostOptions Host;
  std::vector<std::string> Paths;
};

Expected<ScanRequest> parseScanArgs(ArrayRef<const char *> Args) {
  ScanRequest R;
  Expected<std::vector<std::string>> EnvWords = environmentOptionWords();
  if (!EnvWords)
    return EnvWords.takeError();
  for (const std::string &W : *EnvWords)
    if (Error E = setOptionWord(R.Host, W))
      return createStringError("COALESCE_OPTIONS: " + toString(std::move(E)));
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-mllvm" && I + 1 < Args.size())
      A = Args[++I];
    if (A.ltrim('-').starts_with("coalesce-")) {
      if (Error E = setOptionWord(R.Host, A))
        return E;
    } else if (A == "-o" && I + 1 < Args.size()) {
      R.Out = Args[++I];
    } else if (A == "-j" && I + 1 < Args.size()) {
      if (StringRef(Args[++I]).getAsInteger(10, R.Jobs) || R.Jobs == 0)
        return createStringError("-j takes a positive number of threads");
    } else if (A == "-v") {
      R.Verbose = true;
    } else if (A == "--icf") {
      R.LinkerFoldsIdentical = true;
    } else if (A.starts_with("-")) {
      return createStringError("unknown option '" + A + "' (" + Usage + ")");
    } else {
      R.Paths.push_back(A.str());
    }
  }
  if (R.Out.empty() || R.Paths.empty())
    return createStringError(Usage);
  return R;
}

/// The link's modules, and the files they are read from (kept while the
/// scan reads them).
struct ScanFiles {
  std::vector<std::unique_ptr<MemoryBuffer>> Buffers;
  std::vector<std::unique_ptr<object::Archive>> Archives;
  std::vector<ScanInput> Inputs;
  std::vector<bool> FromArchive; ///< Per input.
};

/// Reads the bitcode objects and archives at Paths; of an archive, its
/// bitcode members, named as ld.lld names them.
Expected<ScanFiles> readScanFiles(const std::vector<std::string> &Paths) {
  ScanFiles F;
  for (const std::string &P : Paths) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(P);
    if (!B)
      return createStringError("cannot read '" + P + "': " + B.getError().message());
    MemoryBufferRef Whole = (*B)->getMemBufferRef();
    F.Buffers.push_back(std::move(*B));
    file_magic Magic = identify_magic(Whole.getBuffer());
    if (Magic == file_magic::bitcode) {
      F.Inputs.push_back({P, Whole});
      F.FromArchive.push_back(false);
      continue;
    }
    if (Magic != file_magic::archive)
      return createStringError("'" + P +
                         "' is neither LLVM bitcode nor an archive (the scan "
                         "reads the modules of a ThinLTO link, as compiled "
                         "with -flto=thin)");
    if (Error E = addArchiveMembers(P, Whole, F.Inputs, F.Archives))
      return E;
    F.FromArchive.resize(F.Inputs.size(), true);
  }
  return F;
}

/// -v: what the scan read and planned, on standard error.
void printSummary(const CrossModulePlan &Plan, size_t Modules,
                  size_t LeftOut) {
  size_t Members = 0;
  for (const Family &F : Plan.Families)
    Members += F.Members.size();
  if (LeftOut)
    errs() << "coalesce-backend --scan: " << LeftOut
           << " archive members the link would not take left out\n";
  errs() << "coalesce-backend --scan: " << Modules << " modules, "
         << Plan.Families.size() << " families planned (" << Members
         << " functions), " << Plan.Missed.size() << " left apart\n";
  for (const MissedRecord &M : Plan.Missed)
    errs() << "  left apart: '" << M.Function << "' with '" << M.Other
           << "': " << M.Reason << "\n";
}

/// The scan: its arguments, the link's modules (only what the link takes
/// of the archives), the plan, written to the output.
Error scan(ArrayRef<const char *> Args,
           function_ref<Error(StringRef, StringRef)> Write) {
  Expected<ScanRequest> R = parseScanArgs(Args);
  if (!R)
    return R.takeError();
  Expected<ScanFiles> Files = readScanFiles(R->Paths);
  if (!Files)
    return Files.takeError();
  Expected<size_t> LeftOut =
      leaveOutUnlinkedMembers(Files->Inputs, Files->FromArchive);
  if (!LeftOut)
    return LeftOut.takeError();

  ScanOptions Options = scanOptionsFrom(R->Host);
  Options.LinkerFoldsIdentical = R->LinkerFoldsIdentical;
  Options.Threads = R->Jobs ? R->Jobs
                            : heavyweight_hardware_concurrency()
                                  .compute_thread_count();
  // A damaged module may crash LLVM's reader: an error naming it instead.
  Options.Guard = [](function_ref<void()> Work) {
    return survives(Work, AfterwardsHandlers::Go);
  };
  CrossModulePlan Plan;
  std::string Why;
  if (!scanModules(Files->Inputs, Options, Plan, Why))
    return createStringError(Why);
  if (R->Verbose)
    printSummary(Plan, Files->Inputs.size(), *LeftOut);
  return Write(R->Out, Plan.toJSON());
}

} // namespace

Error scanAction(ArrayRef<const char *> Args,
                 function_ref<Error(StringRef, StringRef)> Write) {
  if (Error E = scan(Args, Write))
    return createStringError("--scan: " + toString(std::move(E)));
  return Error::success();
}

} // namespace coalesce
