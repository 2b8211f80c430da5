//===- test/unit/IRGenerator.cpp - Seeded generator of LLVM IR functions --===//
//
// Generates modules of many functions as IR text for the order's property
// tests. Every function is emitted from a vector of random "knobs": the
// emitter consumes knobs in order, each one deciding an instruction kind, a
// flag, an operand, a constant, an ordering and so on. From one knob vector
// we emit:
//  - the base function;
//  - renamed duplicates: the same knobs with every local name and block
//    label changed and the non-entry blocks printed in another order, which
//    must compare equal to the base;
//  - respelled duplicates: choices the order documents as equivalent (GEP
//    index spellings, ptr or i64, !prof, attribute order) drawn again;
//  - mutants: one knob changed, so one property differs (or, when the knob
//    change has no visible effect, nothing does), and their duplicates.
// The functions are printed in a shuffled order. Everything derives from a
// std::mt19937 with a fixed seed, so a failure reproduces exactly.
//
// The snippets cover every instruction of LLVM 22's LangRef that may appear
// in a function body (see the Kind enumeration).
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"

#include <algorithm>
#include <map>
#include <random>

namespace irgen {
namespace {

using Str = std::string;

// What a function's body is built from.
enum Kind : unsigned {
  // Integer and floating-point arithmetic.
  IntBinary, FloatBinary, FloatNeg,
  // Vectors and aggregates.
  ExtractElt, InsertElt, Shuffle, VectorBitcast, VectorConstStore,
  InsertExtractValue, NestedAggregate,
  // Memory and atomics.
  Alloca, Load, Store, Fence, CmpXchg, AtomicRMW, PtrIntCoercion,
  // Address computation.
  GepConstOffset, GepVariable, GepVector, GepConstExpr,
  // Conversions.
  Cast,
  // Comparison and selection.
  ICmp, FCmp, Select, Freeze, PhiDiamond, Loop,
  // Calls.
  DirectCall, FloatCall, SelfCall, LibCall, InlineAsmCall, IntrinsicCall,
  IndirectCall, VaArg,
  // Control flow.
  Switch, IndirectBr, Unreachable, BlockSplit,
  // Exception handling (at most one per function).
  InvokeLandingPad, CallBr, CatchSwitch, CleanupOnly,
  NumKinds
};

bool isEHKind(unsigned K) {
  return K == InvokeLandingPad || K == CatchSwitch || K == CleanupOnly;
}

const std::vector<unsigned> &kindsOf(Family F) {
  static const std::map<Family, std::vector<unsigned>> Table = {
      {Family::Arithmetic, {IntBinary, FloatBinary, FloatNeg}},
      {Family::VectorAggregate,
       {ExtractElt, InsertElt, Shuffle, VectorBitcast, VectorConstStore,
        InsertExtractValue, NestedAggregate}},
      {Family::Memory,
       {Alloca, Load, Store, Fence, CmpXchg, AtomicRMW, PtrIntCoercion}},
      {Family::Address, {GepConstOffset, GepVariable, GepVector, GepConstExpr}},
      {Family::Conversion, {Cast, PtrIntCoercion}},
      {Family::CompareSelect,
       {ICmp, FCmp, Select, Freeze, PhiDiamond, Loop}},
      {Family::Calls,
       {DirectCall, FloatCall, SelfCall, LibCall, InlineAsmCall, IntrinsicCall,
        IndirectCall, VaArg}},
      {Family::ControlFlow,
       {Switch, IndirectBr, Unreachable, BlockSplit, PhiDiamond, Loop}},
      {Family::ExceptionHandling,
       {InvokeLandingPad, CallBr, CatchSwitch, CleanupOnly, IntBinary}},
  };
  static std::vector<unsigned> All;
  if (F == Family::Mixed) {
    if (All.empty())
      for (unsigned K = 0; K != NumKinds; ++K)
        All.push_back(K);
    return All;
  }
  return Table.at(F);
}

/// Consumes knobs in order. Past the end it wraps around: knobs are reused
/// but the sequence stays deterministic.
class Knobs {
public:
  Knobs(const std::vector<uint32_t> &K, const std::vector<uint32_t> &S)
      : K(K), S(S) {}
  unsigned pick(unsigned N) { return K[I++ % K.size()] % N; }
  /// A choice between spellings the order documents as equivalent (GEP
  /// index spellings of one offset, ptr or i64, ignored metadata). Drawn
  /// from a separate stream, so a respelled duplicate has the same
  /// structure and differs only in these choices.
  unsigned spell(unsigned N) { return S[J++ % S.size()] % N; }
  bool chance(unsigned OneIn) { return pick(OneIn) == 0; }
  template <size_t N> const char *of(const char *const (&A)[N]) {
    return A[pick(N)];
  }
  size_t consumed() const { return I; }

private:
  const std::vector<uint32_t> &K, &S;
  size_t I = 0, J = 0;
};

const char *const FMF[] = {"",          "nnan ",     "ninf ",
                           "nsz ",      "arcp ",     "contract ",
                           "afn ",      "reassoc ",  "fast ",
                           "nnan ninf ", "reassoc nsz "};
const char *const WrapFlags[] = {"", "nuw ", "nsw ", "nuw nsw "};
const char *const Scopes[] = {"", "syncscope(\"singlethread\") ",
                              "syncscope(\"agent\") "};

/// Writes one function. Names are "%<prefix><number>"; labels likewise.
class FnWriter {
public:
  FnWriter(Knobs &K, Str Prefix, Str Name, unsigned NumLibs)
      : K(K), P(std::move(Prefix)), Name(std::move(Name)), NumLibs(NumLibs) {}

  Str emit(Family F, std::mt19937 *ShuffleBlocks);

private:
  Str fresh() { return "%" + P + std::to_string(N++); }
  Str label() { return P + "bb" + std::to_string(N++); }
  void line(const Str &S) { Blocks.back().second += "  " + S + "\n"; }
  void startBlock(const Str &L) {
    Blocks.emplace_back(L, "");
    Cur = L;
  }
  Str arg(const char *A) const { return "%" + P + A; }

  /// Defines a value of type Ty; adds it to the pool unless it lives in a
  /// block that does not dominate what follows.
  Str def(const Str &Ty, const Str &Expr, bool Pool = true) {
    Str V = fresh();
    line(V + " = " + Expr);
    if (Pool)
      Pools[Ty].push_back(V);
    return V;
  }
  /// An operand of type Ty: a value from the pool or a constant.
  Str val(const Str &Ty) {
    auto &Pool = Pools[Ty];
    size_t NC;
    const char *const *C = detail::constantsOf(Ty, NC);
    if (Pool.empty() || (NC && K.chance(4)))
      return C ? Str(C[K.pick(NC)]) : Str("poison");
    return Pool[K.pick(Pool.size())];
  }
  Str local(const Str &Ty) { // A value from the pool, never a constant.
    auto &Pool = Pools[Ty];
    return Pool.empty() ? val(Ty) : Pool[K.pick(Pool.size())];
  }
  Str typed(const Str &Ty) { return Ty + " " + val(Ty); }

  void snippet(unsigned Kind);
  void joinPhi(const Str &Join, const std::vector<Str> &Preds);
  Str personalityFor(unsigned Kind) const {
    return Kind == InvokeLandingPad ? "@__gxx_personality_v0"
                                    : "@__CxxFrameHandler3";
  }

  Knobs &K;
  Str P, Name;
  unsigned NumLibs;
  unsigned N = 0;
  Str Cur, RetTy, Personality;
  std::vector<std::pair<Str, Str>> Blocks;
  std::map<Str, std::vector<Str>> Pools;
};

void FnWriter::joinPhi(const Str &Join, const std::vector<Str> &Preds) {
  startBlock(Join);
  Str Phi = "phi i32 ";
  for (size_t I = 0; I != Preds.size(); ++I)
    Phi += Str(I ? ", " : "") + "[ " + val("i32") + ", %" + Preds[I] + " ]";
  def("i32", Phi);
}

void FnWriter::snippet(unsigned Kind) {
  switch (Kind) {
  case IntBinary: {
    static const char *const Ops[] = {"add", "sub",  "mul", "udiv", "sdiv",
                                      "urem", "srem", "shl", "lshr", "ashr",
                                      "and", "or",   "xor", "or"};
    static const char *const Tys[] = {"i32", "i64", "i32", "<4 x i32>"};
    Str Op = K.of(Ops), Ty = K.of(Tys), Flags;
    if (Op == "add" || Op == "sub" || Op == "mul" || Op == "shl")
      Flags = K.of(WrapFlags);
    else if (Op == "udiv" || Op == "sdiv" || Op == "lshr" || Op == "ashr")
      Flags = K.chance(2) ? "exact " : "";
    else if (Op == "or")
      Flags = K.chance(2) ? "disjoint " : "";
    Str L = val(Ty);
    def(Ty, Op + " " + Flags + Ty + " " + L + ", " + val(Ty));
    return;
  }
  case FloatBinary: {
    static const char *const Ops[] = {"fadd", "fsub", "fmul", "fdiv", "frem"};
    static const char *const Tys[] = {"float", "double", "<4 x float>"};
    Str Op = K.of(Ops), Fl = K.of(FMF), Ty = K.of(Tys);
    Str L = val(Ty);
    def(Ty, Op + " " + Fl + Ty + " " + L + ", " + val(Ty));
    return;
  }
  case FloatNeg: {
    Str Fl = K.of(FMF), Ty = K.chance(2) ? "float" : "double";
    def(Ty, "fneg " + Fl + Ty + " " + val(Ty));
    return;
  }
  case ExtractElt: {
    static const char *const Idx[] = {"i32 0", "i32 1", "i32 3", "i64 2",
                                      "i64 0"};
    Str I = K.chance(3) ? "i32 " + local("i32") : Str(K.of(Idx));
    def("i32", "extractelement <4 x i32> " + val("<4 x i32>") + ", " + I);
    return;
  }
  case InsertElt: {
    Str V = val("<4 x i32>"), E = val("i32");
    Str I = K.chance(3) ? "i32 " + local("i32")
                        : "i64 " + std::to_string(K.pick(4));
    def("<4 x i32>",
        "insertelement <4 x i32> " + V + ", i32 " + E + ", " + I);
    return;
  }
  case Shuffle: {
    unsigned Len = 2u << K.pick(3); // 2, 4 or 8 lanes.
    Str Mask;
    if (K.chance(4)) {
      Mask = "zeroinitializer";
      if (K.spell(2)) { // The same mask spelled out.
        Mask = "<";
        for (unsigned I = 0; I != Len; ++I)
          Mask += Str(I ? ", " : "") + "i32 0";
        Mask += ">";
      }
    } else {
      Mask = "<";
      for (unsigned I = 0; I != Len; ++I) {
        unsigned M = K.pick(9);
        Mask += Str(I ? ", " : "") +
                (M == 8 ? "i32 poison" : "i32 " + std::to_string(M));
      }
      Mask += ">";
    }
    Str A = val("<4 x i32>");
    Str B = K.chance(3) ? "poison" : val("<4 x i32>");
    Str Ty = "<" + std::to_string(Len) + " x i32>";
    Str R = def(Ty, "shufflevector <4 x i32> " + A + ", <4 x i32> " + B +
                        ", <" + std::to_string(Len) + " x i32> " + Mask,
                Len == 4);
    if (Len != 4)
      def("i32", "extractelement " + Ty + " " + R + ", i32 1");
    return;
  }
  case VectorBitcast: {
    static const char *const To[] = {"<2 x i64>", "<8 x i16>", "<4 x float>",
                                     "i128", "<16 x i8>"};
    Str T = K.of(To);
    def(T, "bitcast <4 x i32> " + val("<4 x i32>") + " to " + T);
    return;
  }
  case VectorConstStore: {
    // Same-size vector constants (one bitcast class), null or not.
    static const char *const C[] = {
        "<2 x i32> zeroinitializer",       "<4 x i16> zeroinitializer",
        "<2 x float> zeroinitializer",     "<2 x i32> <i32 1, i32 0>",
        "<4 x i16> <i16 1, i16 0, i16 0, i16 0>",
        "<2 x float> <float -0.0, float 0.0>", "<8 x i8> splat (i8 1)",
        "i64 0", "<1 x i64> zeroinitializer"};
    line("store " + Str(K.of(C)) + ", ptr " + local("ptr") + ", align 8");
    return;
  }
  case InsertExtractValue: {
    static const char *const Base[] = {"poison", "undef", "zeroinitializer"};
    Str Agg = def("{ i32, i64 }",
                  "insertvalue { i32, i64 } " + Str(K.of(Base)) + ", " +
                      typed("i32") + ", 0");
    if (K.chance(2))
      Agg = def("{ i32, i64 }",
                "insertvalue { i32, i64 } " + Agg + ", " + typed("i64") + ", 1");
    Str Src = K.chance(4) ? val("{ i32, i64 }") : Agg;
    if (K.chance(2))
      def("i32", "extractvalue { i32, i64 } " + Src + ", 0");
    else
      def("i64", "extractvalue { i32, i64 } " + Src + ", 1");
    return;
  }
  case NestedAggregate: {
    Str Ty = "{ i32, { float, ptr }, [4 x i32] }";
    Str S = def(Ty, "insertvalue " + Ty + " poison, " + typed("ptr") + ", 1, 1",
                false);
    unsigned I = K.pick(4);
    S = def(Ty, "insertvalue " + Ty + " " + S + ", " + typed("i32") + ", 2, " +
                    std::to_string(I),
            false);
    if (K.chance(2))
      def("ptr", "extractvalue " + Ty + " " + S + ", 1, 1");
    else
      def("i32", "extractvalue " + Ty + " " + S + ", 2, " +
                     std::to_string(K.pick(4)));
    return;
  }
  case Alloca: {
    static const char *const Tys[] = {"i32", "i64", "[4 x i32]",
                                      "{ i32, i64 }", "<4 x i32>", "i8"};
    static const char *const Aligns[] = {"", ", align 4", ", align 8",
                                         ", align 16"};
    Str Ty = K.of(Tys), Size;
    switch (K.pick(3)) {
    case 1: Size = ", i32 2"; break;
    case 2: Size = ", i64 " + local("i64"); break;
    }
    def("ptr", "alloca " + Ty + Size + K.of(Aligns));
    return;
  }
  case Load: {
    static const char *const Tys[] = {"i32", "i64", "float", "ptr",
                                      "<4 x i32>", "double"};
    Str Ty = K.of(Tys);
    unsigned Mode = Ty == "<4 x i32>" ? K.pick(2) : K.pick(3);
    Str Natural = Ty == "i32" || Ty == "float" ? "4"
                  : Ty == "<4 x i32>"          ? "16"
                                               : "8";
    Str Ptr = local("ptr"), Text;
    if (Mode == 2) {
      static const char *const Ord[] = {"unordered", "monotonic", "acquire",
                                        "seq_cst"};
      Str Sc = K.of(Scopes), O = K.of(Ord);
      Text = "load atomic " + Str(K.chance(3) ? "volatile " : "") + Ty +
             ", ptr " + Ptr + " " + Sc + O + ", align " + Natural;
    } else {
      static const char *const Al[] = {"", ", align 1", ", align 4",
                                       ", align 16"};
      Text = "load " + Str(Mode == 1 ? "volatile " : "") + Ty + ", ptr " +
             Ptr + K.of(Al);
    }
    if (Ty == "i32") {
      static const char *const MD[] = {"",           ", !range !0",
                                       ", !range !1", ", !noundef !2",
                                       ", !tbaa !7",  ", !tbaa !9",
                                       ", !invariant.load !2",
                                       ", !nontemporal !12"};
      Text += K.of(MD);
    } else if (Ty == "i64") {
      Text += K.chance(2) ? ", !range !10" : "";
    } else if (Ty == "ptr") {
      static const char *const MD[] = {"", ", !nonnull !2", ", !align !11",
                                       ", !dereferenceable !11",
                                       ", !noundef !2"};
      Text += K.of(MD);
    }
    def(Ty, Text);
    return;
  }
  case Store: {
    static const char *const Tys[] = {"i32", "i64", "float", "ptr",
                                      "<4 x i32>", "double"};
    Str Ty = K.of(Tys);
    Str V = val(Ty), Ptr = local("ptr");
    Str Natural = Ty == "i32" || Ty == "float" ? "4"
                  : Ty == "<4 x i32>"          ? "16"
                                               : "8";
    if (Ty != "<4 x i32>" && K.chance(3)) {
      static const char *const Ord[] = {"unordered", "monotonic", "release",
                                        "seq_cst"};
      Str Vol = K.chance(3) ? "volatile " : "";
      Str Sc = K.of(Scopes), O = K.of(Ord);
      line("store atomic " + Vol + Ty + " " + V + ", ptr " + Ptr + " " + Sc +
           O + ", align " + Natural);
      return;
    }
    static const char *const Al[] = {"", ", align 1", ", align 4",
                                     ", align 32"};
    Str Vol = K.chance(3) ? "volatile " : "";
    static const char *const TBAA[] = {"", ", !tbaa !7", ", !tbaa !9"};
    Str MD = Ty == "i32"     ? K.of(TBAA)
             : K.chance(4) ? ", !nontemporal !12"
                           : "";
    line("store " + Vol + Ty + " " + V + ", ptr " + Ptr + K.of(Al) + MD);
    return;
  }
  case Fence: {
    static const char *const Ord[] = {"acquire", "release", "acq_rel",
                                      "seq_cst"};
    Str Sc = K.of(Scopes);
    line("fence " + Sc + K.of(Ord));
    return;
  }
  case CmpXchg: {
    static const char *const Tys[] = {"i32", "i64", "ptr"};
    static const char *const Succ[] = {"monotonic", "acquire", "release",
                                       "acq_rel", "seq_cst"};
    static const char *const Fail[] = {"monotonic", "acquire", "seq_cst"};
    static const char *const Al[] = {"8", "16", "32"};
    Str Ty = K.of(Tys);
    Str Weak = K.chance(2) ? "weak " : "", Vol = K.chance(3) ? "volatile " : "";
    Str Ptr = local("ptr"), Cmp = val(Ty), New = val(Ty);
    Str Sc = K.of(Scopes), S = K.of(Succ), F = K.of(Fail);
    Str R = def("{ " + Ty + ", i1 }",
                "cmpxchg " + Weak + Vol + "ptr " + Ptr + ", " + Ty + " " + Cmp +
                    ", " + Ty + " " + New + " " + Sc + S + " " + F +
                    ", align " + K.of(Al),
                false);
    def(Ty, "extractvalue { " + Ty + ", i1 } " + R + ", 0");
    def("i1", "extractvalue { " + Ty + ", i1 } " + R + ", 1");
    return;
  }
  case AtomicRMW: {
    static const char *const IntOps[] = {
        "xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min",
        "umax", "umin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat"};
    static const char *const FpOps[] = {"xchg", "fadd", "fsub", "fmax",
                                        "fmin", "fmaximum", "fminimum"};
    static const char *const Ord[] = {"monotonic", "acquire", "release",
                                      "acq_rel", "seq_cst"};
    static const char *const Tys[] = {"i32", "i64", "float", "ptr"};
    Str Ty = K.of(Tys);
    Str Op = Ty == "ptr" ? "xchg" : Ty == "float" ? K.of(FpOps) : K.of(IntOps);
    Str Vol = K.chance(3) ? "volatile " : "", Ptr = local("ptr"), V = val(Ty);
    Str Sc = K.of(Scopes), O = K.of(Ord);
    def(Ty, "atomicrmw " + Vol + Op + " ptr " + Ptr + ", " + Ty + " " + V +
                " " + Sc + O + ", align " + (K.chance(2) ? "8" : "16"));
    return;
  }
  case PtrIntCoercion: {
    // One knob chooses ptr or i64 for the whole snippet: the order treats
    // address-space-0 pointers as i64.
    bool Ptr = K.spell(2);
    Str Ty = Ptr ? "ptr" : "i64", Zero = Ptr ? "null" : "0";
    // Not pooled: the pools must stay the same under either spelling.
    Str L = def(Ty, "load " + Ty + ", ptr " + local("ptr") + ", align 8",
                false);
    line("store " + Ty + " " + L + ", ptr " + local("ptr") + ", align 8");
    def("i1", "icmp eq " + Ty + " " + L + ", " + Zero);
    return;
  }
  case GepConstOffset: {
    // Different spellings of the same constant byte offset.
    static const char *const Flags[] = {"", "inbounds ", "nuw ", "nusw ",
                                        "inbounds nuw "};
    unsigned Off = 4 * K.pick(6);
    Str Fl = K.of(Flags), Base = val("ptr"), G;
    auto S = [](unsigned X) { return std::to_string(X); };
    switch (K.spell(6)) {
    case 0: G = "i8, ptr " + Base + ", i64 " + S(Off); break;
    case 1: G = "[32 x i8], ptr " + Base + ", i64 0, i64 " + S(Off); break;
    case 2: G = "i32, ptr " + Base + ", i64 " + S(Off / 4); break;
    case 3: G = "[8 x i32], ptr " + Base + ", i64 0, i64 " + S(Off / 4); break;
    case 4:
      G = "{ i32, i32 }, ptr " + Base + ", i64 " + S(Off / 8) + ", i32 " +
          S(Off % 8 / 4);
      break;
    case 5: G = "i32, ptr " + Base + ", i32 " + S(Off / 4); break;
    }
    Str R = def("ptr", "getelementptr " + Fl + G);
    def("i32", "load i32, ptr " + R + ", align 4");
    return;
  }
  case GepVariable: {
    static const char *const Flags[] = {"", "inbounds ", "nuw ", "nusw "};
    Str Fl = K.of(Flags), Base = local("ptr"), G;
    switch (K.pick(4)) {
    case 0: G = "i8, ptr " + Base + ", i64 " + local("i64"); break;
    case 1: G = "i32, ptr " + Base + ", i32 " + local("i32"); break;
    case 2: G = "[4 x i32], ptr " + Base + ", i64 " + local("i64") +
                ", i32 " + local("i32");
      break;
    case 3: G = "{ i32, [4 x i32] }, ptr " + Base + ", i64 " + local("i64") +
                ", i32 1, i64 " + val("i64");
      break;
    }
    def("ptr", "getelementptr " + Fl + G);
    return;
  }
  case GepVector: {
    static const char *const Idx[] = {
        "<4 x i64> <i64 0, i64 1, i64 2, i64 3>", "<4 x i64> splat (i64 1)",
        "<4 x i64> zeroinitializer"};
    Str V = def("<4 x ptr>", "getelementptr i32, ptr " + val("ptr") + ", " +
                                 K.of(Idx));
    def("ptr", "extractelement <4 x ptr> " + V + ", i32 " +
                   std::to_string(K.pick(4)));
    return;
  }
  case GepConstExpr: {
    unsigned I = K.pick(4);
    Str E = K.chance(2)
                ? "getelementptr inbounds ([4 x i32], ptr @g1, i64 0, i64 " +
                      std::to_string(I) + ")"
                : "getelementptr (i8, ptr @g1, i64 " + std::to_string(4 * I) +
                      ")";
    def("i32", "load i32, ptr " + E + ", align 4");
    return;
  }
  case Cast: {
    struct C { const char *Op, *From, *To; unsigned FlagSet; };
    // Flag sets: 0 none, 1 trunc nuw/nsw, 2 nneg, 3 fast-math.
    static const C Table[] = {
        {"trunc", "i32", "i8", 1},        {"trunc", "i64", "i32", 1},
        {"zext", "i32", "i64", 2},        {"sext", "i32", "i64", 0},
        {"fptrunc", "double", "float", 3}, {"fpext", "float", "double", 3},
        {"fptoui", "float", "i32", 0},    {"fptosi", "double", "i64", 0},
        {"uitofp", "i32", "float", 2},    {"sitofp", "i64", "double", 0},
        {"ptrtoint", "ptr", "i64", 0},    {"ptrtoint", "ptr", "i32", 0},
        {"inttoptr", "i64", "ptr", 0},    {"bitcast", "i32", "float", 0},
        {"bitcast", "<4 x i32>", "<2 x i64>", 0},
        {"addrspacecast", "ptr", "ptr addrspace(1)", 0},
        {"ptrtoaddr", "ptr", "i64", 0},   {"zext", "i1", "i32", 2},
        {"sext", "<4 x i32>", "<4 x i64>", 0}};
    const C &X = Table[K.pick(sizeof(Table) / sizeof(Table[0]))];
    Str Fl;
    if (X.FlagSet == 1)
      Fl = K.of(WrapFlags);
    else if (X.FlagSet == 2)
      Fl = K.chance(2) ? "nneg " : "";
    else if (X.FlagSet == 3)
      Fl = K.of(FMF);
    def(X.To, Str(X.Op) + " " + Fl + X.From + " " + val(X.From) + " to " +
                  X.To);
    return;
  }
  case ICmp: {
    static const char *const Preds[] = {"eq",  "ne",  "ugt", "uge", "ult",
                                        "ule", "sgt", "sge", "slt", "sle"};
    static const char *const Tys[] = {"i32", "i64", "ptr", "<4 x i32>"};
    Str Ty = K.of(Tys), Pr = K.of(Preds);
    Str SS = Ty != "ptr" && K.chance(3) ? "samesign " : "";
    Str L = val(Ty);
    Str Expr = "icmp " + SS + Pr + " " + Ty + " " + L + ", " + val(Ty);
    if (Ty == "<4 x i32>") {
      Str V = def("<4 x i1>", Expr);
      def("i1", "extractelement <4 x i1> " + V + ", i32 0");
    } else {
      def("i1", Expr);
    }
    return;
  }
  case FCmp: {
    static const char *const Preds[] = {
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
        "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    Str Pr = K.of(Preds), Fl = K.of(FMF),
        Ty = K.chance(2) ? "float" : "double";
    Str L = val(Ty);
    def("i1", "fcmp " + Fl + Pr + " " + Ty + " " + L + ", " + val(Ty));
    return;
  }
  case Select: {
    static const char *const Tys[] = {"i32", "float", "ptr", "i64",
                                      "<4 x i32>"};
    static const char *const Prof[] = {"", ", !prof !3", ", !prof !4"};
    Str Ty = K.of(Tys), Fl = Ty == "float" ? K.of(FMF) : "";
    Str C = val("i1"), A = val(Ty), B = val(Ty);
    def(Ty, "select " + Fl + "i1 " + C + ", " + Ty + " " + A + ", " + Ty + " " +
                B + Prof[K.spell(3)]);
    return;
  }
  case Freeze: {
    static const char *const Tys[] = {"i32", "i64", "ptr", "float",
                                      "<4 x i32>", "{ i32, i64 }"};
    Str Ty = K.of(Tys);
    def(Ty, "freeze " + Ty + " " + val(Ty));
    return;
  }
  case PhiDiamond: {
    static const char *const Prof[] = {"", ", !prof !3", ", !prof !4"};
    Str T = label(), F = label(), J = label();
    line("br i1 " + val("i1") + ", label %" + T + ", label %" + F +
         Prof[K.spell(3)]);
    startBlock(T);
    Str X = def("i32", "add i32 " + val("i32") + ", 1", false);
    line("br label %" + J);
    startBlock(F);
    Str Y = def("i32", "mul i32 " + val("i32") + ", 3", false);
    line("br label %" + J);
    startBlock(J);
    if (K.chance(2))
      def("i32", "phi i32 [ " + X + ", %" + T + " ], [ " + Y + ", %" + F + " ]");
    else
      def("float", "phi " + Str(K.of(FMF)) + "float [ " + val("float") +
                       ", %" + T + " ], [ " + val("float") + ", %" + F + " ]");
    return;
  }
  case Loop: {
    Str Pred = Cur, H = label(), X = label();
    line("br label %" + H);
    startBlock(H);
    Str I = fresh(), Next = fresh();
    line(I + " = phi i32 [ " + val("i32") + ", %" + Pred + " ], [ " + Next +
         ", %" + H + " ]");
    line(Next + " = add " + Str(K.chance(2) ? "nsw " : "") + "i32 " + I +
         ", " + std::to_string(1 + K.pick(3)));
    Str C = fresh();
    line(C + " = icmp " + (K.chance(2) ? "ult" : "slt") + Str(" i32 ") + Next +
         ", " + val("i32"));
    line("br i1 " + C + ", label %" + H + ", label %" + X);
    startBlock(X);
    Pools["i32"].push_back(Next);
    return;
  }
  case DirectCall: {
    static const char *const CC[] = {"", "fastcc ", "coldcc ", "cc 10 ",
                                     "preserve_mostcc "};
    static const char *const Tail[] = {"", "tail ", "notail "};
    static const char *const RetA[] = {"", "noundef ", "range(i32 0, 10) ",
                                       "signext "};
    static const char *const ArgA[] = {"", "noundef ", "signext ",
                                       "zeroext "};
    static const char *const FnA[] = {"", " nounwind", " memory(none)",
                                      " nounwind willreturn"};
    static const char *const MD[] = {"", ", !range !0", ", !range !1"};
    static const char *const Prof[] = {"", ", !prof !18", ", !prof !19"};
    Str Callee = K.chance(2) ? "@ext_i32" : "@ext_i32b";
    Str Tl = K.of(Tail), Cc = K.of(CC), Ra = K.of(RetA);
    Str A0 = Str(K.of(ArgA)) + val("i32"), A1 = Str(K.of(ArgA)) + val("i32");
    Str Bundle;
    switch (K.pick(4)) {
    case 1: Bundle = " [ \"deopt\"(i32 " + val("i32") + ") ]"; break;
    case 2: Bundle = " [ \"unknown\"() ]"; break;
    }
    def("i32", Tl + "call " + Cc + Ra + "i32 " + Callee + "(i32 " + A0 +
                   ", i32 " + A1 + ")" + K.of(FnA) + Bundle + K.of(MD) +
                   Prof[K.spell(3)]);
    return;
  }
  case FloatCall:
    def("float", "call " + Str(K.of(FMF)) + "float @ext_f(float " +
                     val("float") + ")");
    return;
  case SelfCall: {
    Str Args = "ptr " + local("ptr") + ", i64 " + val("i64") + ", i32 " +
               val("i32") + ", i32 " + val("i32") + ", float " + val("float") +
               ", double " + val("double") + ", <4 x i32> " +
               val("<4 x i32>") + ", <4 x i32> " + val("<4 x i32>") +
               ", i1 " + val("i1");
    Str Text = Str(K.chance(2) ? "tail " : "") + "call " + RetTy + " @" +
               Name + "(" + Args + ")";
    if (RetTy == "void")
      line(Text);
    else
      def(RetTy, Text);
    return;
  }
  case LibCall:
    def("i32", "call i32 @lib" + std::to_string(K.pick(NumLibs)) + "(i32 " +
                   val("i32") + ")");
    return;
  case InlineAsmCall: {
    static const char *const Asm[] = {"", "sideeffect ", "alignstack ",
                                      "sideeffect inteldialect "};
    static const char *const Text[] = {"\"mov $0, $1\"", "\"lea $0, [$1]\""};
    Str A = K.of(Asm);
    def("i32", "call i32 asm " + A + K.of(Text) + ", \"=r,r\"(i32 " +
                   val("i32") + ")");
    return;
  }
  case IntrinsicCall:
    switch (K.pick(7)) {
    case 0: {
      Str A = val("i32");
      def("i32", "call i32 @llvm.smax.i32(i32 " + A + ", i32 " + val("i32") +
                     ")");
      return;
    }
    case 1: {
      Str A = val("i32");
      def("i32", "call i32 @llvm.umin.i32(i32 " + A + ", i32 " + val("i32") +
                     ")");
      return;
    }
    case 2: {
      Str A = val("i32"), B = val("i32");
      def("i32", "call i32 @llvm.fshl.i32(i32 " + A + ", i32 " + B + ", i32 " +
                     val("i32") + ")");
      return;
    }
    case 3:
      line("call void @llvm.assume(i1 " + local("i1") + ")");
      return;
    case 4:
      def("float", "call " + Str(K.of(FMF)) + "float @llvm.fabs.f32(float " +
                       val("float") + ")");
      return;
    case 5:
      def("i32", "call i32 @llvm.ctlz.i32(i32 " + val("i32") + ", i1 " +
                     (K.chance(2) ? "true" : "false") + ")");
      return;
    default: {
      Str D = local("ptr"), S = local("ptr");
      line("call void @llvm.memcpy.p0.p0.i64(ptr align " +
           std::to_string(1u << K.pick(4)) + " " + D + ", ptr " + S +
           ", i64 " + std::to_string(8 * (1 + K.pick(4))) + ", i1 " +
           (K.chance(2) ? "true" : "false") + ")");
      return;
    }
    }
  case IndirectCall: {
    Str F = local("ptr"), A = val("i32");
    def("i32", "call i32 " + F + "(i32 " + A + ", i32 " + val("i32") + ")");
    return;
  }
  case VaArg: {
    static const char *const Tys[] = {"i32", "i64", "double", "ptr"};
    Str Ty = K.of(Tys);
    def(Ty, "va_arg ptr " + local("ptr") + ", " + Ty);
    return;
  }
  case Switch: {
    static const char *const Prof[] = {"", "!20", "!21"};
    unsigned Cases = 1 + K.pick(3), Start = K.pick(5), Step = 1 + K.pick(3);
    Str D = label(), J = label(), Text = "switch i32 " + val("i32") +
                                         ", label %" + D + " [";
    std::vector<Str> Labels;
    for (unsigned I = 0; I != Cases; ++I) {
      Labels.push_back(label());
      Text += " i32 " + std::to_string(Start + I * Step) + ", label %" +
              Labels.back();
    }
    Text += " ]";
    Str Pf = Prof[K.spell(3)];
    if (!Pf.empty()) // One weight per successor.
      Text += ", !prof !" +
              std::to_string((Pf == "!20" ? 20 : 24) + Cases - 1);
    line(Text);
    Labels.push_back(D);
    for (const Str &L : Labels) {
      startBlock(L);
      if (K.chance(2))
        def("i32", "xor i32 " + val("i32") + ", " + val("i32"), false);
      line("br label %" + J);
    }
    joinPhi(J, Labels);
    return;
  }
  case IndirectBr: {
    std::vector<Str> Labels = {label(), label()};
    if (K.chance(2))
      Labels.push_back(label());
    Str J = label(), Text = "indirectbr ptr " + local("ptr") + ", [";
    for (size_t I = 0; I != Labels.size(); ++I)
      Text += Str(I ? ", " : "") + "label %" + Labels[I];
    line(Text + "]");
    for (const Str &L : Labels) {
      startBlock(L);
      line("br label %" + J);
    }
    joinPhi(J, Labels);
    return;
  }
  case Unreachable: {
    Str Cont = label(), Dead = label();
    line("br i1 " + local("i1") + ", label %" + Cont + ", label %" + Dead);
    startBlock(Dead);
    if (K.chance(2))
      line("call void @ext_void(ptr " + val("ptr") + ")");
    line("unreachable");
    startBlock(Cont);
    return;
  }
  case BlockSplit: {
    Str Next = label();
    line("br label %" + Next);
    startBlock(Next);
    return;
  }
  case InvokeLandingPad: {
    static const char *const CC[] = {"", "fastcc ", "coldcc "};
    static const char *const Clauses[] = {
        "cleanup",
        "catch ptr @ti0",
        "catch ptr @ti1",
        "catch ptr null",
        "cleanup catch ptr @ti0",
        "filter [1 x ptr] [ptr @ti0]",
        "filter [0 x ptr] zeroinitializer",
        "catch ptr @ti0 catch ptr @ti1"};
    Str Ok = label(), Lp = label(), A = val("i32"), B = val("i32");
    Str R = def("i32",
                "invoke " + Str(K.of(CC)) + "i32 @ext_i32(i32 " + A + ", i32 " +
                    B + ") to label %" + Ok + " unwind label %" + Lp,
                false);
    startBlock(Lp);
    Str L = def("{ ptr, i32 }", "landingpad { ptr, i32 } " + Str(K.of(Clauses)),
                false);
    if (K.chance(2))
      def("i32", "extractvalue { ptr, i32 } " + L + ", 1", false);
    line("resume { ptr, i32 } " + L);
    startBlock(Ok);
    Pools["i32"].push_back(R);
    return;
  }
  case CallBr: {
    Str Ft = label(), Ind = label(), J = label();
    Str Side = K.chance(2) ? "sideeffect " : "";
    line("callbr void asm " + Side + "\"\", \"r,!i\"(i32 " + val("i32") +
         ") to label %" + Ft + " [label %" + Ind + "]");
    startBlock(Ft);
    line("br label %" + J);
    startBlock(Ind);
    line("br label %" + J);
    joinPhi(J, {Ft, Ind});
    return;
  }
  case CatchSwitch: {
    Str Ok = label(), Cs = label(), H1 = label(), H2 = label(), Cl = label();
    bool Two = K.chance(2), ToCleanup = K.chance(2);
    line("invoke void @ext_void(ptr " + val("ptr") + ") to label %" + Ok +
         " unwind label %" + Cs);
    startBlock(Cs);
    Str Sw = def("token", "catchswitch within none [label %" + H1 +
                              (Two ? ", label %" + H2 : Str()) + "] unwind " +
                              (ToCleanup ? "label %" + Cl : Str("to caller")),
                 false);
    static const char *const PadArgs[] = {"ptr null, i32 64, ptr null",
                                          "ptr @ti0, i32 0, ptr null",
                                          "ptr @ti1, i32 8, ptr null"};
    for (const Str &H : Two ? std::vector<Str>{H1, H2} : std::vector<Str>{H1}) {
      startBlock(H);
      Str Cp = def("token", "catchpad within " + Sw + " [" +
                                Str(K.of(PadArgs)) + "]",
                   false);
      if (K.chance(2))
        line("call void @ext_void(ptr " + val("ptr") +
             ") [ \"funclet\"(token " + Cp + ") ]");
      line("catchret from " + Cp + " to label %" + Ok);
    }
    if (ToCleanup) {
      startBlock(Cl);
      Str Pad = def("token", "cleanuppad within none []", false);
      line("cleanupret from " + Pad + " unwind to caller");
    }
    startBlock(Ok);
    return;
  }
  case CleanupOnly: {
    Str Ok = label(), Cl = label();
    line("invoke void @ext_void(ptr " + val("ptr") + ") to label %" + Ok +
         " unwind label %" + Cl);
    startBlock(Cl);
    Str Args = K.chance(2) ? "i32 " + val("i32") : "";
    Str Pad = def("token", "cleanuppad within none [" + Args + "]", false);
    if (K.chance(2))
      line("call void @ext_void(ptr " + val("ptr") +
           ") [ \"funclet\"(token " + Pad + ") ]");
    line("cleanupret from " + Pad + " unwind to caller");
    startBlock(Ok);
    return;
  }
  }
}

Str FnWriter::emit(Family F, std::mt19937 *ShuffleBlocks) {
  // Signature properties.
  static const char *const RetTys[] = {"i32", "i64", "ptr", "void", "float"};
  static const char *const FnAttrs[] = {
      "", " nounwind", " noinline optsize", " \"frame-pointer\"=\"all\"",
      " nounwind \"frame-pointer\"=\"all\"", " alignstack(16)", " memory(read)"};
  static const char *const PtrAttrs[] = {"", "noundef ", "nonnull ",
                                         "noundef nonnull align 8 "};
  static const char *const PtrAttrsRespelled[] = {
      "", "noundef ", "nonnull ", "align 8 nonnull noundef "};
  static const char *const I32Attrs[] = {"", "signext ", "noundef ",
                                         "range(i32 0, 100) "};
  static const char *const CC[] = {"", "fastcc ", "coldcc "};
  static const char *const Extra[] = {"", " section \".text.hot\""};
  static const char *const Prof[] = {"", " !prof !13", " !prof !14"};
  RetTy = K.of(RetTys);
  unsigned PtrA = K.pick(4);
  Str Cc = K.of(CC), Fa = K.of(FnAttrs),
      Pa = K.spell(2) ? PtrAttrsRespelled[PtrA] : PtrAttrs[PtrA],
      Ia = K.of(I32Attrs), Ex = Str(K.of(Extra)) + Prof[K.spell(3)];

  Pools = {{"ptr", {arg("p")}},          {"i64", {arg("n")}},
           {"i32", {arg("a"), arg("b")}}, {"float", {arg("x")}},
           {"double", {arg("d")}},        {"<4 x i32>", {arg("v"), arg("w")}},
           {"i1", {arg("c")}}};

  startBlock(P + "entry");
  const std::vector<unsigned> &Kinds = kindsOf(F);
  unsigned Count = 1 + K.pick(6);
  for (unsigned I = 0; I != Count; ++I) {
    unsigned Kind = Kinds[K.pick(Kinds.size())];
    if (isEHKind(Kind)) {
      if (!Personality.empty())
        Kind = IntBinary; // One personality per function.
      else
        Personality = personalityFor(Kind);
    }
    snippet(Kind);
  }
  line(RetTy == "void" ? Str("ret void") : "ret " + typed(RetTy));

  // Entry first; the rest in a shuffled order for renamed duplicates.
  if (ShuffleBlocks && Blocks.size() > 2)
    std::shuffle(Blocks.begin() + 1, Blocks.end(), *ShuffleBlocks);

  Str Out = "define " + Cc + RetTy + " @" + Name + "(ptr " + Pa + arg("p") +
            ", i64 " + arg("n") + ", i32 " + Ia + arg("a") + ", i32 " +
            arg("b") + ", float " + arg("x") + ", double " + arg("d") +
            ", <4 x i32> " + arg("v") + ", <4 x i32> " + arg("w") + ", i1 " +
            arg("c") + ")" + Fa + Ex.substr(0, Ex.find(" !prof"));
  if (!Personality.empty())
    Out += " personality ptr " + Personality;
  if (Ex.find(" !prof") != Str::npos)
    Out += Ex.substr(Ex.find(" !prof"));
  Out += " {\n";
  for (const auto &[L, Body] : Blocks)
    Out += L + ":\n" + Body;
  return Out + "}\n";
}



} // namespace

const char *familyName(Family F) {
  static const char *const Names[] = {
      "Arithmetic",    "VectorAggregate", "Memory",      "Address",
      "Conversion",    "CompareSelect",   "Calls",       "ControlFlow",
      "ExceptionHandling", "Mixed"};
  return Names[unsigned(F)];
}

GeneratedModule generateModule(Family F, unsigned Seed, unsigned NumBases) {
  std::mt19937 Rng(Seed);
  GeneratedModule Out;
  std::vector<std::string> Texts;
  unsigned NextName = 0;
  const unsigned NumLibs = 3, KnobCount = 96;

  auto Emit = [&](const std::vector<uint32_t> &Knob,
                  const std::vector<uint32_t> &Spelling, const char *Prefix,
                  bool Shuffle, unsigned Group, size_t *Consumed) {
    Knobs K(Knob, Spelling);
    std::string Name = "f" + std::to_string(NextName++);
    FnWriter W(K, Prefix, Name, NumLibs);
    Texts.push_back(W.emit(F, Shuffle ? &Rng : nullptr));
    Out.Names.push_back(Name);
    Out.Group.push_back(Group);
    if (Consumed)
      *Consumed = K.consumed();
    return Name;
  };

  for (unsigned B = 0; B != NumBases; ++B) {
    auto Random = [&](size_t N) {
      std::vector<uint32_t> V(N);
      for (uint32_t &X : V)
        X = Rng();
      return V;
    };
    std::vector<uint32_t> Knob = Random(KnobCount), Spell = Random(16);
    size_t Used = 0;
    std::string Base = Emit(Knob, Spell, "v", false, B, &Used);
    if (Rng() % 2)
      Out.MustBeEqual.emplace_back(Base,
                                   Emit(Knob, Spell, "r", true, B, nullptr));
    if (Rng() % 2)
      Out.EqualBySpelling.emplace_back(
          Base, Emit(Knob, Random(16), "q", true, B, nullptr));
    unsigned Mutants = 1 + Rng() % 3;
    for (unsigned I = 0; I != Mutants; ++I) {
      std::vector<uint32_t> Mut = Knob;
      Mut[Rng() % std::min<size_t>(Used, KnobCount)] = Rng();
      std::string M = Emit(Mut, Spell, "m", false, B, nullptr);
      if (Rng() % 4 == 0)
        Out.MustBeEqual.emplace_back(
            M, Emit(Mut, Spell, "s", true, B, nullptr));
    }
  }

  std::vector<size_t> Order(Texts.size());
  for (size_t I = 0; I != Order.size(); ++I)
    Order[I] = I;
  std::shuffle(Order.begin(), Order.end(), Rng);
  Out.IR = detail::moduleHeader();
  for (size_t I : Order)
    Out.IR += "\n" + Texts[I];
  return Out;
}

} // namespace irgen
