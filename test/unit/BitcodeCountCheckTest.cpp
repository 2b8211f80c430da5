//===- test/unit/BitcodeCountCheckTest.cpp - plugin/BitcodeCountCheck -----===//
//
// The GNU plugin checks the counts and indices LLVM's bitcode reader
// allocates by before LLVM reads a module. The gauntlet found it: one
// flipped bit turned the index of a function's own attribute group (~0U)
// into one just under 2^32, LLVM's reader asked for a 32 GiB array, and
// ld.mold (whose mimalloc grants it) was killed by the kernel's OOM killer
// (tools/fuzz/broken.py, mold seeds 1587, 2267, ...). Here such a bit is
// flipped in bitcode LLVM wrote; the other counts are written by hand with
// LLVM's bitstream writer.
//
//===----------------------------------------------------------------------===//

#include "plugin/BitcodeCountCheck.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/Support/raw_ostream.h"

#include "BitcodeOf.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace coalesce::gnu;

namespace {

std::string check(const SmallVectorImpl<char> &Bitcode) {
  // The finding as text, "" for none.
  return toString(verifyBitcodeCounts(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), "t.bc")));
}

/// Bitcode of a small module whose function has attributes of its own
/// (an attribute group with index ~0U) and on a parameter.
SmallVector<char, 0> writeBitcode() {
  return bitcodeOf(R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define i32 @f(i32 noundef %x) nounwind {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 %x
}
)");
}

/// The bit (from the start of Bitcode) where the index of the first
/// attribute group with index ~0U begins, or 0. The writer emits the
/// group records unabbreviated: code, operand count, group id, index, each
/// a VBR6, whose first chunk holds the value's lowest 5 bits.
uint64_t functionGroupIndexBit(const SmallVectorImpl<char> &Bitcode) {
  Expected<BitcodeFileContents> BFC = getBitcodeFileContents(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), "t.bc"));
  EXPECT_TRUE(bool(BFC));
  StringRef Mod = BFC->Mods[0].getBuffer();
  uint64_t Base = uint64_t(Mod.data() - Bitcode.data()) * 8;
  BitstreamCursor S(Mod);
  bool InModule = false;
  while (!S.AtEndOfStream()) {
    Expected<BitstreamEntry> E = S.advance();
    EXPECT_TRUE(bool(E));
    if (!E || E->Kind == BitstreamEntry::Error ||
        E->Kind == BitstreamEntry::EndBlock)
      return 0;
    if (E->Kind == BitstreamEntry::Record) {
      EXPECT_TRUE(bool(S.skipRecord(E->ID)));
      continue;
    }
    if (E->ID == bitc::MODULE_BLOCK_ID && !InModule) {
      EXPECT_FALSE(errorToBool(S.EnterSubBlock(E->ID)));
      InModule = true;
      continue;
    }
    if (E->ID != bitc::PARAMATTR_GROUP_BLOCK_ID) {
      EXPECT_FALSE(errorToBool(S.SkipBlock()));
      continue;
    }
    EXPECT_FALSE(errorToBool(S.EnterSubBlock(E->ID)));
    while (true) {
      Expected<BitstreamEntry> R = S.advance();
      if (!R || R->Kind != BitstreamEntry::Record ||
          R->ID != bitc::UNABBREV_RECORD)
        return 0;
      uint64_t Start = S.GetCurrentBitNo();
      for (int Field = 0; Field < 3; ++Field) // code, count, group id
        EXPECT_TRUE(bool(S.ReadVBR64(6)));
      uint64_t At = S.GetCurrentBitNo();
      Expected<uint64_t> Index = S.ReadVBR64(6);
      if (Index && *Index == 0xFFFFFFFFu)
        return Base + At;
      EXPECT_FALSE(errorToBool(S.JumpToBit(Start)));
      EXPECT_TRUE(bool(S.skipRecord(bitc::UNABBREV_RECORD)));
    }
  }
  return 0;
}

void flipBit(SmallVectorImpl<char> &Bitcode, uint64_t Bit) {
  Bitcode[Bit / 8] ^= char(1u << (Bit % 8));
}

/// A module block with the given blocks in it, written by hand.
SmallVector<char, 0>
handWritten(function_ref<void(BitstreamWriter &)> Blocks) {
  SmallVector<char, 0> Out;
  BitstreamWriter W(Out);
  for (unsigned Char : {'B', 'C'})
    W.Emit(Char, 8);
  for (unsigned Nibble : {0x0, 0xC, 0xE, 0xD})
    W.Emit(Nibble, 4);
  W.EnterSubblock(bitc::MODULE_BLOCK_ID, 3);
  W.EmitRecord(bitc::MODULE_CODE_VERSION, SmallVector<uint64_t, 1>{2});
  Blocks(W);
  W.ExitBlock();
  return Out;
}

TEST(BitcodeCountCheck, BitcodeLLVMWroteIsFine) {
  EXPECT_EQ(check(writeBitcode()), "");
}

TEST(BitcodeCountCheck, FunctionAttributeIndexOneBitOff) {
  SmallVector<char, 0> B = writeBitcode();
  uint64_t Bit = functionGroupIndexBit(B);
  ASSERT_NE(Bit, 0u);
  flipBit(B, Bit); // ~0U becomes ~0U - 1.
  std::string Why = check(B);
  EXPECT_EQ(Why.rfind("implausible count: an attribute group's index is "
                      "4294967294 (the module has ",
                      0),
            0u)
      << Why;
}

TEST(BitcodeCountCheck, AttributeIndices) {
  auto Group = [](uint64_t Index) {
    return handWritten([&](BitstreamWriter &W) {
      W.EnterSubblock(bitc::PARAMATTR_GROUP_BLOCK_ID, 3);
      // [grpid, idx, enum attribute: 0, kind]
      W.EmitRecord(bitc::PARAMATTR_GRP_CODE_ENTRY,
                   SmallVector<uint64_t, 4>{1, Index, 0,
                                            bitc::ATTR_KIND_NO_UNWIND});
      W.ExitBlock();
    });
  };
  EXPECT_EQ(check(Group(~0u)), "");         // The function's own.
  EXPECT_EQ(check(Group(0x1FFFFFFFFull)), ""); // Read as 32 bits: ~0U.
  EXPECT_EQ(check(Group(2)), "");
  EXPECT_NE(check(Group(0xFFFFFFFEu)), "");
  EXPECT_NE(check(Group(1u << 20)), "");
  SmallVector<char, 0> Old = handWritten([](BitstreamWriter &W) {
    W.EnterSubblock(bitc::PARAMATTR_BLOCK_ID, 3);
    // [paramidx, attrs]...
    W.EmitRecord(bitc::PARAMATTR_CODE_ENTRY_OLD,
                 SmallVector<uint64_t, 4>{0, 1, 1u << 30, 1});
    W.ExitBlock();
  });
  EXPECT_EQ(check(Old), "implausible count: an attribute group's index is "
                        "1073741824 (the module has " +
                            std::to_string(Old.size() - 4) + " bytes)");
}

TEST(BitcodeCountCheck, TypeTableEntries) {
  auto Types = [](uint64_t N) {
    return handWritten([&](BitstreamWriter &W) {
      W.EnterSubblock(bitc::TYPE_BLOCK_ID_NEW, 4);
      W.EmitRecord(bitc::TYPE_CODE_NUMENTRY, SmallVector<uint64_t, 1>{N});
      W.ExitBlock();
    });
  };
  EXPECT_EQ(check(Types(3)), "");
  std::string Why = check(Types(1ull << 33));
  EXPECT_EQ(Why.rfind("implausible count: the type table claims 8589934592 "
                      "types",
                      0),
            0u)
      << Why;
}

TEST(BitcodeCountCheck, BasicBlocks) {
  auto Blocks = [](uint64_t N) {
    return handWritten([&](BitstreamWriter &W) {
      W.EnterSubblock(bitc::FUNCTION_BLOCK_ID, 4);
      W.EmitRecord(bitc::FUNC_CODE_DECLAREBLOCKS, SmallVector<uint64_t, 1>{N});
      W.EmitRecord(bitc::FUNC_CODE_INST_RET, SmallVector<uint64_t, 1>{});
      W.ExitBlock();
    });
  };
  EXPECT_EQ(check(Blocks(2)), "");
  std::string Why = check(Blocks(1u << 30));
  EXPECT_EQ(Why.rfind("implausible count: a function claims 1073741824 basic "
                      "blocks in ",
                      0),
            0u)
      << Why;
}

TEST(BitcodeCountCheck, UnreadableIsLLVMsToReport) {
  SmallVector<char, 0> B = writeBitcode();
  B.resize(B.size() / 2 & ~size_t(3));
  EXPECT_EQ(check(B), "");
}

} // namespace
