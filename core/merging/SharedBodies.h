//===- core/merging/SharedBodies.h - Bodies shared across modules ---------===//
//
// In a ThinLTO link each backend sees one module; a function copied into
// many (a static helper in a header, a template's instances) keeps one body
// per module. This stage names such functions by their content, in a comdat
// of that name, so that the linker keeps one body of each. See the essay in
// SharedBodies.cpp and docs/thinlto.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_SHAREDBODIES_H
#define COALESCE_MERGING_SHAREDBODIES_H

#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace coalesce {

/// Operand Operand of Inst.
struct OperandSite {
  llvm::Instruction *Inst;
  unsigned Operand;
};

/// The name F takes when shared by content (`__coalesce.<hash>`), with
/// each of AsArguments (constant operands of F's instructions) written as
/// a parameter added after F's own, in that order: functions with equal
/// names are the same function. None if F names a global whose meaning is
/// its own module's (a variable local to the module). Without GlobalFacts,
/// what the module knows of the globals F names (functions' attributes,
/// symbols' visibility: they differ between a module that defines or
/// imports a global and one that only declares it) is left out: facts true
/// of the one global they name in the link, which no body's meaning
/// depends on.
std::optional<std::string>
contentName(const llvm::Function &F,
            llvm::ArrayRef<OperandSite> AsArguments = {},
            bool GlobalFacts = true);

/// Gives each function of M that another module of the program may hold
/// too, and that may share one body with it, a name made of a hash of its
/// content, with weak_odr linkage, hidden visibility and a comdat of
/// that name. Appends what it did to Report (its body's bytes by Size: what
/// each other module with the same function saves). Returns true if M
/// changed.
bool shareBodiesAcrossModules(llvm::Module &M, Report &Report,
                              const SizeModel &Size);

} // namespace coalesce

#endif
