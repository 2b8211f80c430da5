//===- test/unit/OptionTableTest.cpp - The table of options ----------------===//
//
// The option table (plugin/OptionTable.def) against what is made from it:
// the defaults are Config's, a word sets its field, bad words are errors
// naming them, and the user guide's table is the table's (run with
// COALESCE_UPDATE_DOCS=1 to write it).
//
//===----------------------------------------------------------------------===//

#include "plugin/OptionTable.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <set>

using namespace llvm;
using namespace coalesce;

namespace {

TEST(OptionTableTest, NamesAreUniqueAndPrefixed) {
  std::set<std::string> Names, Params;
  for (const OptionInfo &O : optionTable()) {
    EXPECT_TRUE(O.Name.starts_with("coalesce-")) << O.Name.str();
    EXPECT_TRUE(Names.insert(O.Name.str()).second) << O.Name.str();
    if (!O.Param.empty()) {
      EXPECT_TRUE(Params.insert(O.Param.str()).second) << O.Param.str();
    }
    EXPECT_EQ(O.Kind == OptionKind::Flag, O.Value.empty()) << O.Name.str();
    EXPECT_FALSE(O.Help.empty());
    EXPECT_FALSE(O.Guide.empty());
  }
}

TEST(OptionTableTest, DefaultsAreConfigs) {
  HostOptions D;
  EXPECT_EQ(optionValue(D, *findOption("coalesce-similar-rounds")), "16");
  EXPECT_EQ(optionValue(D, *findOption("coalesce-runtime-budget")), "5");
  EXPECT_EQ(optionValue(D, *findOption("coalesce-similar-min-similarity")),
            "50");
  EXPECT_EQ(optionValue(D, *findOption("coalesce-outline")), "true");
  EXPECT_EQ(optionValue(D, *findOption("coalesce-report")), "");
  EXPECT_EQ(std::to_string(D.Core.SimilarRounds),
            optionValue(D, *findOption("coalesce-similar-rounds")));
}

TEST(OptionTableTest, WordsSetTheirFields) {
  HostOptions H;
  for (const char *W :
       {"-coalesce-max-constant-parameters=2", "--coalesce-runtime-budget=0",
        "-coalesce-hot-share=0", "coalesce-outline=false",
        "-coalesce-similar-min-similarity=150", "-coalesce-merge-similar",
        "-coalesce-report=r.json"})
    EXPECT_FALSE(errorToBool(setOptionWord(H, W))) << W;
  EXPECT_EQ(H.Core.Constants.MaxParameters, 2u);
  EXPECT_EQ(H.Core.Similar.MaxParameters, 2u); // One option, both stages.
  EXPECT_EQ(H.Core.RunTimeBudgetPerMille, 0u);
  EXPECT_EQ(H.Core.Hotness.HotSharePerMille, 0u);
  EXPECT_FALSE(H.Core.Outline);
  EXPECT_DOUBLE_EQ(H.Core.Similar.MinSimilarity, 1.0); // At most 100%.
  EXPECT_TRUE(H.Core.MergeSimilar);
  EXPECT_EQ(H.ReportPath, "r.json");
  ScanOptions S = scanOptionsFrom(H);
  EXPECT_EQ(S.Constants.MaxParameters, 2u);
  EXPECT_EQ(S.RunTimeBudgetPerMille, 0u);
  EXPECT_EQ(S.Hotness.HotSharePerMille, 0u);
  EXPECT_TRUE(S.Hotness.CalledFromOtherModules);
}

TEST(OptionTableTest, BadWordsAreErrorsNamingThem) {
  HostOptions H;
  auto Message = [&](const char *W) {
    return toString(setOptionWord(H, W));
  };
  EXPECT_NE(Message("-coalesce-outlin").find("unknown option "
                                             "'-coalesce-outlin' (known: "),
            std::string::npos);
  EXPECT_NE(Message("-coalesce-outline=maybe").find("true or false"),
            std::string::npos);
  EXPECT_NE(Message("-coalesce-runtime-budget").find("needs a number"),
            std::string::npos);
  EXPECT_NE(Message("-coalesce-report=").find("needs a value"),
            std::string::npos);
  EXPECT_NE(Message("-inline-threshold=5").find("not a coalesce option"),
            std::string::npos);
  EXPECT_EQ(H.Core.RunTimeBudgetPerMille, HostOptions().Core.RunTimeBudgetPerMille);
}

TEST(OptionTableTest, WordsSplitAtWhiteSpace) {
  std::vector<std::string> W =
      splitOptionWords("  -coalesce-verify\t-coalesce-report=a.json \n");
  ASSERT_EQ(W.size(), 2u);
  EXPECT_EQ(W[0], "-coalesce-verify");
  EXPECT_EQ(W[1], "-coalesce-report=a.json");
}

TEST(OptionTableTest, UserGuideTableIsTheTable) {
  std::string Path = COALESCE_SOURCE_DIR "/docs/user-guide.md";
  ErrorOr<std::unique_ptr<MemoryBuffer>> Guide = MemoryBuffer::getFile(Path);
  ASSERT_TRUE(bool(Guide)) << Path;
  // A copy: the file may be written below, and the buffer maps it.
  std::string Copy = (*Guide)->getBuffer().str();
  Guide->reset();
  StringRef Text = Copy;
  StringRef Begin = "<!-- option-table:", End = "<!-- end of option-table -->";
  size_t B = Text.find(Begin), E = Text.find(End);
  ASSERT_NE(B, StringRef::npos);
  ASSERT_NE(E, StringRef::npos);
  B = Text.find('\n', B) + 1;
  std::string Want = optionGuideTable();
  if (Text.slice(B, E) == Want)
    return;
  if (std::getenv("COALESCE_UPDATE_DOCS")) {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC) << EC.message();
    OS << Text.take_front(B) << Want << Text.drop_front(E);
    return;
  }
  ADD_FAILURE() << "docs/user-guide.md's table of options is not "
                   "plugin/OptionTable.def's (COALESCE_UPDATE_DOCS=1 "
                   "writes it); the table:\n"
                << Want;
}

} // namespace
