//===- core/size/TailMerging.cpp - Code the code generator folds away -----===//
//
// Blocks are compared as the code generator will see them after stack
// coloring and register allocation, as far as IR can tell:
//  - a stack object with lifetime markers is known by its type and the
//    slot stack coloring gives it (objects of one type whose lifetimes do
//    not overlap share a slot, so the same code addresses the same slot;
//    objects alive at once do not);
//  - every landing pad's value is the exception register, and a phi whose
//    incoming values all look the same looks like them;
//  - an address, cast, arithmetic, compare or load computed elsewhere from
//    values that look the same is known by how it is computed (the copies
//    are in the same register, as register allocation of the same code
//    goes);
//  - a value computed in the block itself by where it stands there;
//  - anything else (a call's result, an argument, a constant) only by
//    itself: two copies are the same only if they use the very same value.
// A block is the same as another when its instructions are, operand by
// operand, and so are its successors (once folded) and the values it hands
// their phis. Walking the blocks successors first, chains fold from their
// shared end up, as the code generator folds them, one round after
// another. Blocks that do not fold whole may still share a tail with a
// block that branches to the same place: the code generator folds that
// tail too. Tails are compared and measured as machine instructions: a
// constant a call passes, or a global's address an instruction uses as a
// value, is set up in a register by an instruction of its own before it
// (the copies' set-ups differ where the constants do, the instructions
// that use the register do not), and the unreachable after a call that
// does not return leaves no code. So a failing check's block, "store the
// message; longjmp(buffer, 1)", shares four machine instructions with
// every other failing check of its function, though no IR instruction of
// the two is the same but the call.
//
//===----------------------------------------------------------------------===//

#include "core/size/TailMerging.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <unordered_map>
#include <vector>

using namespace llvm;

namespace coalesce {

namespace {

/// The shortest common tail, in IR instructions that leave code (the
/// terminator included), that the code generator folds: its default
/// tail-merge-size is 3 machine instructions.
constexpr unsigned MinCommonTail = 3;

/// A key stands for a value or an instruction as the code generator sees
/// it: a pointer (aligned, so its low bits are 0) for a value known only by
/// itself, or an interned shape with a tag in the low bits.
using Key = uint64_t;
enum Tag : uint64_t {
  Shape = 1,
  Local = 2,
  Parameter = 3,
  Guard = 4,
  InRegister = 5
};

/// Whether operand U of its instruction is a constant the code generator
/// sets up in a register by an instruction of its own: a call's argument,
/// or the address of a global (or an expression of one) used as a value,
/// not as the address a load or store reaches (that is folded into the
/// access).
bool setUpInRegister(const Use &U) {
  auto *C = dyn_cast<Constant>(U.get());
  if (!C || isa<UndefValue>(C) || isa<BasicBlock>(U.get()))
    return false;
  const Instruction *I = cast<Instruction>(U.getUser());
  if (auto *CB = dyn_cast<CallBase>(I))
    return CB->isArgOperand(&U) && !isa<IntrinsicInst>(CB);
  if (isa<GlobalValue>(C) || isa<ConstantExpr>(C)) {
    if (auto *L = dyn_cast<LoadInst>(I))
      return &U != &L->getOperandUse(L->getPointerOperandIndex());
    if (auto *St = dyn_cast<StoreInst>(I))
      return &U != &St->getOperandUse(St->getPointerOperandIndex());
    return !isa<PHINode>(I);
  }
  return false;
}

Key pointerKey(const void *P) { return Key(reinterpret_cast<uintptr_t>(P)); }

/// Sequences of keys are looked up, never walked in order: a hash table.
struct KeysHash {
  size_t operator()(const std::vector<Key> &Keys) const {
    return hash_combine_range(Keys.begin(), Keys.end());
  }
};
template <typename T>
using KeysMap = std::unordered_map<std::vector<Key>, T, KeysHash>;

class BlockComparer {
public:
  BlockComparer(const Function &F, ParameterOf AsParameter)
      : AsParameter(AsParameter) {
    colorStack(F);
  }

  /// The key of an operand used in block BB, whose instructions that leave
  /// code are numbered from the block's end (LocalIndex).
  Key operand(const Use &U, const BasicBlock *BB) {
    if (AsParameter && AsParameter(U) >= 0)
      return (Key(AsParameter(U)) << 3) | Parameter;
    auto *I = dyn_cast<Instruction>(U.get());
    if (I && I->getParent() == BB && !isa<PHINode>(I)) {
      auto It = LocalIndex.find(I);
      if (It != LocalIndex.end())
        return (Key(It->second) << 3) | Local;
    }
    return value(U.get(), 0);
  }

  /// The machine instructions of I, as keys, in order: one that sets up
  /// each constant setUpInRegister() says needs it, then I itself, its
  /// such operands known only as registers of their type. None for an
  /// unreachable after a call (nothing is emitted for it).
  void machineKeys(const Instruction &I, const BasicBlock *BB,
                   std::vector<Key> &Out) {
    if (isa<UnreachableInst>(I) && I.getPrevNode() &&
        isa<CallBase>(I.getPrevNode()))
      return;
    for (const Use &U : I.operands())
      if (setUpInRegister(U) && !(AsParameter && AsParameter(U) >= 0))
        Out.push_back(intern({Key(InRegister), operand(U, BB)}));
    Out.push_back(instruction(I, BB, /*InRegisters=*/true));
  }

  /// An instruction's key: what it does, and to what. Its operands are
  /// keyed for block BB; with InRegisters, the constants that
  /// setUpInRegister() says are set up apart by their type only.
  Key instruction(const Instruction &I, const BasicBlock *BB,
                  bool InRegisters = false) {
    std::vector<Key> S{Key(I.getOpcode()), pointerKey(I.getType())};
    if (auto *C = dyn_cast<CmpInst>(&I))
      S.push_back(C->getPredicate());
    if (auto *G = dyn_cast<GetElementPtrInst>(&I))
      S.push_back(pointerKey(G->getSourceElementType()));
    if (auto *A = dyn_cast<AllocaInst>(&I))
      S.push_back(pointerKey(A->getAllocatedType()));
    if (auto *L = dyn_cast<LandingPadInst>(&I))
      S.push_back(L->isCleanup());
    for (const Use &U : I.operands()) {
      if (isa<BasicBlock>(U.get()))
        continue;
      if (InRegisters && setUpInRegister(U) &&
          !(AsParameter && AsParameter(U) >= 0))
        S.push_back((pointerKey(U->getType()) << 3) | InRegister);
      else
        S.push_back(operand(U, BB));
    }
    return intern(S);
  }

  /// Numbers BB's instructions that leave code from its end (1 is the
  /// terminator), for operand().
  void enter(const BasicBlock &BB) {
    LocalIndex.clear();
    unsigned N = 0;
    for (const Instruction &I : reverse(BB))
      if (!isFreeInstruction(I) && !isa<PHINode>(I))
        LocalIndex[&I] = ++N;
  }

  Key intern(const std::vector<Key> &S) {
    auto [It, New] = Shapes.try_emplace(S, 0);
    if (New)
      It->second = (Key(Shapes.size()) << 3) | Shape;
    return It->second;
  }

private:
  /// A value's key wherever it is used (not a local instruction).
  Key value(const Value *V, unsigned Depth) {
    auto It = Values.find(V);
    if (It != Values.end())
      return It->second;
    Values[V] = pointerKey(V); // Cycles through phis: known by itself.
    Key K = computeValue(V, Depth);
    Values[V] = K;
    return K;
  }

  Key computeValue(const Value *V, unsigned Depth) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > 4)
      return pointerKey(V);
    if (auto *A = dyn_cast<AllocaInst>(I)) {
      auto It = SlotOf.find(A);
      if (It == SlotOf.end())
        return pointerKey(V);
      return intern({Key(Instruction::Alloca),
                     pointerKey(A->getAllocatedType()), Key(It->second)});
    }
    if (isa<LandingPadInst>(I))
      return intern({Key(Instruction::LandingPad), pointerKey(I->getType())});
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      Key Same = 0;
      for (const Value *In : Phi->incoming_values()) {
        if (In == Phi)
          continue;
        Key K = value(In, Depth);
        if (Same && K != Same)
          return pointerKey(V);
        Same = K;
      }
      return Same ? Same : pointerKey(V);
    }
    // Computed the same way from values that look the same: the copy in
    // each block is in the same register. (A load too: the copies whose
    // blocks fold read the same slot.)
    if (!isa<GetElementPtrInst>(I) && !isa<CastInst>(I) &&
        !isa<BinaryOperator>(I) && !isa<CmpInst>(I) && !isa<LoadInst>(I))
      return pointerKey(V);
    std::vector<Key> S{Key(I->getOpcode()), pointerKey(I->getType())};
    if (auto *G = dyn_cast<GetElementPtrInst>(I))
      S.push_back(pointerKey(G->getSourceElementType()));
    if (auto *C = dyn_cast<CmpInst>(I))
      S.push_back(C->getPredicate());
    for (const Value *Op : I->operands())
      S.push_back(value(Op, Depth + 1));
    return intern(S);
  }

  /// Stack coloring, as the code generator's StackColoring does it: stack
  /// objects with lifetime markers whose lifetimes never overlap share a
  /// slot. Numbers every such object with its slot among those of its
  /// type (SlotOf), so that the same code on objects in the same slot
  /// looks the same.
  void colorStack(const Function &F) {
    DenseMap<const AllocaInst *, unsigned> Index;
    SmallVector<const AllocaInst *, 16> Marked;
    for (const Instruction &I : instructions(F))
      if (auto *A = lifetimeStartOf(I))
        if (Index.try_emplace(A, Marked.size()).second)
          Marked.push_back(A);
    if (Marked.empty())
      return;
    // Which objects are live where: forward from their starts to their
    // ends, to a fixed point; then, in one more walk, two of a type
    // overlap where one starts while the other lives.
    ReversePostOrderTraversal<const Function *> RPO(&F);
    DenseMap<const BasicBlock *, BitVector> LiveOut;
    std::vector<std::pair<unsigned, unsigned>> Overlaps;
    auto Walk = [&](const BasicBlock *BB, bool Record) {
      BitVector Live(Marked.size());
      for (const BasicBlock *P : predecessors(BB)) {
        auto It = LiveOut.find(P);
        if (It != LiveOut.end())
          Live |= It->second;
      }
      for (const Instruction &I : *BB) {
        auto *II = dyn_cast<IntrinsicInst>(&I);
        if (!II || (II->getIntrinsicID() != Intrinsic::lifetime_start &&
                    II->getIntrinsicID() != Intrinsic::lifetime_end))
          continue;
        auto *A = dyn_cast<AllocaInst>(II->getArgOperand(0));
        auto It = A ? Index.find(A) : Index.end();
        if (It == Index.end())
          continue;
        if (II->getIntrinsicID() == Intrinsic::lifetime_end) {
          Live.reset(It->second);
          continue;
        }
        if (Record)
          for (unsigned J : Live.set_bits())
            if (J != It->second &&
                Marked[J]->getAllocatedType() == A->getAllocatedType())
              Overlaps.push_back({It->second, J});
        Live.set(It->second);
      }
      return Live;
    };
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const BasicBlock *BB : RPO) {
        BitVector Live = Walk(BB, false);
        BitVector &Out = LiveOut[BB];
        if (Out != Live) {
          Out = std::move(Live);
          Changed = true;
        }
      }
    }
    for (const BasicBlock *BB : RPO)
      Walk(BB, true);
    std::vector<SmallVector<unsigned, 4>> Conflicts(Marked.size());
    for (auto [X, Y] : Overlaps) {
      Conflicts[X].push_back(Y);
      Conflicts[Y].push_back(X);
    }
    // Greedy, in program order: the lowest slot of its type that no
    // overlapping object has.
    std::vector<int> Slot(Marked.size(), -1);
    for (unsigned X = 0; X != Marked.size(); ++X) {
      SmallVector<bool, 8> Taken;
      for (unsigned Y : Conflicts[X])
        if (Slot[Y] >= 0) {
          if (Taken.size() <= unsigned(Slot[Y]))
            Taken.resize(Slot[Y] + 1);
          Taken[Slot[Y]] = true;
        }
      unsigned S = 0;
      while (S < Taken.size() && Taken[S])
        ++S;
      Slot[X] = S;
      SlotOf[Marked[X]] = S;
    }
  }

  static const AllocaInst *lifetimeStartOf(const Instruction &I) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II || II->getIntrinsicID() != Intrinsic::lifetime_start)
      return nullptr;
    return dyn_cast<AllocaInst>(II->getArgOperand(0));
  }

  ParameterOf AsParameter;
  DenseMap<const AllocaInst *, unsigned> SlotOf;
  DenseMap<const Instruction *, unsigned> LocalIndex;
  DenseMap<const Value *, Key> Values;
  KeysMap<Key> Shapes;
};

/// Whether the code generator may fold BB into another block: not the
/// entry, and not a block whose address is taken.
bool foldable(const BasicBlock &BB) {
  return !BB.isEntryBlock() && !BB.hasAddressTaken();
}

} // namespace

DenseSet<const Instruction *> foldedInstructions(const Function &F,
                                                 ParameterOf AsParameter) {
  DenseSet<const Instruction *> Folded;
  // A block folds into another non-entry block or shares a tail with
  // another block that leaves to the same place: with the entry and one
  // more block there is neither.
  if (F.size() <= 2)
    return Folded;
  BlockComparer Compare(F, AsParameter);
  // Per block, the block it is folded into (itself if none); per key of a
  // whole block, the first block with it.
  DenseMap<const BasicBlock *, const BasicBlock *> ClassOf;
  KeysMap<const BasicBlock *> FirstOf;
  // Per (successor, values handed to its phis) of a block that ends in an
  // unconditional branch or leaves the function: the tails (instruction
  // keys from the end) of the blocks not folded whole.
  KeysMap<std::vector<std::vector<Key>>> TailsTo;

  for (const BasicBlock *BB : post_order(&F)) {
    Compare.enter(*BB);
    std::vector<Key> Body, Exit;
    std::vector<const Instruction *> Real;
    // The block's machine instructions (Compare.machineKeys), and per
    // each, the IR instruction it belongs to; Main: I's own (not a set-up).
    std::vector<Key> Machine;
    std::vector<const Instruction *> Owner;
    std::vector<bool> Main;
    for (const Instruction &I : *BB) {
      if (isFreeInstruction(I) || isa<PHINode>(I))
        continue;
      Real.push_back(&I);
      Body.push_back(Compare.instruction(I, BB));
      size_t Before = Machine.size();
      Compare.machineKeys(I, BB, Machine);
      for (size_t K = Before; K != Machine.size(); ++K) {
        Owner.push_back(&I);
        Main.push_back(K + 1 == Machine.size());
      }
    }
    // Where it goes, and what it hands the phis there.
    for (const BasicBlock *Succ : successors(BB)) {
      auto It = ClassOf.find(Succ);
      // Not yet classed (a loop's back edge): only itself.
      Exit.push_back(pointerKey(It == ClassOf.end() ? Succ : It->second));
      for (const PHINode &Phi : Succ->phis())
        Exit.push_back(Compare.operand(
            Phi.getOperandUse(Phi.getBasicBlockIndex(BB)), BB));
    }
    std::vector<Key> Whole = Body;
    Whole.push_back(Key(Guard));
    Whole.insert(Whole.end(), Exit.begin(), Exit.end());
    const BasicBlock *&First = FirstOf[Whole];
    if (!First || !foldable(*BB)) {
      if (!First)
        First = BB;
      ClassOf[BB] = BB;
    } else {
      ClassOf[BB] = First;
      Folded.insert(Real.begin(), Real.end());
      continue;
    }
    // Not folded whole: its tail may still be another's.
    bool Joins = BB->getTerminator()->getNumSuccessors() == 0 ||
                 (isa<BranchInst>(BB->getTerminator()) &&
                  BB->getTerminator()->getNumSuccessors() == 1);
    if (!Joins || Machine.size() < 2)
      continue;
    std::vector<Key> Tail(Machine.rbegin(), Machine.rend());
    auto &Others = TailsTo[Exit];
    size_t Longest = 0;
    for (const std::vector<Key> &Other : Others) {
      size_t N = 0;
      while (N < Tail.size() && N < Other.size() && Tail[N] == Other[N])
        ++N;
      Longest = std::max(Longest, N);
    }
    // The terminator counts: a branch and the two instructions before it
    // are at least three machine instructions. An IR instruction folds
    // with its own machine instruction (a set-up before it that differs
    // stays, but is priced with it: the model errs towards less saved).
    if (Longest >= MinCommonTail)
      for (size_t N = 0; N != Longest; ++N)
        if (Main[Machine.size() - 1 - N])
          Folded.insert(Owner[Machine.size() - 1 - N]);
    Others.push_back(std::move(Tail));
  }
  return Folded;
}

} // namespace coalesce
