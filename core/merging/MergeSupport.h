//===- core/merging/MergeSupport.h - What every merging stage shares ------===//
//
// The rules and IR edits common to the stages that merge functions or
// make shared bodies (IdenticalMerger, ConstantMerger, SimilarMerger and
// SimilarBuilder, SharedBodies, the cross-module scan and its Apply, and
// the outliner's candidates): which functions may take part, when an
// address is significant, how a kept body comes to hold for every function
// it stands for (attributes, metadata, CFI type ids), and how a function
// is turned into a forwarding thunk.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_MERGESUPPORT_H
#define COALESCE_MERGING_MERGESUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"

#include <optional>

namespace llvm {
class CallBase;
class Constant;
class Function;
class Instruction;
class FunctionType;
class LLVMContext;
class Use;
class User;
} // namespace llvm

namespace coalesce {

/// Whether the target starts F by itself rather than through a call: a
/// GPU kernel (SPIR-V, NVPTX, AMDGPU), a shader stage, an interrupt
/// handler. Such a function is neither called (some targets forbid it) nor
/// an alias (a kernel needs its own entry and descriptor), and every start
/// runs its body.
bool isEntryPoint(const llvm::Function &F);

/// Why F can never take part in merging, or null if it can. With
/// OwnBlockAddresses, F may take the addresses of its own blocks as long as
/// they serve only its own computed gotos (they reach nothing but its
/// indirectbr and comparisons, through phis, selects and local slots): the
/// order compares them by the block they name, and they go with the body
/// that is not kept. Only a merger that keeps one of the bodies in place
/// allows them (identical merging); one that moves or rebuilds a body
/// does not.
const char *ineligibility(const llvm::Function &F,
                          bool OwnBlockAddresses = false);

/// Whether the address of one of F's blocks is taken.
bool takesBlockAddresses(const llvm::Function &F);

/// Whether F's address could be observed as different from another
/// function's: not unnamed_addr, and not a local function whose address is
/// never taken (or marked local_unnamed_addr).
bool addressIsSignificant(const llvm::Function &F);

/// Whether Pred holds for some instruction or global that uses F, directly
/// or through constant expressions.
bool someUser(const llvm::Function &F,
              llvm::function_ref<bool(const llvm::User &)> Pred);

/// Whether U is F's entry in llvm.used or llvm.compiler.used.
bool isInUsedList(const llvm::Use &U);

/// Equal functions may differ in instruction metadata (!tbaa, !range,
/// !nonnull, ...) and optional flags (nuw, nsw, exact, disjoint, nneg,
/// samesign, inbounds, fast-math), which only add assumptions. Before
/// Kept's body serves Dup's callers too, every assumption in it must hold
/// for both: keep the flags both state, and the most generic metadata of
/// each pair, or none, as CSE does.
void generalizeAssumptions(llvm::Function &Kept, llvm::Function &Dup);

/// K's optional flags, reduced to those J states too.
void intersectFlags(llvm::Instruction &K, const llvm::Instruction &J);

/// The attributes a kept body with attributes Kept may keep once it also
/// serves Dup's callers: the intersection of the assumptions both make.
/// None if they cannot be intersected.
std::optional<llvm::AttributeList> jointAttributes(llvm::AttributeList Kept,
                                                   const llvm::Function &Dup);

/// Moves From's body (blocks, arguments' uses and names, subprogram) into
/// To, an empty function whose leading parameters match From's. From is
/// left without a body; if it had a subprogram it gets a copy of its own,
/// so the thunk it becomes still resolves in a debugger and a symbolizer.
void moveBody(llvm::Function &From, llvm::Function &To);

/// Where To's address takes the place of From's, To joins every CFI type
/// id (!type) From had.
void inheritTypeIds(llvm::Function &To, const llvm::Function &From);

/// Replaces From's body with `tail call Callee(From's arguments, Extra...)`
/// and a return of the result. Target is the function Callee names (it may
/// be Target itself or a private alias of it): its type, calling convention
/// and parameter attributes shape the call. Arguments and the result are
/// converted where the types differ by the coercions FunctionOrder allows.
void buildForwardingBody(llvm::Function &From, llvm::Function &Target,
                         llvm::Constant *Callee,
                         llvm::ArrayRef<llvm::Constant *> Extra = {});

/// Whether F names itself anywhere in its own body.
bool refersToItself(const llvm::Function &F);

/// The direct calls of F, if every use of F is one that can be rewritten to
/// call another function with more arguments; none otherwise.
std::optional<llvm::SmallVector<llvm::CallBase *, 8>>
rewritableCalls(llvm::Function &F);

/// F's calls, if F can disappear once they pass its constants to a shared
/// body whose leading parameters are those of Type: nobody may see F's
/// address or replace it, its symbol need not stay, and its calls can pass
/// their arguments unchanged. None otherwise: a thunk keeps F, converting
/// arguments as the order's coercions allow.
std::optional<llvm::SmallVector<llvm::CallBase *, 8>>
callsIfRemovable(llvm::Function &F, llvm::FunctionType *Type);

/// A pointer that was a constant (a global, "other" memory to alias
/// analysis) arrives as an argument in a shared body, so what the function
/// or call may do to memory through its arguments must include what it did
/// to any memory. Attributes without a memory effect, or effects that
/// already allow it, are returned as they are.
llvm::AttributeList withArgumentMemory(llvm::LLVMContext &C,
                                       llvm::AttributeList A);

/// Whether any of Args is a pointer.
bool hasPointer(llvm::ArrayRef<llvm::Constant *> Args);

/// Gives CB, a call about to name another function, a location if it has
/// none and its function has debug information: a call without one was
/// valid only while its callee had no debug information either (the
/// verifier requires a location for an inlinable call between functions
/// with debug information). Line 0 of the caller: the call stands for no
/// source line of its own.
void locateCall(llvm::CallBase &CB);

/// locateCall for every call that names F as its callee.
void locateCallsOf(llvm::Function &F);

/// Rewrites CB, a call of a function merged up to constants, to call
/// Shared with Extra appended.
void rewriteCall(llvm::CallBase &CB, llvm::Function &Shared,
                 llvm::ArrayRef<llvm::Constant *> Extra);

} // namespace coalesce

#endif
