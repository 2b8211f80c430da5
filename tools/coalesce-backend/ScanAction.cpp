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
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;

namespace coalesce {

namespace {

int scanFailure(const Twine &Message) {
  WithColor::error(errs(), "coalesce-backend") << "--scan: " << Message
                                               << "\n";
  return 1;
}

constexpr const char *Usage =
    "usage: coalesce-backend --scan -o PLAN.json [-j N] [-v] [--icf] "
    "[-coalesce-OPTION[=VALUE]...] INPUT.o|INPUT.a...";

/// Adds the bitcode members of the archive at Path, named as ld.lld names
/// an archive member's module ("lib.a(member.o at OFFSET)") so that each
/// backend finds its part of the
/// plan. OFFSET is where the member's header starts. Other members (native
/// objects) are not the link's LTO modules.
bool addArchiveMembers(const std::string &Path, MemoryBufferRef Whole,
                       std::vector<ScanInput> &Inputs,
                       std::vector<std::unique_ptr<object::Archive>> &Keep,
                       std::string &Why) {
  Expected<std::unique_ptr<object::Archive>> A =
      object::Archive::create(Whole);
  if (!A) {
    Why = "'" + Path + "': " + toString(A.takeError());
    return false;
  }
  if ((*A)->isThin()) {
    Why = "'" + Path + "': a thin archive (give the scan its members)";
    return false;
  }
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*A)->children(Err)) {
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    Expected<StringRef> Name = C.getName();
    if (!Member || !Name) {
      Why = "'" + Path + "': a damaged member";
      consumeError(Member.takeError());
      consumeError(Name.takeError());
      return false;
    }
    if (identify_magic(Member->getBuffer()) != file_magic::bitcode)
      continue;
    uint64_t Offset = C.getChildOffset();
    Inputs.push_back({Path + "(" + sys::path::filename(*Name).str() + " at " +
                          std::to_string(Offset) + ")",
                      *Member});
  }
  if (Err) {
    Why = "'" + Path + "': " + toString(std::move(Err));
    return false;
  }
  Keep.push_back(std::move(*A));
  return true;
}

/// Leaves out the archive members (FromArchive) an ld.lld link of Inputs
/// would not take: it takes every object, and a member only when it
/// defines a symbol that what it took already needs (whatever the order:
/// ld.lld remembers an archive's symbols). The roots are the objects'
/// undefined symbols and main. A member left out gets no backend: a family
/// planned with it would pay a shared body for fewer members than priced.
/// Returns how many were left out; Why says why the symbols of an input
/// could not be read.
size_t leaveOutUnlinkedMembers(std::vector<ScanInput> &Inputs,
                               const std::vector<bool> &FromArchive,
                               std::string &Why) {
  struct Symbols {
    std::vector<std::string> Defined, Needed;
  };
  std::vector<Symbols> Of(Inputs.size());
  StringMap<std::vector<size_t>> Definers; // Members defining a name.
  for (size_t I = 0; I != Inputs.size(); ++I) {
    Expected<std::unique_ptr<lto::InputFile>> F =
        lto::InputFile::create(Inputs[I].Bitcode);
    if (!F) {
      Why = Inputs[I].Module + ": " + toString(F.takeError());
      return 0;
    }
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

} // namespace

int scanAction(ArrayRef<const char *> Args,
               function_ref<bool(StringRef, StringRef, std::string &)> Write) {
  std::string Out;
  unsigned Jobs = 0;
  bool Verbose = false, LinkerFoldsIdentical = false;
  HostOptions Host;
  Expected<std::vector<std::string>> EnvWords = environmentOptionWords();
  if (!EnvWords)
    return scanFailure(toString(EnvWords.takeError()));
  for (const std::string &W : *EnvWords)
    if (Error E = setOptionWord(Host, W))
      return scanFailure("COALESCE_OPTIONS: " + toString(std::move(E)));
  std::vector<std::string> Paths;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-mllvm" && I + 1 < Args.size())
      A = Args[++I];
    if (A.ltrim('-').starts_with("coalesce-")) {
      if (Error E = setOptionWord(Host, A))
        return scanFailure(toString(std::move(E)));
    } else if (A == "-o" && I + 1 < Args.size()) {
      Out = Args[++I];
    } else if (A == "-j" && I + 1 < Args.size()) {
      if (StringRef(Args[++I]).getAsInteger(10, Jobs) || Jobs == 0)
        return scanFailure("-j takes a positive number of threads");
    } else if (A == "-v") {
      Verbose = true;
    } else if (A == "--icf") {
      LinkerFoldsIdentical = true;
    } else if (A.starts_with("-")) {
      return scanFailure("unknown option '" + A + "' (" + Usage + ")");
    } else {
      Paths.push_back(A.str());
    }
  }
  if (Out.empty() || Paths.empty())
    return scanFailure(Usage);

  std::vector<std::unique_ptr<MemoryBuffer>> Buffers;
  std::vector<std::unique_ptr<object::Archive>> Archives;
  std::vector<ScanInput> Inputs;
  std::vector<bool> FromArchive;
  for (const std::string &P : Paths) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(P);
    if (!B)
      return scanFailure("cannot read '" + P + "': " + B.getError().message());
    MemoryBufferRef Whole = (*B)->getMemBufferRef();
    Buffers.push_back(std::move(*B));
    file_magic Magic = identify_magic(Whole.getBuffer());
    if (Magic == file_magic::bitcode) {
      Inputs.push_back({P, Whole});
      FromArchive.push_back(false);
      continue;
    }
    if (Magic != file_magic::archive)
      return scanFailure("'" + P + "' is neither LLVM bitcode nor an archive "
                         "(the scan reads the modules of a ThinLTO link, as "
                         "compiled with -flto=thin)");
    // An archive's bitcode members, named as ld.lld names them.
    std::string Why;
    if (!addArchiveMembers(P, Whole, Inputs, Archives, Why))
      return scanFailure(Why);
    FromArchive.resize(Inputs.size(), true);
  }
  // Only what the link takes of the archives.
  std::string Why;
  size_t LeftOut = leaveOutUnlinkedMembers(Inputs, FromArchive, Why);
  if (!Why.empty())
    return scanFailure(Why);

  ScanOptions Options = scanOptionsFrom(Host);
  Options.LinkerFoldsIdentical = LinkerFoldsIdentical;
  Options.Threads =
      Jobs ? Jobs : heavyweight_hardware_concurrency().compute_thread_count();
  // A damaged module may crash LLVM's reader: an error naming it instead.
  Options.Guard = [](function_ref<void()> Work) {
    return survives(Work, AfterwardsHandlers::Go);
  };
  CrossModulePlan Plan;
  std::string Error;
  if (!scanModules(Inputs, Options, Plan, Error))
    return scanFailure(Error);
  if (Verbose) {
    size_t Members = 0;
    for (const Family &F : Plan.Families)
      Members += F.Members.size();
    if (LeftOut)
      errs() << "coalesce-backend --scan: " << LeftOut
             << " archive members the link would not take left out\n";
    errs() << "coalesce-backend --scan: " << Inputs.size() << " modules, "
           << Plan.Families.size() << " families planned (" << Members
           << " functions), " << Plan.Missed.size() << " left apart\n";
    for (const MissedRecord &M : Plan.Missed)
      errs() << "  left apart: '" << M.Function << "' with '" << M.Other
             << "': " << M.Reason << "\n";
  }
  std::string Problem;
  if (!Write(Out, Plan.toJSON(), Problem))
    return scanFailure(Problem);
  return 0;
}

} // namespace coalesce
