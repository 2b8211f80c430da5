//===- test/unit/CrossModuleTest.cpp - Merging up to constants across modules =//
//
// Each test writes a few small modules as bitcode, scans them as a host
// would (scanModules) and checks the plan: which families, which members in
// which modules, which sites become parameters. Most then carry the plan
// out in each module on its own, as a ThinLTO backend would
// (applyCrossModulePlan), and check the shared bodies, the thunks and
// rewritten calls, the Report's records, and that every module verifies.
//
//===----------------------------------------------------------------------===//

#include "core/comparison/FunctionOrder.h"
#include "core/crossmodule/CrossModule.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <deque>
#include <string>
#include <vector>

using namespace llvm;
using namespace coalesce;

namespace {

const char *const Header =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
    "i128:128-f80:128-n8:16:32:64-S128\"\n"
    "target triple = \"x86_64-unknown-linux-gnu\"\n"
    "declare i32 @ext(i32)\ndeclare i32 @ext2(i32)\n";

/// A body the size model prices well above a thunk passing a constant: a
/// dozen arithmetic instructions and two calls. Its sites, in order: the
/// multiplier Mul (site 0), the callee @ext (1), the added constant Add
/// (2), the shift 3, the mask 255, the xor 99, the callee @ext2 (6); then
/// those of Extra, which comes before the return and may use %v. The
/// divisor Div is no site.
std::string body(const std::string &Mul, const std::string &Extra = "",
                 const std::string &Add = "12345",
                 const std::string &Div = "3") {
  return "  %m = mul i32 %a, " + Mul +
         "\n"
         "  %c = call i32 @ext(i32 %m)\n"
         "  %x = xor i32 %c, %a\n"
         "  %y = add i32 %x, " +
         Add +
         "\n"
         "  %z = shl i32 %y, 3\n"
         "  %w = sub i32 %z, %a\n"
         "  %p = or i32 %w, 255\n"
         "  %q = and i32 %p, %c\n"
         "  %r = mul i32 %q, %q\n"
         "  %d = udiv i32 %r, " +
         Div +
         "\n"
         "  %t = xor i32 %d, 99\n"
         "  %u = call i32 @ext2(i32 %t)\n"
         "  %v = add i32 %u, %m\n" +
         Extra + "  ret i32 %v\n";
}

/// Sites of body() without Extra.
constexpr unsigned BodySites = 7;

/// The attribute group #0 of a module built at -Oz, which puts it on every
/// function: a body() is then too large for the backend's inliner at
/// minsize, unless it is called only once.
const char *const Oz = "attributes #0 = { minsize optsize }\n";

std::string fn(const std::string &Head, const std::string &Body) {
  return "define " + Head + " {\n" + Body + "}\n";
}

/// A module of the link: its name (its backend's module identifier) and
/// its IR, Header first.
struct Unit {
  std::string Name;
  std::string IR;
};

Unit unit(const std::string &Name, const std::string &Text) {
  return {Name, std::string(Header) + Text};
}

/// The options a host passes, with a run-time budget no toy module is over.
ScanOptions options() {
  ScanOptions O;
  O.Hotness.CalledFromOtherModules = true;
  O.RunTimeBudgetPerMille = 1000;
  return O;
}

std::string printed(const Module &M) {
  std::string S;
  raw_string_ostream OS(S);
  M.print(OS, nullptr);
  return S;
}

std::string printed(const Function &F) {
  std::string S;
  raw_string_ostream OS(S);
  F.print(OS);
  return S;
}

/// F's constant operands an argument could take, by the definition
/// (isParameterizableOperand), in the order of blocks, instructions and
/// operands: what a family's site indices count.
std::vector<std::pair<Instruction *, unsigned>> sitesOf(Function &F) {
  std::vector<std::pair<Instruction *, unsigned>> Out;
  for (Instruction &I : instructions(F))
    for (unsigned Op = 0, E = I.getNumOperands(); Op != E; ++Op)
      if (isParameterizableOperand(I, Op))
        Out.push_back({&I, Op});
  return Out;
}

/// The functions of M named by content for a family.
std::vector<Function *> sharedBodies(Module &M) {
  std::vector<Function *> Out;
  for (Function &F : M)
    if (F.getName().starts_with("__coalesce."))
      Out.push_back(&F);
  return Out;
}

/// The call in F, if F is a thunk: one block, a tail call, the return of
/// its result.
CallInst *thunkCall(Function &F) {
  if (F.size() != 1 || F.front().size() != 2)
    return nullptr;
  auto *Call = dyn_cast<CallInst>(&F.front().front());
  auto *Ret = dyn_cast<ReturnInst>(F.front().getTerminator());
  if (!Call || !Call->isTailCall() || !Ret || Ret->getReturnValue() != Call)
    return nullptr;
  return Call;
}

const Family *familyOf(const CrossModulePlan &Plan, StringRef Function) {
  for (const Family &Fy : Plan.Families)
    for (const FamilyMember &Mem : Fy.Members)
      if (Mem.Function == Function)
        return &Fy;
  return nullptr;
}

class CrossModuleTest : public ::testing::Test {
protected:
  /// Writes each unit as bitcode and scans them all; returns what
  /// scanModules returned.
  bool scan(const std::vector<Unit> &Units, const ScanOptions &O = options()) {
    std::vector<ScanInput> Inputs;
    for (const Unit &U : Units) {
      LLVMContext Ctx;
      SMDiagnostic Err;
      std::unique_ptr<Module> M = parseAssemblyString(U.IR, Err, Ctx);
      if (!M) {
        ADD_FAILURE() << U.Name << ": " << Err.getMessage().str();
        return false;
      }
      EXPECT_FALSE(verifyModule(*M, &errs())) << U.Name << " does not verify";
      auto &[Name, Bytes] = Kept.emplace_back(U.Name, std::string());
      raw_string_ostream OS(Bytes);
      WriteBitcodeToFile(*M, OS);
      OS.flush();
      Inputs.push_back({Name, MemoryBufferRef(Bytes, Name)});
    }
    Error.clear();
    return scanModules(Inputs, O, Plan, Error);
  }

  /// Parses U again as its backend would have it, applies Plan there and
  /// checks that it verifies after. Changed: what applyCrossModulePlan
  /// returned.
  std::unique_ptr<Module> apply(const Unit &U, Report &Rep, bool &Changed) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(U.IR, Err, C);
    if (!M) {
      ADD_FAILURE() << U.Name << ": " << Err.getMessage().str();
      return nullptr;
    }
    M->setModuleIdentifier(U.Name);
    SizeModel Size = SizeModel::forModule(*M);
    RunTimeBudget Spent = RunTimeBudget::unlimited();
    Changed = applyCrossModulePlan(*M, Plan, Rep, Size, Spent);
    LastRunTime = Spent.spent();
    std::string Errors;
    raw_string_ostream OS(Errors);
    EXPECT_FALSE(verifyModule(*M, &OS)) << Errors << "\n" << printed(*M);
    return M;
  }

  std::unique_ptr<Module> apply(const Unit &U, Report &Rep) {
    bool Changed;
    return apply(U, Rep, Changed);
  }

  /// Checks that Thunk is a thunk of Shared passing its own arguments and
  /// then Constants.
  void expectThunk(Function &Thunk, Function &Shared,
                   ArrayRef<Constant *> Constants) {
    CallInst *Call = thunkCall(Thunk);
    ASSERT_TRUE(Call) << printed(Thunk);
    EXPECT_EQ(&Shared, Call->getCalledOperand());
    ASSERT_EQ(Thunk.arg_size() + Constants.size(), Call->arg_size());
    for (unsigned I = 0; I != Thunk.arg_size(); ++I)
      EXPECT_EQ(Thunk.getArg(I), Call->getArgOperand(I));
    for (size_t K = 0; K != Constants.size(); ++K)
      EXPECT_EQ(Constants[K], Call->getArgOperand(Thunk.arg_size() + K))
          << printed(Thunk);
  }

  ConstantInt *i32(uint64_t V) {
    return ConstantInt::get(Type::getInt32Ty(C), V);
  }

  LLVMContext C;
  CrossModulePlan Plan;
  std::string Error;
  /// What the last apply() said the members' calls gain per run.
  double LastRunTime = 0;
  /// Module names and bitcode the scan's inputs point into.
  std::deque<std::pair<std::string, std::string>> Kept;
};

/// Three modules, one function each, equal but for the multiplier.
std::vector<Unit> threeMultipliers() {
  return {unit("a.o", fn("i32 @alpha(i32 %a)", body("3"))),
          unit("b.o", fn("i32 @beta(i32 %a)", body("5"))),
          unit("c.o", fn("i32 @gamma(i32 %a)", body("9")))};
}

TEST_F(CrossModuleTest, MultiplierBecomesTheOneParameterOfAFamily) {
  std::vector<Unit> Units = threeMultipliers();
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  const Family &Fy = Plan.Families[0];
  ASSERT_EQ(3u, Fy.Members.size());
  const char *Names[] = {"alpha", "beta", "gamma"};
  for (size_t I = 0; I != 3; ++I) {
    EXPECT_EQ(Names[I], Fy.Members[I].Function);
    EXPECT_EQ(std::vector<std::string>{Units[I].Name}, Fy.Members[I].Modules);
  }
  EXPECT_EQ(std::vector<unsigned>{0}, Fy.Parameters);
  EXPECT_EQ(BodySites, Fy.Sites);
  EXPECT_GE(Fy.Saved, 16);
  EXPECT_TRUE(Plan.Missed.empty());

  // The plan counts the sites as the definition does.
  for (size_t I = 0; I != 3; ++I) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(Units[I].IR, Err, C);
    ASSERT_TRUE(M);
    EXPECT_EQ(Fy.Sites, sitesOf(*M->getFunction(Names[I])).size());
  }

  std::string SharedName;
  const uint64_t Multipliers[] = {3, 5, 9};
  for (size_t I = 0; I != 3; ++I) {
    SCOPED_TRACE(Units[I].Name);
    Report Rep;
    bool Changed = false;
    std::unique_ptr<Module> M = apply(Units[I], Rep, Changed);
    ASSERT_TRUE(M);
    EXPECT_TRUE(Changed);
    Function *Member = M->getFunction(Names[I]);
    ASSERT_TRUE(Member);

    std::vector<Function *> Shared = sharedBodies(*M);
    ASSERT_EQ(1u, Shared.size()) << printed(*M);
    Function &S = *Shared[0];
    if (I == 0)
      SharedName = S.getName().str();
    EXPECT_EQ(SharedName, S.getName().str()) << "each module names it alike";
    EXPECT_EQ(GlobalValue::WeakODRLinkage, S.getLinkage());
    EXPECT_EQ(GlobalValue::HiddenVisibility, S.getVisibility());
    ASSERT_TRUE(S.getComdat());
    EXPECT_EQ(S.getName().str(), S.getComdat()->getName().str());
    EXPECT_TRUE(S.hasFnAttribute(Attribute::NoInline));
    ASSERT_EQ(2u, S.arg_size());
    EXPECT_TRUE(S.getArg(1)->getType()->isIntegerTy(32));
    // The multiplier is the new parameter in the shared body.
    auto *Mul = cast<BinaryOperator>(&S.front().front());
    EXPECT_EQ(Instruction::Mul, Mul->getOpcode());
    EXPECT_EQ(S.getArg(1), Mul->getOperand(1));

    expectThunk(*Member, S, {i32(Multipliers[I])});

    ASSERT_EQ(1u, Rep.Merges.size());
    const MergeRecord &R = Rep.Merges[0];
    EXPECT_EQ(Names[I], R.Merged);
    EXPECT_EQ(SharedName, R.Kept);
    EXPECT_EQ(MergeKind::Thunk, R.Kind);
    EXPECT_EQ(1u, R.ConstantParameters);
    EXPECT_TRUE(Rep.Missed.empty());
    // The backend takes the member's run time, as the scan priced it, from
    // the budget of its later stages.
    EXPECT_GT(Fy.Members[I].RunTime, 0);
    EXPECT_EQ(Fy.Members[I].RunTime, LastRunTime);
  }
}

// A string literal is a private unnamed_addr constant whose name means
// nothing: its modules name it differently, and it is read by its value.
TEST_F(CrossModuleTest, SameStringLiteralIsNoParameterDifferentOneIs) {
  auto Literal = [](const std::string &Name, const char *Text) {
    return "declare i32 @puts(ptr)\n@" + Name +
           " = private unnamed_addr constant [6 x i8] c\"" + Text +
           "\\00\", align 1\n";
  };
  auto Puts = [](const std::string &Name) {
    return "  %n = call i32 @puts(ptr @" + Name + ")\n";
  };
  // Same literal under three names, different multipliers.
  std::vector<Unit> Same = {
      unit("a.o", Literal(".str", "hello") +
                      fn("i32 @alpha(i32 %a)", body("3", Puts(".str")))),
      unit("b.o", Literal(".str.7", "hello") +
                      fn("i32 @beta(i32 %a)", body("5", Puts(".str.7")))),
      unit("c.o", Literal("msg", "hello") +
                      fn("i32 @gamma(i32 %a)", body("9", Puts("msg"))))};

  // Where the literal is among the sites: the call's argument.
  unsigned LiteralSite = ~0u;
  {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(Same[0].IR, Err, C);
    ASSERT_TRUE(M);
    auto Sites = sitesOf(*M->getFunction("alpha"));
    ASSERT_EQ(BodySites + 2, Sites.size()); // The literal and @puts.
    for (unsigned S = 0; S != Sites.size(); ++S)
      if (isa<GlobalVariable>(Sites[S].first->getOperand(Sites[S].second)))
        LiteralSite = S;
    ASSERT_EQ(BodySites, LiteralSite);
  }

  ASSERT_TRUE(scan(Same)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  EXPECT_EQ(BodySites + 2, Plan.Families[0].Sites);
  EXPECT_EQ(3u, Plan.Families[0].Members.size());
  EXPECT_EQ(std::vector<unsigned>{0}, Plan.Families[0].Parameters)
      << "the literal is read by its value, the same in every module";

  // The shared body keeps its module's literal, named by its value: one
  // name in every module.
  std::string SharedName;
  const char *Names[] = {"alpha", "beta", "gamma"};
  for (size_t I = 0; I != 3; ++I) {
    SCOPED_TRACE(Same[I].Name);
    Report Rep;
    std::unique_ptr<Module> M = apply(Same[I], Rep);
    ASSERT_TRUE(M);
    std::vector<Function *> Shared = sharedBodies(*M);
    ASSERT_EQ(1u, Shared.size()) << printed(*M);
    if (I == 0)
      SharedName = Shared[0]->getName().str();
    EXPECT_EQ(SharedName, Shared[0]->getName().str());
    ASSERT_EQ(2u, Shared[0]->arg_size());
    CallInst *Call = thunkCall(*M->getFunction(Names[I]));
    ASSERT_TRUE(Call);
    EXPECT_EQ(2u, Call->arg_size());
  }

  // Different literals, the same multiplier: the literal is the parameter.
  std::vector<Unit> Different = {
      unit("a.o", Literal(".str", "hello") +
                      fn("i32 @alpha(i32 %a)", body("3", Puts(".str")))),
      unit("b.o", Literal(".str.7", "world") +
                      fn("i32 @beta(i32 %a)", body("3", Puts(".str.7")))),
      unit("c.o", Literal("msg", "abcde") +
                      fn("i32 @gamma(i32 %a)", body("3", Puts("msg"))))};
  ASSERT_TRUE(scan(Different)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  EXPECT_EQ(std::vector<unsigned>{LiteralSite}, Plan.Families[0].Parameters);
  Report Rep;
  std::unique_ptr<Module> M = apply(Different[1], Rep);
  ASSERT_TRUE(M);
  std::vector<Function *> Shared = sharedBodies(*M);
  ASSERT_EQ(1u, Shared.size());
  ASSERT_EQ(2u, Shared[0]->arg_size());
  EXPECT_TRUE(Shared[0]->getArg(1)->getType()->isPointerTy());
  expectThunk(*M->getFunction("beta"), *Shared[0],
              {M->getNamedGlobal(".str.7")});
}

// A variable local to its module means something else in every module. At
// a position no argument can take (an intrinsic's operand) it keeps the
// function out of every family.
TEST_F(CrossModuleTest, LocalVariableAtNoSiteKeepsTheFunctionOut) {
  auto Make = [](const std::string &Name, const std::string &Linkage,
                   const std::string &Function, const std::string &Mul) {
    std::string Var = Linkage == "external" ? "@counter = external global "
                                              "[2 x i32]\n"
                                            : "@counter = internal global "
                                              "[2 x i32] zeroinitializer\n";
    return unit(Name,
                "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n" + Var +
                    fn("i32 @" + Function + "(i32 %a)",
                       body(Mul, "  call void @llvm.memset.p0.i64(ptr "
                                 "@counter, i8 0, i64 8, i1 false)\n")));
  };
  // The same functions with a variable of the link do form a family: what
  // keeps them apart below is the variable's linkage alone.
  ASSERT_TRUE(scan({Make("a.o", "external", "alpha", "3"),
                    Make("b.o", "external", "beta", "5"),
                    Make("c.o", "external", "gamma", "9")}))
      << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  EXPECT_EQ(std::vector<unsigned>{0}, Plan.Families[0].Parameters);
  EXPECT_EQ(BodySites, Plan.Families[0].Sites) << "the intrinsic has none";

  ASSERT_TRUE(scan({Make("a.o", "internal", "alpha", "3"),
                    Make("b.o", "internal", "beta", "5"),
                    Make("c.o", "internal", "gamma", "9")}))
      << Error;
  EXPECT_TRUE(Plan.Families.empty()) << Plan.toJSON();
}

// At a site (a store's pointer) a local variable is a constant of its own
// module, never equal to another module's: it becomes a parameter, and
// each thunk passes its own module's variable.
TEST_F(CrossModuleTest, LocalVariableAtASiteBecomesAParameter) {
  auto Make = [](const std::string &Name, const std::string &Function) {
    return unit(Name, "@counter = internal global i32 0\n" +
                          fn("i32 @" + Function + "(i32 %a)",
                             body("3", "  store i32 %v, ptr @counter\n")));
  };
  std::vector<Unit> Units = {Make("a.o", "alpha"), Make("b.o", "beta"),
                             Make("c.o", "gamma")};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  const Family &Fy = Plan.Families[0];
  EXPECT_EQ(3u, Fy.Members.size());
  EXPECT_EQ(BodySites + 1, Fy.Sites);
  // The store's pointer is the last site; nothing else differs.
  EXPECT_EQ(std::vector<unsigned>{BodySites}, Fy.Parameters);

  std::string SharedName;
  const char *Names[] = {"alpha", "beta", "gamma"};
  for (size_t I = 0; I != 3; ++I) {
    SCOPED_TRACE(Units[I].Name);
    Report Rep;
    std::unique_ptr<Module> M = apply(Units[I], Rep);
    ASSERT_TRUE(M);
    std::vector<Function *> Shared = sharedBodies(*M);
    ASSERT_EQ(1u, Shared.size()) << printed(*M);
    if (I == 0)
      SharedName = Shared[0]->getName().str();
    EXPECT_EQ(SharedName, Shared[0]->getName().str());
    // The shared body names no variable of its module.
    for (Instruction &Inst : instructions(*Shared[0]))
      for (Value *Op : Inst.operands())
        EXPECT_FALSE(isa<GlobalVariable>(Op)) << printed(*Shared[0]);
    expectThunk(*M->getFunction(Names[I]), *Shared[0],
                {M->getNamedGlobal("counter")});
  }
}

TEST_F(CrossModuleTest, FunctionsOfOneModuleMakeNoFamily) {
  ASSERT_TRUE(scan({unit("a.o", fn("i32 @alpha(i32 %a)", body("3")) +
                                    fn("i32 @beta(i32 %a)", body("5")) +
                                    fn("i32 @gamma(i32 %a)", body("9"))),
                    unit("b.o", fn("i32 @other(i32 %a)",
                                   "  %b = add i32 %a, 1\n  ret i32 %b\n"))}))
      << Error;
  EXPECT_TRUE(Plan.Families.empty()) << Plan.toJSON();
  EXPECT_TRUE(Plan.Missed.empty());
}

TEST_F(CrossModuleTest, IdenticalLocalFunctionsAreLeftToSharedBodies) {
  ASSERT_TRUE(scan({unit("a.o", fn("internal i32 @helper(i32 %a)", body("3"))),
                    unit("b.o", fn("internal i32 @helper(i32 %a)", body("3"))),
                    unit("c.o", fn("internal i32 @helper(i32 %a)",
                                   body("3")))}))
      << Error;
  EXPECT_TRUE(Plan.Families.empty()) << Plan.toJSON();
}

TEST_F(CrossModuleTest, IdenticalExternalFunctionsMakeAFamilyWithoutParameters) {
  std::vector<Unit> Units = {unit("a.o", fn("i32 @alpha(i32 %a)", body("3"))),
                             unit("b.o", fn("i32 @beta(i32 %a)", body("3")))};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  const Family &Fy = Plan.Families[0];
  EXPECT_TRUE(Fy.Parameters.empty());
  ASSERT_EQ(2u, Fy.Members.size());
  EXPECT_EQ("alpha", Fy.Members[0].Function);
  EXPECT_EQ("beta", Fy.Members[1].Function);

  Report Rep;
  std::unique_ptr<Module> M = apply(Units[1], Rep);
  ASSERT_TRUE(M);
  std::vector<Function *> Shared = sharedBodies(*M);
  ASSERT_EQ(1u, Shared.size()) << printed(*M);
  EXPECT_EQ(1u, Shared[0]->arg_size());
  expectThunk(*M->getFunction("beta"), *Shared[0], {});
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ(0u, Rep.Merges[0].ConstantParameters);
}

// A linker that folds identical code (ld.lld --icf=all) folds them for
// nothing; a shared body would keep a thunk for each. A family with a
// parameter is still planned.
TEST_F(CrossModuleTest, IdenticalFunctionsAreTheLinkersWhenItFoldsThem) {
  ScanOptions O = options();
  O.LinkerFoldsIdentical = true;
  std::vector<Unit> Same = {unit("a.o", fn("i32 @alpha(i32 %a)", body("3"))),
                            unit("b.o", fn("i32 @beta(i32 %a)", body("3")))};
  ASSERT_TRUE(scan(Same, O)) << Error;
  EXPECT_TRUE(Plan.Families.empty()) << Plan.toJSON();
  std::vector<Unit> Apart = {unit("a.o", fn("i32 @alpha(i32 %a)", body("3"))),
                             unit("b.o", fn("i32 @beta(i32 %a)", body("5")))};
  ASSERT_TRUE(scan(Apart, O)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  EXPECT_EQ(std::vector<unsigned>{0}, Plan.Families[0].Parameters);
}

TEST_F(CrossModuleTest, TooManyDifferingConstantsLeaveTheFamilyApart) {
  // The multiplier and the added constant differ.
  std::vector<Unit> Units = {
      unit("a.o", fn("i32 @alpha(i32 %a)", body("3", "", "100"))),
      unit("b.o", fn("i32 @beta(i32 %a)", body("5", "", "200"))),
      unit("c.o", fn("i32 @gamma(i32 %a)", body("9", "", "300")))};
  ScanOptions O = options();
  O.Constants.MaxParameters = 2;
  ASSERT_TRUE(scan(Units, O)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << "two are allowed";
  EXPECT_EQ((std::vector<unsigned>{0, 2}), Plan.Families[0].Parameters);

  O.Constants.MaxParameters = 1;
  ASSERT_TRUE(scan(Units, O)) << Error;
  EXPECT_TRUE(Plan.Families.empty()) << Plan.toJSON();
  ASSERT_EQ(1u, Plan.Missed.size());
  const MissedRecord &R = Plan.Missed[0];
  EXPECT_EQ("alpha", R.Function);
  EXPECT_EQ("beta", R.Other);
  EXPECT_NE(std::string::npos, R.Reason.find("2 constants differ"))
      << R.Reason;
  EXPECT_NE(std::string::npos, R.Reason.find("at most 1")) << R.Reason;
}

// A backend whose member is not the function the scan read (a stale plan,
// or another link's) leaves it as it is.
TEST_F(CrossModuleTest, MemberChangedSinceTheScanIsLeftAsItIs) {
  std::vector<Unit> Units = threeMultipliers();
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();

  struct Change {
    const char *What;
    Unit Changed;
  } Changes[] = {
      // One more instruction, no more sites.
      {"an instruction more",
       unit("a.o", fn("i32 @alpha(i32 %a)",
                      body("3", "  %e = xor i32 %v, %a\n")))},
      // Another divisor: a constant that is no site.
      {"another divisor",
       unit("a.o", fn("i32 @alpha(i32 %a)", body("3", "", "12345", "5")))},
      // One more site.
      {"a call more",
       unit("a.o", fn("i32 @alpha(i32 %a)",
                      body("3", "  %e = call i32 @ext(i32 %v)\n")))},
  };
  for (Change &Ch : Changes) {
    SCOPED_TRACE(Ch.What);
    // What the member is before, as the backend reads it.
    std::string Before;
    {
      LLVMContext Other;
      SMDiagnostic Err;
      std::unique_ptr<Module> M = parseAssemblyString(Ch.Changed.IR, Err, Other);
      ASSERT_TRUE(M);
      Before = printed(*M->getFunction("alpha"));
    }
    Report Rep;
    bool Changed = true;
    std::unique_ptr<Module> M = apply(Ch.Changed, Rep, Changed);
    ASSERT_TRUE(M);
    EXPECT_FALSE(Changed);
    EXPECT_TRUE(sharedBodies(*M).empty()) << printed(*M);
    EXPECT_EQ(Before, printed(*M->getFunction("alpha")));
    EXPECT_TRUE(Rep.Merges.empty());
    ASSERT_EQ(1u, Rep.Missed.size());
    EXPECT_EQ("alpha", Rep.Missed[0].Function);
    EXPECT_NE(std::string::npos,
              Rep.Missed[0].Reason.find("not the function the scan read"))
        << Rep.Missed[0].Reason;
  }
}

// A site that is no parameter may differ from what the scan read (its
// template treats every site alike): the member still gets a shared body,
// which keeps its own constant and so gets a name of its own, never the
// other modules' body.
TEST_F(CrossModuleTest, ChangedConstantAtASiteThatIsNoParameterGetsAnotherName) {
  std::vector<Unit> Units = threeMultipliers();
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  ASSERT_EQ(std::vector<unsigned>{0}, Plan.Families[0].Parameters);

  Report RepB;
  std::unique_ptr<Module> B = apply(Units[1], RepB);
  ASSERT_TRUE(B);
  std::vector<Function *> SharedB = sharedBodies(*B);
  ASSERT_EQ(1u, SharedB.size());

  // Module a's added constant (site 2) is no longer 12345.
  Unit Changed = unit("a.o", fn("i32 @alpha(i32 %a)", body("3", "", "54321")));
  Report Rep;
  bool DidChange = false;
  std::unique_ptr<Module> A = apply(Changed, Rep, DidChange);
  ASSERT_TRUE(A);
  EXPECT_TRUE(DidChange);
  std::vector<Function *> Shared = sharedBodies(*A);
  ASSERT_EQ(1u, Shared.size()) << printed(*A);
  EXPECT_NE(SharedB[0]->getName().str(), Shared[0]->getName().str());
  bool Kept = false;
  for (Instruction &I : instructions(*Shared[0]))
    if (I.getOpcode() == Instruction::Add && I.getOperand(1) == i32(54321))
      Kept = true;
  EXPECT_TRUE(Kept) << printed(*Shared[0]);
  expectThunk(*A->getFunction("alpha"), *Shared[0], {i32(3)});
}

// Callees are sites: members calling different functions share a body
// that calls through its new pointer parameter.
TEST_F(CrossModuleTest, DifferentCalleeBecomesAPointerParameter) {
  auto Make = [](const std::string &Name, const std::string &Function,
                 const std::string &Callee) {
    return unit(Name, "declare i32 @" + Callee + "(i32)\n" +
                          fn("i32 @" + Function + "(i32 %a)",
                             body("3", "  %n = call i32 @" + Callee +
                                           "(i32 %v)\n")));
  };
  std::vector<Unit> Units = {Make("a.o", "alpha", "e1"),
                             Make("b.o", "beta", "e2"),
                             Make("c.o", "gamma", "e3")};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  EXPECT_EQ(BodySites + 1, Plan.Families[0].Sites);
  EXPECT_EQ(std::vector<unsigned>{BodySites}, Plan.Families[0].Parameters);

  Report Rep;
  std::unique_ptr<Module> M = apply(Units[1], Rep);
  ASSERT_TRUE(M);
  std::vector<Function *> Shared = sharedBodies(*M);
  ASSERT_EQ(1u, Shared.size());
  ASSERT_EQ(2u, Shared[0]->arg_size());
  Argument *Callee = Shared[0]->getArg(1);
  EXPECT_TRUE(Callee->getType()->isPointerTy());
  bool CallsIt = false;
  for (Instruction &I : instructions(*Shared[0]))
    if (auto *CB = dyn_cast<CallBase>(&I))
      CallsIt |= CB->getCalledOperand() == Callee;
  EXPECT_TRUE(CallsIt) << printed(*Shared[0]);
  expectThunk(*M->getFunction("beta"), *Shared[0], {M->getFunction("e2")});
}

// An inline function is one function of the link however many modules
// hold a copy: one member, with every module that defines it.
TEST_F(CrossModuleTest, CopiesOfOneFunctionAreOneMemberWithTheirModules) {
  // Called twice in each module and built at -Oz: not a copy the
  // backend's inliner would take into its callers.
  auto Copy = [](const std::string &User) {
    return fn("linkonce_odr i32 @inl(i32 %a) #0", body("3")) +
           fn("i32 @" + User + "(i32 %a) #0",
              "  %r = call i32 @inl(i32 %a)\n"
              "  %s = call i32 @inl(i32 %r)\n"
              "  ret i32 %s\n") +
           Oz;
  };
  std::vector<Unit> Units = {
      unit("a.o", Copy("ua")), unit("b.o", Copy("ub")),
      unit("c.o", fn("i32 @gamma(i32 %a) #0", body("9")) + Oz)};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  const Family &Fy = Plan.Families[0];
  ASSERT_EQ(2u, Fy.Members.size());
  EXPECT_EQ("inl", Fy.Members[0].Function);
  EXPECT_EQ((std::vector<std::string>{"a.o", "b.o"}), Fy.Members[0].Modules);
  EXPECT_EQ("gamma", Fy.Members[1].Function);

  // Both copies become thunks of one shared body (the linker keeps one of
  // each).
  std::string SharedName;
  for (size_t I = 0; I != 2; ++I) {
    SCOPED_TRACE(Units[I].Name);
    Report Rep;
    std::unique_ptr<Module> M = apply(Units[I], Rep);
    ASSERT_TRUE(M);
    std::vector<Function *> Shared = sharedBodies(*M);
    ASSERT_EQ(1u, Shared.size()) << printed(*M);
    if (I == 0)
      SharedName = Shared[0]->getName().str();
    EXPECT_EQ(SharedName, Shared[0]->getName().str());
    expectThunk(*M->getFunction("inl"), *Shared[0], {i32(3)});
  }
}

// The scan reads a module before ThinLTO promotes its locals; its backend
// may find a string literal another module's imported function reads made
// hidden and renamed (`.str.llvm.<hash>`). It still reads the same: the
// shared body must get the same name as in the modules where the literal
// stayed private.
TEST_F(CrossModuleTest, PromotedStringLiteralKeepsTheSharedBodysName) {
  auto Make = [](const std::string &Name, const std::string &Literal,
                   const std::string &Function, const std::string &Mul) {
    return unit(Name, "declare i32 @puts(ptr)\n@" + Literal +
                          " = private unnamed_addr constant [6 x i8] "
                          "c\"hello\\00\", align 1\n" +
                          fn("i32 @" + Function + "(i32 %a)",
                             body(Mul, "  %n = call i32 @puts(ptr @" +
                                           Literal + ")\n")));
  };
  std::vector<Unit> Units = {Make("a.o", ".str", "alpha", "3"),
                             Make("b.o", ".str", "beta", "5"),
                             Make("c.o", ".str", "gamma", "9")};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  ASSERT_EQ(std::vector<unsigned>{0}, Plan.Families[0].Parameters);

  Report RepB;
  std::unique_ptr<Module> B = apply(Units[1], RepB);
  ASSERT_TRUE(B);
  std::vector<Function *> SharedB = sharedBodies(*B);
  ASSERT_EQ(1u, SharedB.size());

  // Module a as its backend has it: the literal promoted.
  Unit Promoted = unit(
      "a.o", "declare i32 @puts(ptr)\n@.str.llvm.77 = hidden unnamed_addr "
             "constant [6 x i8] c\"hello\\00\", align 1\n" +
                 fn("i32 @alpha(i32 %a)",
                    body("3", "  %n = call i32 @puts(ptr @.str.llvm.77)\n")));
  Report Rep;
  std::unique_ptr<Module> A = apply(Promoted, Rep);
  ASSERT_TRUE(A);
  std::vector<Function *> Shared = sharedBodies(*A);
  ASSERT_EQ(1u, Shared.size()) << printed(*A);
  EXPECT_EQ(SharedB[0]->getName().str(), Shared[0]->getName().str());
}

// Called twice and built at -Oz (too large for the backend's inliner at
// minsize), the helper stays a member; its module rewrites its calls.
TEST_F(CrossModuleTest, LocalMemberOnlyCalledIsReplacedByItsCalls) {
  std::vector<Unit> Units = {
      unit("a.o", fn("internal i32 @helper(i32 %a) #0", body("3")) +
                      fn("i32 @user(i32 %a) #0",
                         "  %r = call i32 @helper(i32 %a)\n"
                         "  %s = call i32 @helper(i32 %r)\n"
                         "  ret i32 %s\n") +
                      Oz),
      unit("b.o", fn("i32 @beta(i32 %a) #0", body("5")) + Oz),
      unit("c.o", fn("i32 @gamma(i32 %a) #0", body("9")) + Oz)};
  ASSERT_TRUE(scan(Units)) << Error;
  const Family *Fy = familyOf(Plan, "helper");
  ASSERT_TRUE(Fy) << Plan.toJSON();
  EXPECT_EQ(3u, Fy->Members.size());
  EXPECT_EQ(std::vector<std::string>{"a.o"}, Fy->Members[0].Modules);

  Report Rep;
  std::unique_ptr<Module> M = apply(Units[0], Rep);
  ASSERT_TRUE(M);
  EXPECT_FALSE(M->getFunction("helper")) << printed(*M);
  std::vector<Function *> Shared = sharedBodies(*M);
  ASSERT_EQ(1u, Shared.size()) << printed(*M);
  Function *User = M->getFunction("user");
  ASSERT_TRUE(User);
  unsigned Calls = 0;
  for (Instruction &I : instructions(*User))
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      ++Calls;
      EXPECT_EQ(Shared[0], CB->getCalledOperand());
      ASSERT_EQ(2u, CB->arg_size());
      EXPECT_EQ(i32(3), CB->getArgOperand(1));
    }
  EXPECT_EQ(2u, Calls);
  ASSERT_EQ(1u, Rep.Merges.size());
  EXPECT_EQ("helper", Rep.Merges[0].Merged);
  EXPECT_EQ(Shared[0]->getName().str(), Rep.Merges[0].Kept);
  EXPECT_EQ(MergeKind::Replaced, Rep.Merges[0].Kind);
  EXPECT_EQ(2u, Rep.Merges[0].CallersRewritten);
  EXPECT_EQ(1u, Rep.Merges[0].ConstantParameters);
}

TEST_F(CrossModuleTest, TwoMembersInOneModuleShareOneBody) {
  std::vector<Unit> Units = {
      unit("a.o", fn("i32 @alpha(i32 %a)", body("3")) +
                      fn("i32 @beta(i32 %a)", body("5"))),
      unit("b.o", fn("i32 @gamma(i32 %a)", body("9")))};
  ASSERT_TRUE(scan(Units)) << Error;
  ASSERT_EQ(1u, Plan.Families.size()) << Plan.toJSON();
  ASSERT_EQ(3u, Plan.Families[0].Members.size());
  EXPECT_EQ(std::vector<std::string>{"a.o"},
            Plan.Families[0].Members[1].Modules);

  Report Rep;
  std::unique_ptr<Module> M = apply(Units[0], Rep);
  ASSERT_TRUE(M);
  std::vector<Function *> Shared = sharedBodies(*M);
  ASSERT_EQ(1u, Shared.size()) << printed(*M);
  expectThunk(*M->getFunction("alpha"), *Shared[0], {i32(3)});
  expectThunk(*M->getFunction("beta"), *Shared[0], {i32(5)});
  ASSERT_EQ(2u, Rep.Merges.size());
  EXPECT_EQ(Rep.Merges[0].Kept, Rep.Merges[1].Kept);

  Report Other;
  std::unique_ptr<Module> B = apply(Units[1], Other);
  ASSERT_TRUE(B);
  std::vector<Function *> SharedB = sharedBodies(*B);
  ASSERT_EQ(1u, SharedB.size());
  EXPECT_EQ(Shared[0]->getName().str(), SharedB[0]->getName().str());
}

TEST_F(CrossModuleTest, PlanRoundTripsThroughJSON) {
  CrossModulePlan Out;
  Family F1;
  F1.Template = "__coalesce.0123456789abcdef";
  F1.Sites = 7;
  F1.Parameters = {0, 3, 6};
  F1.Members = {{"alpha", {"a.o"}, 2.5}, {"_Z4inlv", {"b.o", "c.o"}, 0}};
  F1.Saved = 123;
  Family F2;
  F2.Template = "__coalesce.fedcba9876543210";
  F2.Sites = 2;
  F2.Members = {{"beta", {"d.o"}}, {"gamma", {"e \"quoted\".o"}}};
  F2.Saved = 40;
  Out.Families = {F1, F2};

  std::string Err;
  std::optional<CrossModulePlan> In =
      CrossModulePlan::fromJSON(Out.toJSON(), Err);
  ASSERT_TRUE(In) << Err;
  ASSERT_EQ(2u, In->Families.size());
  for (size_t I = 0; I != 2; ++I) {
    const Family &A = Out.Families[I], &B = In->Families[I];
    EXPECT_EQ(A.Template, B.Template);
    EXPECT_EQ(A.Sites, B.Sites);
    EXPECT_EQ(A.Parameters, B.Parameters);
    EXPECT_EQ(A.Saved, B.Saved);
    ASSERT_EQ(A.Members.size(), B.Members.size());
    for (size_t M = 0; M != A.Members.size(); ++M) {
      EXPECT_EQ(A.Members[M].Function, B.Members[M].Function);
      EXPECT_EQ(A.Members[M].Modules, B.Members[M].Modules);
      EXPECT_EQ(A.Members[M].RunTime, B.Members[M].RunTime);
    }
  }
  EXPECT_EQ(Out.toJSON(), In->toJSON());

  // A plan a scan made, too.
  ASSERT_TRUE(scan(threeMultipliers())) << Error;
  ASSERT_EQ(1u, Plan.Families.size());
  In = CrossModulePlan::fromJSON(Plan.toJSON(), Err);
  ASSERT_TRUE(In) << Err;
  EXPECT_EQ(Plan.toJSON(), In->toJSON());
}

TEST_F(CrossModuleTest, PlanFromJSONRejectsWhatIsNotAPlan) {
  auto Family = [](const std::string &Fields) {
    return "{\"coalesce-cross-module-plan\": 1, \"families\": [{" + Fields +
           "}]}";
  };
  const std::string Members =
      "\"members\": [{\"function\": \"f\", \"modules\": [\"a.o\"]}]";
  struct Case {
    const char *What;
    std::string Text;
  } Cases[] = {
      {"not JSON", "hello"},
      {"wrong version",
       "{\"coalesce-cross-module-plan\": 2, \"families\": []}"},
      {"no version", "{\"families\": []}"},
      {"no families", "{\"coalesce-cross-module-plan\": 1}"},
      {"no members",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [0]")},
      {"parameters descending",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [2, 1], " +
              Members)},
      {"parameters repeated",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [1, 1], " +
              Members)},
      {"parameter not below sites",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [0, 3], " +
              Members)},
      {"negative parameter",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [-1], " +
              Members)},
      {"member without modules",
       Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [0], "
              "\"members\": [{\"function\": \"f\"}]")},
  };
  for (const Case &K : Cases) {
    SCOPED_TRACE(K.What);
    std::string Err;
    EXPECT_FALSE(CrossModulePlan::fromJSON(K.Text, Err));
    EXPECT_FALSE(Err.empty());
  }
  // The same family with everything it needs is read.
  std::string Err;
  EXPECT_TRUE(CrossModulePlan::fromJSON(
      Family("\"template\": \"t\", \"sites\": 3, \"parameters\": [0, 2], " +
             Members),
      Err))
      << Err;
}

TEST_F(CrossModuleTest, PlanDoesNotDependOnThreads) {
  std::vector<Unit> Units = {
      unit("a.o", fn("i32 @alpha(i32 %a)", body("3")) +
                      fn("i32 @beta(i32 %a)", body("5")) +
                      fn("i32 @one(i32 %a)", body("3", "", "1", "7"))),
      unit("b.o", fn("i32 @gamma(i32 %a)", body("9")) +
                      fn("i32 @two(i32 %a)", body("4", "", "1", "7"))),
      unit("c.o", fn("internal i32 @helper(i32 %a)", body("11")) +
                      fn("i32 @user(i32 %a)",
                         "  %r = call i32 @helper(i32 %a)\n"
                         "  %s = call i32 @helper(i32 %r)\n"
                         "  ret i32 %s\n")),
      unit("d.o", fn("i32 @three(i32 %a)", body("8", "", "1", "7"))),
      unit("e.o", fn("i32 @delta(i32 %a)", body("13")))};
  ScanOptions O = options();
  O.Threads = 1;
  ASSERT_TRUE(scan(Units, O)) << Error;
  std::string One = Plan.toJSON();
  ASSERT_EQ(2u, Plan.Families.size()) << One;
  O.Threads = 4;
  for (int Round = 0; Round != 3; ++Round) {
    ASSERT_TRUE(scan(Units, O)) << Error;
    EXPECT_EQ(One, Plan.toJSON());
  }
}

TEST_F(CrossModuleTest, InputThatIsNotBitcodeIsAnError) {
  std::vector<Unit> Units = threeMultipliers();
  std::vector<ScanInput> Inputs;
  std::deque<std::string> Bytes;
  for (const Unit &U : Units) {
    LLVMContext Ctx;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(U.IR, Err, Ctx);
    ASSERT_TRUE(M);
    raw_string_ostream OS(Bytes.emplace_back());
    WriteBitcodeToFile(*M, OS);
    OS.flush();
    Inputs.push_back({U.Name, MemoryBufferRef(Bytes.back(), U.Name)});
  }
  static const char Hello[] = "hello";
  Inputs.insert(Inputs.begin() + 1,
                ScanInput{"broken.o",
                          MemoryBufferRef(StringRef(Hello), "broken.o")});
  std::string Err;
  EXPECT_FALSE(scanModules(Inputs, options(), Plan, Err));
  EXPECT_NE(std::string::npos, Err.find("broken.o")) << Err;

  // With every thread count, the same message.
  ScanOptions O = options();
  O.Threads = 4;
  std::string Err4;
  EXPECT_FALSE(scanModules(Inputs, O, Plan, Err4));
  EXPECT_EQ(Err, Err4);
}

} // namespace
