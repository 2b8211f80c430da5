//===- test/unit/BitcodeOf.h - Bitcode of IR text, for the plugin's checks -===//
//
// Test-only: the GNU plugin's checks (SymbolTableCheck, BitcodeCountCheck)
// are tested on bitcode LLVM wrote, then damaged on purpose.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_TEST_UNIT_BITCODEOF_H
#define COALESCE_TEST_UNIT_BITCODEOF_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

/// The bitcode LLVM writes for the module in IR (with a symbol table when
/// the module has a data layout); empty, and a test failure, if IR does not
/// parse.
inline llvm::SmallVector<char, 0> bitcodeOf(const char *IR) {
  llvm::LLVMContext C;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(IR, Err, C);
  llvm::SmallVector<char, 0> Out;
  EXPECT_TRUE(M) << Err.getMessage().str();
  if (!M)
    return Out;
  llvm::raw_svector_ostream OS(Out);
  llvm::WriteBitcodeToFile(*M, OS);
  return Out;
}

#endif
