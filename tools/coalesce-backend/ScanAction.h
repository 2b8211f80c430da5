//===- tools/coalesce-backend/ScanAction.h - The cross-module scan --------===//
//
// See ScanAction.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_TOOLS_SCANACTION_H
#define COALESCE_TOOLS_SCANACTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace coalesce {

/// `coalesce-backend --scan ...` (Args: the words after --scan). Write puts
/// bytes at a path, or says why it cannot. An error's message starts with
/// "--scan: ".
llvm::Error
scanAction(llvm::ArrayRef<const char *> Args,
           llvm::function_ref<llvm::Error(llvm::StringRef, llvm::StringRef)>
               Write);

} // namespace coalesce

#endif
