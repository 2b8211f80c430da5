//===- core/size/SizeModel.cpp - Machine-code bytes, predicted from IR ----===//
//
// The problem
// -----------
// coalesce decides in IR, before code generation, but what it is judged by
// is bytes of machine code. Every merge and every outlined region trades
// bytes here for bytes there: a body removed against the constants its
// callers now pass, a thunk, a call with its argument set-up and the
// reloads of its outputs. When the margins are a few bytes a side, a price
// list that is off by a factor turns savings into growth. TTI's code-size
// cost counts roughly one unit per instruction, and four bytes a unit
// misprices both ways: an argument register loaded at every call is never
// seen, and small bodies are priced as if padded.
//
// An example
// ----------
// _Vector_base<T>::_M_deallocate for T of 4 and of 8 bytes differ in one
// constant: `shl rsi, 2` against `shl rsi, 3` before the tail call to
// operator delete. Merged up to that constant, each body of 11 bytes goes,
// but the shared one grows a `imul` of two registers, and every call site
// gains a `mov edx, 4` (5 bytes). With three calls a member, the merge
// costs 4 bytes more than it saves; TTI's units at four bytes say 25 saved.
//
// The model
// ---------
// A function's bytes are a sum over features of count x price
// (Features.def): what kind of instruction, and where it stands, as far as
// IR shows it. A load from a global's address is longer than one through
// a register; a compare that feeds its own block's branch fuses with it; a
// GEP that only addresses loads and stores folds into them, and a stack
// field's address passed to a call is that call's one argument
// instruction; a call pays for its arguments by kind (computed for it
// alone just before it, straight into the argument register; already in
// a register, so moved; zero, a 32-bit immediate, a wider one, a global's
// address, a stack slot's address); a function that calls pays for a
// frame and for every argument it keeps across a call. A memset or memcpy
// of a short length known at compile time is no call: the code generator
// writes it out as a few stores (and loads), priced as those; priced as a
// call with its arguments, mbedtls's 28 inlined clears of 16 bytes would
// make outlining them look worth 407 bytes, where code generation saves 50. A
// function's size in the output adds, on average, half its alignment
// beyond the instructions' own as padding. A call's result passed on at
// once as the next call's first argument of its class is where that call
// wants it when the convention returns it in that register (floats on
// every target; integers on AArch64 and RISC-V): no move. A constant that
// one block stores more than once sits in a register once (x86-64
// optimizing for size: movl $1000, %eax, then register stores). A
// variadic function that calls va_start saves every argument register in
// its prologue (VarArgsArea, 107 bytes on x86-64): without it, merging
// mujs's jsP_error into jsY_error would be priced at 121 bytes; it saves
// 222.
//
// Two things the code generator does change what IR shows. A value needs
// a saved register only where it is live across a call (on some path from
// its definition to a use; a phi and the values flowing into it share one
// register), not in program order, where every landing pad's value would
// seem to live across every call laid out before its resume. Where the
// calling convention saves no register of the value's class (x86-64's
// floats and vectors, AArch64's and RISC-V's vectors) it is spilled before
// the call and reloaded after it instead (UnsavedAcrossCall): priced as
// saved registers, Box2D's float values make outlining there look 3,338
// bytes smaller where it is 2,004 larger. And tail
// merging (BranchFolding, on at -Oz) keeps one copy of blocks whose code
// is the same once stack coloring has given objects of one type with
// disjoint lifetimes one slot (TailMerging.h): each EXPECT_EQ of a gtest
// TEST body has its own cleanup chain, the same destructor calls on its
// own objects, and re2's RE2_FullMatchEnd (7 of them, 35 invokes) keeps
// one. Priced as ordinary code, such bodies come out 50% too large; what
// folds is counted apart (FoldedInstruction) and fitted like the rest.
// Common tails are compared in machine instructions: each failing check
// of pugixml's tests stores its own message and calls longjmp, and only
// the set-up of the message differs; compared in IR instructions none
// fold, and outlining them would be priced at 50,387 bytes where code
// generation gives 4,483 (compared in machine instructions: 9,188
// predicted, 4,509 measured).
//
// The prices are fitted, not guessed:
//  1. tools/coalesce-size compiles real programs' merged LTO modules
//     (bench/run --save-modules: the sqlite3 shell, xmllint, leveldb's
//     db_bench and tests, for each target: x86-64, AArch64, RISC-V 64;
//     and on x86-64 Box2D, float-heavy C++) with the target's own code
//     generator, in process, as a link would (PIC, the functions' -Oz
//     attributes), and reads each function's size from the object's
//     symbol table. The machine outliner (on by default at -Oz on
//     AArch64) stays off there: what it leaves in a function depends on
//     the rest of the program, not on the function.
//  2. It counts every function's features with the same code that prices
//     them here (SizeFeatures.cpp).
//  3. It fits non-negative prices that minimize the absolute error over
//     a power (0.4) of each function's bytes: absolute, so that the few
//     functions code generation treats unlike the rest (jump tables,
//     inline assembly) do not drag every price; scaled, so that small
//     functions, where merging decides most, count. A share of the
//     functions, chosen by a hash of their names, is left out of the fit
//     to measure the error on, and every program weighs the same. A
//     constant argument costs at least the target's shortest move (on
//     AArch64's corpus the fit otherwise gave it to the call's price).
//     A feature found in fewer than 20 of the functions is not fitted:
//     it keeps its earlier price, and the table says so. On x86-64 a
//     float live across a call is in 98 functions (Box2D's 48 of them)
//     and fits at 12.3 bytes (a spill and a reload, 5 or 6 bytes each,
//     and the frame grows). On AArch64, where the low halves of v8-v15
//     are saved, only vectors are unsaved: in 5 functions with Box2D in
//     the fit, which would give them 47 bytes for a 4-byte store and a
//     4-byte load. They keep the first-principles 8 (RISC-V too), and
//     Box2D is fitted on x86-64 only.
//  4. It writes the prices as core/size/tables/<arch>.inc, compiled in.
// bench/size-fit reproduces the whole fit with one command.
//
// On functions left out of the fit the prices are off by 6% to 10% per
// function (median; TTI x4: 13% to 26%) and by at most 5% summed over a
// program, on every target (the table's header has the figures).
//
// Where the target runs the machine outliner by default (AArch64 and
// RISC-V at -Oz), the outliner has already shared much of what similar
// bodies have in common before any merge, so removing one saves less than
// its own bytes. The fit measures how much less: it runs coalesce's
// pipeline on the same modules and compiles them before and after, with
// the outliner and without; the ratio of the two savings (0.71 on AArch64,
// 0.94 on RISC-V 64) is the share of a removed body's bytes the mergers
// count (removedBytes).
//
// An outlined region is not a whole body, and what the machine outliner
// would have shared of it is counted run by run (machineOutlinerBytes).
// It outlines runs of machine instructions that are the same at several
// places, within one block: a region's runs end at its branches and at
// every operand that is a different constant at some site (the sites'
// code differs there). Each run, repeated at every site, it would have
// shared for a call a site (and in a function that makes no call, a save
// of the return address around it) and, once, a return (none where the
// run ends in a call: the outlined function jumps to it) and a frame
// where the run calls before its end. What coalesce's outlining saves
// beyond that is its saving. A run that ends in a call the machine
// outliner shares as a jump to the callee without a frame, where the
// function coalesce outlines must save its return address to call out:
// straight-line code that calls is left to it whole (on the corpus such
// groups make every AArch64 program larger).
//
// What the machine outliner shares of the runs
// (SizeTable::MachineOutlinerShare) is taken whole: measured group by
// group on 15 AArch64 corpus programs (bench/size-audit: llc's .text with
// the first k groups against the first k-1), a least-squares fit over 73
// groups gives 1.19, registers that differ between the sites and runs
// that cross the regions' edges balancing out. What the model cannot see
// is the runs the call cuts at the region's edges, shared with the code
// around each site before (11 sites of 4 instructions in re2's hash map
// code, priced at 46 bytes saved, lose 288). So where the machine
// outliner runs, a group must save one instruction a site more than the
// minimum (SizeTable::MachineOutlinerSiteMargin, 4 bytes on AArch64). On
// the 15 programs the groups taken are predicted to save 6,502 bytes and
// save 5,572; those that lose lose 108 in all (jq 32, zstd 76).
//
// Around the new call the caller keeps the values live across it in
// callee-saved registers: those not taken by the values it keeps across
// its other calls at that point. Beyond them (a function short of
// registers) each one is spilled and reloaded (UnsavedAcrossCall), as a
// float is on x86-64 (CalleeSavedRegisters: 6 on x86-64, 10 on AArch64,
// 11 on RISC-V 64).
//
// Similar merging makes functions that choose by a selector argument, and
// the fit never saw such choices (the corpus is compiled without
// coalesce). A select of integers or pointers on the selector costs more
// than its features say (both values made, the selector tested, about 12
// bytes more on x86-64 and 8 on AArch64), and where the machine outliner
// runs so does a branch on it (it ends a block, and the machine outliner
// shares runs within one block): selectorSelectBytes and
// selectorBranchBytes, measured on the merged functions of the bench
// modules (see the tables below).
//
// Every price the stages ask for comes from those prices: a thunk is a
// function with a tail call and the extra arguments it sets up; a call is
// a call and its arguments; an output is a store, a load and a stack
// slot's address passed. An argument added at a call costs its set-up,
// and in a caller that already spills (more values across calls than
// registers, SpilledValue) also the value it displaces: a large function
// that calls a merged body at forty places, each with one more constant,
// grew by 9 bytes a call in the test program of issue 10 (the register
// allocator rematerialized a 10-byte constant where it had kept it in a
// register), against 3 for the set-up alone. An argument's place counts
// too: past the sixth and past the eighth (ArgumentPastSix,
// ArgumentPastEight; the argument registers of x86-64, and of AArch64
// and RISC-V) it is stored to the call's frame. On x86-64 that is 3.3
// bytes more: xmllint's error helpers pass 18 arguments to one reporter,
// and without it the model priced their bodies at 95 bytes where llc
// emits 122, so merging them up to constants was predicted at 46 bytes
// saved where 125 were. (Fitted on x86-64 so far: AArch64's and RISC-V's
// tables predate the two features and price them at nothing.) A target
// without a table falls back to TTI's
// estimate (4 bytes a unit) and says so in basis(), which the report
// prints beside every figure.
//
// Cost
// ----
// Counting is one walk over a function; pricing a count is a dot product
// of ~50 numbers. The mergers cache a body's price until it changes.
//
//===----------------------------------------------------------------------===//

#include "core/size/SizeModel.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace coalesce {

namespace {

SizeTable makeTable(void (*Fill)(SizeTable &)) {
  SizeTable T;
  Fill(T);
  return T;
}

#define COALESCE_SIZE_TARGET(Name, MinAlign, PrefAlign, InstrAlign)          \
  T.Target = Name;                                                             \
  T.MinFunctionAlign = MinAlign;                                               \
  T.PrefFunctionAlign = PrefAlign;                                             \
  T.InstructionAlign = InstrAlign;
#define COALESCE_SIZE_REMOVED_SHARE(Share) T.RemovedShare = Share;
#define COALESCE_SIZE_MACHINE_OUTLINER_SHARE(Share)                           \
  T.MachineOutlinerShare = Share;
#define COALESCE_SIZE_PRICE(Feature_, Price) T.Bytes[unsigned(Feature::Feature_)] = Price;

// Beside the fitted prices, each target's calling convention: integer
// arguments in rdi, rsi, rdx, rcx, r8, r9 (System V); x0-x7 (AAPCS64);
// a0-a7 (RISC-V LP64). Integer registers a callee saves: rbx, rbp,
// r12-r15; x19-x28 (x29 is the frame pointer); s1-s11 (s0 is).
//
// And what a select on a similar-merged function's selector costs beyond
// its features' prices. The fit never sees such selects (the corpus is
// compiled without coalesce); they choose between values both sides
// computed, often two constants the code must now materialize both of,
// with the selector kept in a register across the body. Measured on the
// merged functions of the bench modules (x86-64: 186 functions of
// abseil-tests, re2-tests, xmllint and leveldb-tests; AArch64: 39 of
// xmllint, sqlite3, db_bench and leveldb-tests), llc's bytes against the
// model's, fitted to the selects and branches on the selector: about 12
// bytes per select of integers or pointers on x86-64 and 8 on AArch64,
// about 1 or less per branch; selects of floating-point values and vectors
// were too few to fit, and box2d's one merged pair of them was priced
// right without. Where the machine outliner runs, a branch costs more: it
// ends a block, and the machine outliner shares runs within one block
// only. 4 bytes a branch on AArch64 was the least that kept a pair of
// leveldb's test bodies (39 branches, 240 bytes saved by the model, 104
// lost in the object) apart and lost nothing on xmllint, sqlite3 and
// db_bench. RISC-V 64 is not measured and takes AArch64's figures.
//
// And what a call costs where it replaces a jump into a shared tail. Tail
// merging keeps one copy of the same code at the end of blocks that go to
// the same place: each failing check of pugixml's tests loads its message
// and jumps to one store of it and one call of longjmp. Outlined, every
// check loads its message and calls the outlined function, and one
// instruction in common is too short a tail to share when it would split
// the block: each call is 5 bytes where the jump was 2 on x86-64 (14
// checks: 30 bytes larger, where the model, which took such sites as
// staying shared, had priced the group as a saving). On AArch64 bl and b
// are both 4 bytes; RISC-V's call is auipc and jalr, 8 bytes, against a
// jump of 4 (not measured).
void fillX86_64(SizeTable &T) {
#include "core/size/tables/x86_64.inc"
  T.IntegerArgumentRegisters = 6;
  T.CalleeSavedRegisters = 6;
  T.SelectorSelectBytes = 12;
  T.CallOverJumpBytes = 3;
}
void fillAArch64(SizeTable &T) {
#include "core/size/tables/aarch64.inc"
  T.IntegerArgumentRegisters = 8;
  T.CalleeSavedRegisters = 10;
  T.SelectorSelectBytes = 8;
  T.SelectorBranchBytes = 4;
  T.MachineOutlinerShare = 1;
  T.MachineOutlinerSiteMargin = 4;
}
void fillRISCV64(SizeTable &T) {
#include "core/size/tables/riscv64.inc"
  T.IntegerArgumentRegisters = 8;
  T.CalleeSavedRegisters = 11;
  T.SelectorSelectBytes = 8;
  T.SelectorBranchBytes = 4;
  T.MachineOutlinerShare = 1;
  T.MachineOutlinerSiteMargin = 4;
  T.CallOverJumpBytes = 4;
}

#undef COALESCE_SIZE_TARGET
#undef COALESCE_SIZE_REMOVED_SHARE
#undef COALESCE_SIZE_MACHINE_OUTLINER_SHARE
#undef COALESCE_SIZE_PRICE

/// The prices a target without a table is given beside TTI's function
/// estimate: x86-64-like guesses for calls, arguments, thunks and outputs.
SizeTable genericTable() {
  SizeTable T;
  T.Target = "generic";
  auto Set = [&](Feature F, double B) { T.Bytes[unsigned(F)] = B; };
  Set(Feature::Function, 8);
  Set(Feature::TailCall, 5);
  Set(Feature::Call, 5);
  Set(Feature::Load, 4);
  Set(Feature::Store, 4);
  Set(Feature::IntegerOp, 3);
  Set(Feature::IntegerOpImmediate, 4);
  Set(Feature::StoreImmediate, 7);
  Set(Feature::ArgumentRegister, 3);
  Set(Feature::ArgumentInPlace, 0);
  Set(Feature::ArgumentZero, 2);
  Set(Feature::ArgumentImmediate, 5);
  Set(Feature::ArgumentWideImmediate, 10);
  Set(Feature::ArgumentGlobal, 7);
  Set(Feature::ArgumentFloat, 8);
  Set(Feature::ArgumentStack, 5);
  return T;
}

} // namespace

const SizeTable *sizeTableFor(const Triple &T) {
  static const SizeTable X86_64 = makeTable(fillX86_64);
  static const SizeTable AArch64 = makeTable(fillAArch64);
  static const SizeTable RISCV64 = makeTable(fillRISCV64);
  if (!T.isOSBinFormatELF())
    return nullptr;
  switch (T.getArch()) {
  case Triple::x86_64:
    return X86_64.Target ? &X86_64 : nullptr;
  case Triple::aarch64:
    return AArch64.Target ? &AArch64 : nullptr;
  case Triple::riscv64:
    return RISCV64.Target ? &RISCV64 : nullptr;
  default:
    return nullptr;
  }
}

unsigned SizeModel::selectorSelectBytes() const {
  return Table ? Table->SelectorSelectBytes : 12;
}

unsigned SizeModel::selectorBranchBytes() const {
  return Table ? Table->SelectorBranchBytes : 0;
}

unsigned SizeModel::integerArgumentRegisters() const {
  return Table ? Table->IntegerArgumentRegisters : 6;
}

unsigned SizeModel::calleeSavedRegisters() const {
  return Table ? Table->CalleeSavedRegisters : 6;
}

unsigned SizeModel::callOverJumpBytes() const {
  return Table ? Table->CallOverJumpBytes : 3;
}

SizeModel::SizeModel(const SizeTable *Table, TTIGetter GetTTI)
    : Table(Table), GetTTI(GetTTI) {
  Basis = Table ? std::string("size model, ") + Table->Target
                : "TTI estimate: no size model for this target";
}

SizeModel SizeModel::forModule(const Module &M, TTIGetter GetTTI) {
  Triple T(M.getTargetTriple());
  SizeModel S(sizeTableFor(T), GetTTI);
  if (!S.Table)
    S.Basis = "TTI estimate: no size model for " +
              (T.getArchName().empty() ? std::string("this target")
                                       : T.getArchName().str());
  return S;
}

double SizeModel::price(Feature F) const {
  static const SizeTable Generic = genericTable();
  return (Table ? Table : &Generic)->Bytes[unsigned(F)];
}

double SizeModel::bytes(const FeatureCounts &Counts) const {
  double Sum = 0;
  for (unsigned I = 0; I != NumFeatures; ++I)
    Sum += Counts[I] * price(Feature(I));
  return Sum;
}

static uint64_t roundBytes(double B) {
  return B <= 0 ? 0 : uint64_t(std::llround(B));
}

uint64_t SizeModel::instructionBytes(const Instruction &I) const {
  FeatureCounts C{};
  countInstruction(I, C);
  return roundBytes(bytes(C));
}

uint64_t SizeModel::paddingBytes(const Function &F) const {
  if (!Table)
    return 0;
  bool Small = F.hasOptSize() || F.hasMinSize();
  uint64_t Align = Small ? Table->MinFunctionAlign : Table->PrefFunctionAlign;
  Align = std::max<uint64_t>(Align, F.getAlign().valueOrOne().value());
  return Align > Table->InstructionAlign
             ? (Align - Table->InstructionAlign) / 2
             : 0;
}

uint64_t ttiCodeSizeUnits(const Function &F, TargetTransformInfo *TTI) {
  uint64_t Units = 0;
  for (const Instruction &I : instructions(F)) {
    InstructionCost C =
        TTI ? TTI->getInstructionCost(&I, TargetTransformInfo::TCK_CodeSize)
            : InstructionCost(1);
    Units += C.isValid() ? uint64_t(C.getValue()) : 1;
  }
  return Units;
}

/// The estimate the model replaces, kept for targets without a table:
/// TTI's code-size cost, 4 bytes a unit, and 8 bytes of padding.
uint64_t SizeModel::ttiFunctionBytes(const Function &F) const {
  TargetTransformInfo *TTI =
      GetTTI ? &GetTTI(const_cast<Function &>(F)) : nullptr;
  return ttiCodeSizeUnits(F, TTI) * 4 + 8;
}

uint64_t SizeModel::functionBytes(const Function &F,
                                  ParameterOf AsParameter) const {
  if (F.isDeclaration())
    return 0;
  if (Table)
    return roundBytes(bytes(countFunction(F, AsParameter))) + paddingBytes(F);
  // No table: TTI's estimate, moved by what the generic prices say the
  // parameters change.
  double Delta = 0;
  if (AsParameter)
    Delta = bytes(countFunction(F, AsParameter)) - bytes(countFunction(F));
  return roundBytes(double(ttiFunctionBytes(F)) + Delta);
}

double SizeModel::removedShare() const {
  return Table ? Table->RemovedShare : 1;
}

double SizeModel::machineOutlinerBytes(const OutlinerRun &Run, unsigned Sites,
                                       unsigned LeafSites) const {
  if (!runsMachineOutliner() || Sites < 2)
    return 0;
  // A call at every site, and where the return address lives in its
  // register (a leaf), a move of it to another and back.
  double Move = price(Feature::ArgumentRegister);
  double AtSites = Sites * price(Feature::Call) + LeafSites * 2 * Move;
  // Once: a return, unless the run ends in a call (the outlined function
  // jumps to it); a call inside saves the return address in its frame.
  double Once = Run.EndsInCall ? 0 : price(Feature::Return);
  if (Run.Calls)
    Once += 2 * Move;
  double Saving = (Sites - 1) * Run.Bytes - AtSites - Once;
  return Saving > 0 ? Saving * Table->MachineOutlinerShare : 0;
}

unsigned SizeModel::machineOutlinerSiteMargin() const {
  return runsMachineOutliner() ? Table->MachineOutlinerSiteMargin : 0;
}

bool SizeModel::outlinesByDefault() const {
  return removedShare() >= 1 || StringRef(Table->Target) == "aarch64";
}

uint64_t SizeModel::removedBytes(const Function &F,
                                 ParameterOf AsParameter) const {
  uint64_t Bytes = functionBytes(F, AsParameter);
  return Table ? roundBytes(double(Bytes) * Table->RemovedShare) : Bytes;
}

uint64_t SizeModel::argumentBytes(const Value &V) const {
  return roundBytes(price(argumentFeature(V)));
}

double SizeModel::positionBytes(unsigned Position) const {
  double B = 0;
  for (const ArgumentPlace &Place : ArgumentPlaces)
    if (Position >= Place.From)
      B += price(Place.F);
  return B;
}

uint64_t SizeModel::addedArgumentBytes(const Value &V, unsigned Position,
                                       const FeatureCounts &CallerCounts) const {
  double B = price(argumentFeature(V)) + positionBytes(Position);
  if (CallerCounts[unsigned(Feature::SpilledValue)] > 0)
    B += price(Feature::ValueAcrossCall) + price(Feature::SpilledValue);
  return roundBytes(B);
}

uint64_t SizeModel::callBytes(ArrayRef<const Value *> Args) const {
  double B = price(Feature::Call);
  for (unsigned I = 0, E = Args.size(); I != E; ++I)
    B += price(argumentFeature(*Args[I])) + positionBytes(I);
  return roundBytes(B);
}

uint64_t SizeModel::thunkBytes(const Function &F,
                               ArrayRef<const Value *> Extra) const {
  // Its own arguments are where the callee wants them already: as
  // countFunction would count a thunk's body.
  double B = price(Feature::Function) + price(Feature::Block) +
             price(Feature::TailCall);
  for (unsigned I = 0, E = Extra.size(); I != E; ++I)
    B += price(argumentFeature(*Extra[I])) + positionBytes(F.arg_size() + I);
  return roundBytes(B) + paddingBytes(F);
}

uint64_t SizeModel::outputBytes() const {
  return roundBytes(price(Feature::Store) + price(Feature::Load) +
                    price(Feature::ArgumentStack));
}

} // namespace coalesce
