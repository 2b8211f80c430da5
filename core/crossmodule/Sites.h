//===- core/crossmodule/Sites.h - What the scan and the backends agree on -===//
//
// The scan reads a function in one process and a backend finds it again in
// another: both must list its constant sites in the same order and say
// alike which constants are the same. Used by Scan.cpp and Apply.cpp only.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_CROSSMODULE_SITES_H
#define COALESCE_CROSSMODULE_SITES_H

#include "core/merging/SharedBodies.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class Constant;
class Function;
} // namespace llvm

namespace coalesce {

/// Whether F may be a member of a family at all: what merging up to
/// constants takes (eligible, not interposable, not varargs, not a
/// forwarding thunk, not naming itself), with a name to find it by.
bool mayJoinFamily(const llvm::Function &F);

/// F's constant operands an argument could take (isParameterizableOperand),
/// in the order of its blocks, instructions and operands.
std::vector<OperandSite> constantSites(llvm::Function &F);

/// F's content name with every one of Sites an argument, leaving out what
/// its module knows of the functions F names: the template by which the
/// members of a family are found, and a backend's member checked.
std::optional<std::string> templateName(const llvm::Function &F,
                                        llvm::ArrayRef<OperandSite> Sites);

/// What C stands for, the same text in every module for the same constant:
/// its value, or the name of the global of the link it is made of. A
/// constant made of a global local to its module stands for that module's
/// own: the text names the module (Module), and is never another's.
std::string constantKey(const llvm::Constant &C, llvm::StringRef Module);

/// The name F had in its module's bitcode: ThinLTO renames a function local
/// to its module that another module imports a caller of ("f.llvm.<hash>").
llvm::StringRef inputName(const llvm::Function &F);

} // namespace coalesce

#endif
