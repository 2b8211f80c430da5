//===- plugin/ThinCache.h - The GNU plugin's ThinLTO cache ------*- C++ -*-===//
//
// -plugin-opt=cache-dir=DIR, as LLVMgold.so spells it: a ThinLTO backend
// whose inputs are unchanged since an earlier link is not run again; its
// object comes from DIR. Two things make coalesce's cache differ from
// LLVM's own (which ld.lld uses, and whose key knows nothing of pass
// plugins):
//
//  - The key. LLVM's key for a backend (the module, what it imports and
//    exports, the configuration) is hashed again together with what else
//    decides the object here: this plugin's own bytes and every coalesce
//    and LLVM option of the link. A cache filled by another build of
//    coalesce, or with other options, is never taken for this one.
//  - The report. A backend found in the cache does not run, so coalesce
//    does not run on its module either; the module's report is kept in
//    the cache beside its object (`<key>.coalesce.json`) and handed to the
//    link's report (LinkReport.h) as if the backend had run. A report that
//    is missing (pruned apart from its object) makes the backend run
//    again. The link's report is then the same with a cache as without.
//
// -plugin-opt=cache-policy=POLICY prunes the directory after the link, as
// LLVM's cache policies say (llvm::parseCachePruningPolicy).
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_THINCACHE_H
#define COALESCE_PLUGIN_THINCACHE_H

#include "plugin/Options.h"

#include "llvm/Support/Caching.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace coalesce {

class ThinCache {
public:
  /// Opens Dir (made if missing). Salt is everything besides LLVM's key
  /// that decides a backend's object and report. AddBuffer takes each
  /// backend's object, from the cache or just made; AddStream is how a
  /// backend writes its object when its report is missing from the cache.
  static llvm::Expected<std::unique_ptr<ThinCache>>
  open(const std::string &Dir, std::string Salt, const HostOptions &H,
       llvm::AddBufferFn AddBuffer, llvm::AddStreamFn AddStream);

  /// The cache to hand to lto::LTO::run.
  llvm::FileCache fileCache();

  /// After LTO: keeps the report of every module compiled in this link
  /// beside its object, then prunes the directory by Policy (if not empty).
  llvm::Error finish(const std::string &Policy);

private:
  ThinCache() = default;
  llvm::Expected<llvm::AddStreamFn> lookUp(unsigned Task, llvm::StringRef Key,
                                           const llvm::Twine &ModuleName);
  std::string reportPath(llvm::StringRef Key) const;

  std::string Dir, Salt;
  HostOptions Host;
  llvm::FileCache Objects;
  llvm::AddStreamFn AddStream;
  std::mutex Lock;
  /// Modules compiled in this link, by key: their reports are to be kept.
  std::map<std::string, std::string> Compiled;
};

/// Checks a cache-policy= value: an error saying why if LLVM cannot read it.
llvm::Error checkCachePolicy(llvm::StringRef Policy);

} // namespace coalesce

#endif
