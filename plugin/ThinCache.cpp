//===- plugin/ThinCache.cpp - The GNU plugin's ThinLTO cache --------------===//
//
// See ThinCache.h.
//
//===----------------------------------------------------------------------===//

#include "plugin/ThinCache.h"

#include "plugin/LinkReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coalesce {

Expected<std::unique_ptr<ThinCache>>
ThinCache::open(const std::string &Dir, std::string Salt, const HostOptions &H,
                AddBufferFn AddBuffer, AddStreamFn AddStream) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot make the cache directory: " +
                                     EC.message());
  std::unique_ptr<ThinCache> C(new ThinCache);
  C->Dir = Dir;
  C->Salt = std::move(Salt);
  C->Host = H;
  C->AddStream = std::move(AddStream);
  Expected<FileCache> Objects =
      localCache("ThinLTO", "Thin", Dir, std::move(AddBuffer));
  if (!Objects)
    return Objects.takeError();
  C->Objects = std::move(*Objects);
  return C;
}

FileCache ThinCache::fileCache() {
  return FileCache(
      [this](unsigned Task, StringRef Key, const Twine &ModuleName) {
        return lookUp(Task, Key, ModuleName);
      },
      Dir);
}

std::string ThinCache::reportPath(StringRef Key) const {
  SmallString<128> Path(Dir);
  sys::path::append(Path, "llvmcache-" + Key + ".coalesce.json");
  return std::string(Path);
}

/// Reads the report kept for a module: the report, or none if the module
/// had none; an error if the file is missing or is not a report (the
/// caller takes it as a miss: the backend runs again).
static Expected<std::optional<Report>> readKeptReport(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return errorCodeToError(Buffer.getError());
  Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V)
    return V.takeError();
  if (V->kind() == json::Value::Null)
    return std::nullopt;
  std::string Why;
  std::optional<Report> R = readReport(*V, Why);
  if (!R)
    return createStringError(Why);
  return R;
}

Expected<AddStreamFn> ThinCache::lookUp(unsigned Task, StringRef LLVMKey,
                                        const Twine &ModuleName) {
  SHA1 Hash;
  Hash.update(Salt);
  Hash.update(LLVMKey);
  std::string Key = toHex(Hash.result());
  std::string Module = ModuleName.str();
  Expected<AddStreamFn> Found = Objects(Task, Key, Module);
  if (!Found)
    return Found.takeError();
  if (*Found) { // Not in the cache: the backend runs and fills it.
    std::lock_guard<std::mutex> Guard(Lock);
    Compiled[Key] = Module;
    return Found;
  }
  // In the cache (the object is handed over already): so is the module's
  // report, or the backend runs again to make it.
  Expected<std::optional<Report>> Kept = readKeptReport(reportPath(Key));
  if (Kept) {
    if (*Kept)
      if (Error E = gatherModuleReport(Module, **Kept, Host,
                                       /*FromThinBackend=*/true))
        return E;
    return AddStreamFn();
  }
  consumeError(Kept.takeError());
  std::lock_guard<std::mutex> Guard(Lock);
  Compiled[Key] = Module;
  return AddStream;
}

Error ThinCache::finish(const std::string &Policy) {
  for (const auto &[Key, Module] : Compiled) {
    std::optional<Report> R = moduleReport(Module);
    // Written whole under a temporary name, then renamed: a link that
    // reads the cache meanwhile sees the report or nothing.
    std::string Path = reportPath(Key);
    SmallString<128> Temp;
    int FD;
    if (std::error_code EC = sys::fs::createUniqueFile(
            Path + ".tmp-%%%%%%", FD, Temp))
      return createStringError(EC, "cannot write to the cache '" + Dir +
                                       "': " + EC.message());
    {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      if (R)
        OS << formatv("{0}", R->toJSON());
      else
        OS << "null";
    }
    if (std::error_code EC = sys::fs::rename(Temp, Path)) {
      sys::fs::remove(Temp);
      return createStringError(EC, "cannot write to the cache '" + Dir +
                                       "': " + EC.message());
    }
  }
  Compiled.clear();
  if (Policy.empty())
    return Error::success();
  Expected<CachePruningPolicy> P = parseCachePruningPolicy(Policy);
  if (!P)
    return P.takeError();
  pruneCache(Dir, *P);
  return Error::success();
}

Error checkCachePolicy(StringRef Policy) {
  return parseCachePruningPolicy(Policy).takeError();
}

} // namespace coalesce
