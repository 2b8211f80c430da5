//===- plugin/Survive.h - Reading bitcode without crashing the host -*- C++ -*-===//
//
// LLVM's bitcode reader trusts the file it reads. The hosts check what
// they can before (SymbolTableCheck.h, BitcodeCountCheck.h); for damage
// nobody knows of yet, the reading runs under LLVM's crash recovery, and a
// crash in it becomes an error naming the file, not a crashed linker or
// backend. Part of the host library, coalesce_host.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_SURVIVE_H
#define COALESCE_PLUGIN_SURVIVE_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace coalesce {

enum class AfterwardsHandlers { Stay, Go };

/// Runs Fn, which reads bitcode; false if LLVM crashed in it. The crash
/// handlers are installed for Fn (once per process) and, with Stay, left
/// for the reads that follow: the GNU plugin removes them when LTO is
/// about to optimize the linked module (a crash after that is a bug to
/// report, and goes on to the handler that was there before, as does a
/// crash outside Fn).
bool survives(llvm::function_ref<void()> Fn,
              AfterwardsHandlers Then = AfterwardsHandlers::Stay);

} // namespace coalesce

#endif
