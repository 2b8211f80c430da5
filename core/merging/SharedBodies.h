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

namespace llvm {
class Module;
} // namespace llvm

namespace coalesce {

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
