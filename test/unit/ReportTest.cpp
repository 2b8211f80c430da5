//===- test/unit/ReportTest.cpp - Reports written, read back, combined ----===//
//
// The JSON report read back is the report written (every field of every
// record), and the reports of a link's modules, written apart as the
// backends of a distributed ThinLTO link write them and combined, are the
// report an in-process link writes for the same modules.
//
//===----------------------------------------------------------------------===//

#include "core/report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace coalesce;

namespace {

std::string text(const Report &R) {
  return formatv("{0:2}", R.toJSON()).str();
}

/// A module's report with one record of every kind.
Report moduleReport(unsigned Seed) {
  Report R;
  R.FunctionsBefore = 10 + Seed;
  R.FunctionsAfter = 8 + Seed;
  R.BodiesAfter = 7 + Seed;
  R.SizeBasis = "size model, x86_64";
  R.Merges.push_back({"kept" + std::to_string(Seed), "gone", MergeKind::Thunk,
                      2, 40 + Seed, 1, "merge-constants"});
  OutlineRecord O;
  O.Function = "coalesce.outlined.0";
  O.Callers = {"f", "g"};
  O.Sites = 3;
  O.Instructions = 12;
  O.Parameters = 1;
  O.Outputs = 2;
  O.Exits = 2;
  O.EstimatedBytes = 25;
  O.Stage = "outline";
  R.Outlines.push_back(O);
  R.Missed.push_back({"v", "w", "varargs"});
  R.Shared.push_back({"helper", "__coalesce.00ff", 30});
  return R;
}

TEST(ReportTest, ReadBackIsTheReportWritten) {
  Report Link;
  Link.appendModule("b.o", moduleReport(2));
  Link.appendModule("a.o", moduleReport(1));
  std::string Written = text(Link);
  Expected<json::Value> V = json::parse(Written);
  ASSERT_TRUE(bool(V));
  std::string Error;
  std::optional<Report> Read = readReport(*V, Error);
  ASSERT_TRUE(Read) << Error;
  EXPECT_EQ(text(*Read), Written);
}

TEST(ReportTest, BackendsCombinedAreTheLinksReport) {
  // In process: the modules in the order of their names.
  Report InProcess;
  InProcess.appendModule("a.o", moduleReport(1));
  InProcess.appendModule("b.o", moduleReport(2));
  // Distributed: each backend's report alone, read back, in any order.
  std::vector<Report> Parts;
  for (auto [Name, Seed] : {std::pair{"b.o", 2u}, std::pair{"a.o", 1u}}) {
    Report One;
    One.appendModule(Name, moduleReport(Seed));
    std::string Error;
    std::optional<Report> Read =
        readReport(*json::parse(text(One)), Error);
    ASSERT_TRUE(Read) << Error;
    Parts.push_back(std::move(*Read));
  }
  std::string Error;
  std::optional<Report> Combined = combineModuleReports(Parts, Error);
  ASSERT_TRUE(Combined) << Error;
  EXPECT_EQ(text(*Combined), text(InProcess));
  // A module twice is an error.
  Parts.push_back(Parts.front());
  EXPECT_FALSE(combineModuleReports(Parts, Error));
  EXPECT_NE(Error.find("b.o"), std::string::npos);
}

TEST(ReportTest, NotAReport) {
  std::string Error;
  EXPECT_FALSE(readReport(*json::parse("{\"tool\": \"other\"}"), Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_FALSE(readReport(*json::parse("[1, 2]"), Error));
  EXPECT_FALSE(Error.empty());
}

} // namespace
