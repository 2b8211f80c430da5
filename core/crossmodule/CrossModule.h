//===- core/crossmodule/CrossModule.h - Merging across ThinLTO modules ----===//
//
// Functions equal up to constants in different modules of a ThinLTO link,
// given one body: a scan over every module's bitcode plans which functions
// and which of their constants (scanModules), and each backend carries out
// the plan's part for its own module (applyCrossModulePlan). See the essay
// in Scan.cpp and docs/cross-module.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_CROSSMODULE_CROSSMODULE_H
#define COALESCE_CROSSMODULE_CROSSMODULE_H

#include "core/hotness/Hotness.h"
#include "core/merging/ConstantMerger.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace coalesce {

/// One member of a family: a function, by its name in the input, and the
/// modules that define it (one for a function local to its module; every
/// module with a copy for an inline function or a template instance, of
/// which the link keeps one).
struct FamilyMember {
  std::string Function;
  std::vector<std::string> Modules;
  /// Instructions its calls gain per run of the program (a move per
  /// constant, and a jump through its thunk), by its module's estimate:
  /// what its backend takes from the run-time budget of its later stages.
  double RunTime = 0;
};

/// Functions of several modules that are equal but for the constants at
/// some of their sites, and the body they are to share.
struct Family {
  /// The members' content name with every site an argument (contentName):
  /// what a backend checks its member against.
  std::string Template;
  /// Sites in every member: constant operands an argument could take, in
  /// the order constantSites lists them.
  unsigned Sites = 0;
  /// The sites that become arguments of the shared body, ascending: those
  /// where the members' constants differ.
  std::vector<unsigned> Parameters;
  /// The members, in the order of the inputs.
  std::vector<FamilyMember> Members;
  /// Bytes the program saves by the size model, and the model's basis.
  int64_t Saved = 0;
};

/// What a scan decided: the families to merge.
struct CrossModulePlan {
  std::vector<Family> Families;
  /// Families the scan found and left apart, with why (for the report).
  std::vector<MissedRecord> Missed;

  /// The plan as JSON text, and read back: what passes from the scan to
  /// the backends (a file, under distributed ThinLTO).
  std::string toJSON() const;
  static std::optional<CrossModulePlan> fromJSON(llvm::StringRef Text,
                                                 std::string &Error);
};

/// One module of the link: the name its backend's module will have
/// (Module::getModuleIdentifier()) and its bitcode.
struct ScanInput {
  std::string Module;
  llvm::MemoryBufferRef Bitcode;
};

struct ScanOptions {
  ConstantMergeOptions Constants;
  HotnessOptions Hotness;
  /// As Config::RunTimeBudgetPerMille, of the whole program's estimate.
  unsigned RunTimeBudgetPerMille = 5;
  /// The link folds identical code itself (ld.lld --icf=all): functions
  /// equal to the last bit are left to it, which folds them for nothing,
  /// where a shared body would keep a thunk for each.
  bool LinkerFoldsIdentical = false;
  /// Modules read at once.
  unsigned Threads = 1;
  /// Runs the reading and analysis of one module; false if it crashed (a
  /// host's crash recovery: LLVM's bitcode reader trusts what it reads).
  /// Empty: run as they are.
  std::function<bool(llvm::function_ref<void()>)> Guard;
};

/// Reads every input and plans the families worth merging. Inputs are
/// taken as they come: a host that may be handed damaged bitcode checks
/// it first. On a module that cannot be read, returns false and says why.
bool scanModules(llvm::ArrayRef<ScanInput> Inputs, const ScanOptions &Options,
                 CrossModulePlan &Plan, std::string &Error);

/// In a ThinLTO backend, before its module is optimized: each member of a
/// family of Plan that M defines, and that is still the function the scan
/// read, gets the family's shared body (made here from it, or found in M
/// already) and becomes a thunk passing its constants, or its calls pass
/// them. Appends what it did to Report, and spends from Budget what its
/// members' calls gain per run (FamilyMember::RunTime; the scan afforded
/// it for the whole program). Returns true if M changed.
bool applyCrossModulePlan(llvm::Module &M, const CrossModulePlan &Plan,
                          Report &Report, const SizeModel &Size,
                          RunTimeBudget &Budget);

} // namespace coalesce

#endif
