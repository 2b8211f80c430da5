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

#include <string>

namespace coalesce {

/// `coalesce-backend --scan ...` (Args: the words after --scan). Write puts
/// bytes at a path, or says why it cannot. Returns the exit code.
int scanAction(
    llvm::ArrayRef<const char *> Args,
    llvm::function_ref<bool(llvm::StringRef, llvm::StringRef, std::string &)>
        Write);

} // namespace coalesce

#endif
