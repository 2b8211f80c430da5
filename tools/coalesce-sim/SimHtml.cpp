//===- tools/coalesce-sim/SimHtml.cpp - The similarity page ----------------===//
//
// One self-contained page (no external files): the groups of every module
// of the run sorted by estimated saving; for each, its regions side by side
// with the source lines (where debug info names a readable file) and the
// IR, the region's instructions highlighted among two lines of context,
// operands coloured by their number in the group's common numbering, and
// a table of the values that cross the region's border as each region
// names them. A small script builds the table of contents and highlights,
// on hover, one value in every region of its group. A badge marks the
// groups coalesce's outliner took, all regions or some (OutlineMark), and
// in the latter, each region it took. A last section shows each pair of
// functions coalesce's similar-function merger merged, side by side as it
// aligned them: code of one side only and matched instructions whose
// operands differ coloured.
//
//===----------------------------------------------------------------------===//

#include "tools/coalesce-sim/SimReport.h"

#include <algorithm>

using namespace llvm;

namespace coalesce {
namespace sim {

std::string escapeHtml(StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

static const char *const Style = R"(
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
header{background:#24324a;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;font-size:13px;color:#c9d3e6}
main{padding:16px 24px}
#toc{font-size:13px;columns:3;margin:0;padding-left:24px}
details{margin:0 0 16px;font-size:13px}
.group{background:#fff;border:1px solid #d6dae3;border-radius:6px;margin:0 0 18px;padding:10px 14px}
.group h2{font-size:15px;margin:0 0 4px}
.group .meta{font-size:12px;color:#566;margin-bottom:8px}
.saving{font-weight:600;color:#176b2c}.saving.neg{color:#9b2c2c}
.regions{display:flex;gap:12px;overflow-x:auto;padding-bottom:6px}
.region{flex:0 0 auto;min-width:360px;max-width:640px;border:1px solid #e1e4ea;border-radius:4px}
.where{font-size:12px;background:#eef1f6;padding:4px 8px;font-weight:600;word-break:break-all}
.where .loc{font-weight:400;color:#456}
pre{margin:0;padding:4px 8px;font-size:12px;line-height:1.45;overflow-x:auto}
pre.src{background:#fbfaf3;border-bottom:1px solid #eee}
.ln{color:#999;display:inline-block;min-width:3em}
.in{background:#fff4c2}
.ir .ctx{color:#9aa}
.ir .m{background:#e4f2ff;display:block}
.ir .lbl{color:#777}
.v{border-radius:3px;padding:0 1px}
.c0{background:#ffd6d6}.c1{background:#d6f5d6}.c2{background:#d6e4ff}
.c3{background:#fff0c2}.c4{background:#f0d6ff}.c5{background:#c9f2ef}
.c6{background:#ffe2c6}.c7{background:#e0e0e0}.c8{background:#e6f7c2}
.c9{background:#fcd6ec}.c10{background:#d0ecff}.c11{background:#efe3c8}
.v.hl{outline:2px solid #d22;background:#ffef5a}
table.map{border-collapse:collapse;font-size:12px;margin-top:8px}
table.map th,table.map td{border:1px solid #dde;padding:2px 6px;text-align:left;font-family:monospace}
table.map th{background:#f0f2f6;font-family:system-ui,sans-serif}
.note{font-size:12px;color:#666}
.badge{display:inline-block;font-size:11px;font-weight:600;border-radius:9px;padding:1px 8px;margin-left:8px;vertical-align:middle}
.badge.all{background:#1f7a3a;color:#fff}
.badge.some{background:#fff;color:#1f7a3a;border:1px solid #1f7a3a}
.where .badge{margin-left:6px;font-size:10px;padding:0 6px}
header a{color:#fff}
#similar-pairs>h2{font-size:17px;margin:24px 0 8px}
.pair{background:#fff;border:1px solid #d6dae3;border-radius:6px;margin:0 0 18px;padding:10px 14px}
.pair h3{font-size:15px;margin:0 0 4px;word-break:break-all}
.pair .meta{font-size:12px;color:#566;margin-bottom:8px}
table.side{border-collapse:collapse;width:100%;table-layout:fixed;font-size:12px}
table.side th{background:#eef1f6;text-align:left;padding:3px 8px;font-family:system-ui,sans-serif}
table.side td{font-family:monospace;padding:1px 8px;white-space:pre-wrap;word-break:break-all;vertical-align:top}
table.side td+td,table.side th+th{border-left:1px solid #d6dae3}
table.side tr.blk td{color:#777;padding-top:6px}
table.side tr.ctx td{color:#8a94a0}
table.side tr.only-l{background:#ffe1e1}
table.side tr.only-r{background:#dff3df}
table.side tr.differs{background:#fff1b8}
.key{display:inline-block;padding:0 6px;border-radius:3px}
.key.only-l{background:#ffe1e1}.key.only-r{background:#dff3df}.key.differs{background:#fff1b8}
)";

static const char *const Script = R"(
(function(){
  var groups = document.querySelectorAll('section.group');
  var toc = document.getElementById('toc');
  groups.forEach(function(g){
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = '#' + g.id;
    a.textContent = g.dataset.title + ' (' + g.dataset.saving + ' bytes' +
      (g.dataset.outlined === 'all' ? ', outlined' :
       g.dataset.outlined === 'some' ? ', partly outlined' : '') + ')';
    li.appendChild(a);
    toc.appendChild(li);
  });
  document.querySelectorAll('span.v').forEach(function(s){
    s.title = 'value ' + s.dataset.v + ' of the group';
    s.addEventListener('mouseenter', function(){
      var g = s.closest('section.group');
      g.querySelectorAll('span.v[data-v="' + s.dataset.v + '"]')
        .forEach(function(t){ t.classList.add('hl'); });
    });
    s.addEventListener('mouseleave', function(){
      document.querySelectorAll('span.v.hl')
        .forEach(function(t){ t.classList.remove('hl'); });
    });
  });
  document.body.dataset.rendered = String(groups.length);
})();
)";

namespace {
struct Entry {
  const ModuleReport *Mod;
  const GroupReport *Group;
  unsigned ModIndex;
};
} // namespace

/// MarkOutlined: the group is partly outlined, so its regions say which.
static void writeRegion(raw_ostream &OS, const RegionReport &R,
                        bool MarkOutlined) {
  OS << "<div class=\"region\"><div class=\"where\">"
     << escapeHtml(R.Function);
  OS << "<br><span class=\"loc\">instructions " << R.Start << "&ndash;"
     << R.End;
  if (!R.File.empty())
    OS << " &middot; " << escapeHtml(R.File) << ":" << R.Line
       << (R.EndLine != R.Line ? "&ndash;" + std::to_string(R.EndLine) : "");
  if (R.Blocks > 1)
    OS << " &middot; " << R.Blocks << " blocks";
  if (R.Overlaps)
    OS << " &middot; overlaps an earlier region";
  OS << "</span>";
  if (MarkOutlined && R.Outlined)
    OS << "<span class=\"badge all\" title=\"the outliner removed every "
          "instruction of this region\">outlined</span>";
  OS << "</div>\n";
  if (!R.Source.empty()) {
    OS << "<pre class=\"src\">";
    for (const SourceLine &L : R.Source)
      OS << "<span class=\"" << (L.InRegion ? "in" : "") << "\"><span class=\"ln\">"
         << L.Number << "</span>" << escapeHtml(L.Text) << "</span>\n";
    OS << "</pre>\n";
  }
  OS << "<pre class=\"ir\">";
  for (const IRLine &L : R.IR)
    OS << "<span class=\"" << (L.Matched ? "m" : "ctx") << "\">" << L.Html
       << "</span>" << (L.Matched ? "" : "\n");
  OS << "</pre></div>\n";
}

/// The row's classes: its kind, and the side it has alone or "differs".
static std::string rowClass(const SimilarRow &Row) {
  std::string C = Row.RowKind == SimilarRow::Block     ? "blk"
                  : Row.RowKind == SimilarRow::Context ? "ctx"
                                                       : "step";
  if (Row.L.empty() != Row.R.empty())
    C += Row.L.empty() ? " only-r" : " only-l";
  else if (Row.Differs)
    C += " differs";
  return C;
}

static void writePair(raw_ostream &OS, const SimilarPairReport &P,
                      const std::string &Id, const std::string &Prefix) {
  OS << "<div class=\"pair\" id=\"" << Id << "\" data-left=\""
     << escapeHtml(P.Left) << "\" data-right=\"" << escapeHtml(P.Right)
     << "\">\n<h3>" << escapeHtml(Prefix) << "L: " << escapeHtml(P.LeftShown)
     << " &amp; R: " << escapeHtml(P.RightShown) << " &rarr; "
     << escapeHtml(P.Merged) << "</h3>\n<div class=\"meta\">" << P.Matched
     << " matched steps (" << P.Differing << " with operands that differ), "
     << P.Unmatched << " unmatched &middot; estimated saving <span "
        "class=\"saving\">"
     << P.EstimatedBytes << " bytes</span>";
  if (!P.LeftKind.empty() || !P.RightKind.empty())
    OS << " &middot; " << escapeHtml(P.LeftShown) << ": "
       << (P.LeftKind.empty() ? "?" : P.LeftKind) << ", "
       << escapeHtml(P.RightShown) << ": "
       << (P.RightKind.empty() ? "?" : P.RightKind);
  // Long (template) names stay in the heading.
  auto Column = [](const char *Side, const std::string &Name) {
    return std::string(Side) + (Name.size() <= 60 ? ": " + escapeHtml(Name)
                                                  : std::string());
  };
  OS << "</div>\n<table class=\"side\"><tr><th>"
     << Column("L", P.LeftShown) << "</th><th>" << Column("R", P.RightShown)
     << "</th></tr>\n";
  for (const SimilarRow &Row : P.Rows) {
    OS << "<tr class=\"" << rowClass(Row) << "\"";
    if (!Row.Note.empty())
      OS << " title=\"" << escapeHtml(Row.Note) << "\"";
    OS << "><td>" << escapeHtml(Row.L) << "</td><td>" << escapeHtml(Row.R)
       << "</td></tr>\n";
  }
  if (P.RowsCut)
    OS << "<tr class=\"ctx\"><td colspan=\"2\">&hellip; " << P.RowsCut
       << " more rows &hellip;</td></tr>\n";
  OS << "</table></div>\n";
}

/// The pairs the similar-function merger merged, of every module.
static void writeSimilarPairs(raw_ostream &OS,
                              const std::vector<ModuleReport> &Mods) {
  OS << "<section id=\"similar-pairs\"><h2>Similar functions merged</h2>\n"
     << "<p class=\"note\">coalesce's similar-function merger, run alone "
        "with its default options and the module's size model (no hot code, "
        "no run-time budget) on a copy of the module, merged these pairs "
        "into one function each that takes a selector argument. Each pair "
        "is shown as the merger aligned it, block by block: "
        "<span class=\"key only-l\">code only L has</span>, "
        "<span class=\"key only-r\">code only R has</span>, "
        "<span class=\"key differs\">one instruction for both, an operand "
        "chosen by the selector</span>. Grey rows (phis, terminators) are "
        "context; the counts are of aligned steps.</p>\n";
  unsigned N = 0;
  for (unsigned M = 0; M < Mods.size(); ++M) {
    std::string Prefix = Mods.size() > 1 ? Mods[M].Name + ": " : "";
    for (unsigned K = 0; K < Mods[M].SimilarPairs.size(); ++K, ++N)
      writePair(OS, Mods[M].SimilarPairs[K],
                "m" + std::to_string(M) + "-s" + std::to_string(K + 1),
                Prefix);
  }
  if (!N)
    OS << "<p class=\"note\">None.</p>\n";
  OS << "</section>\n";
}

/// One group's section: its figures, its regions, and the table of the
/// values that cross their borders. With SeveralModules, its name says
/// its module's.
static void writeGroup(raw_ostream &OS, const Entry &E, bool SeveralModules) {
  const GroupReport &G = *E.Group;
  std::string Id = "m" + std::to_string(E.ModIndex) + "-g" +
                   std::to_string(G.Number);
  std::string Name = (SeveralModules ? E.Mod->Name + " " : std::string()) +
                     "group " + std::to_string(G.Number);
  unsigned Regions = G.Regions.size() + G.MoreRegions.size();
  OS << "<section class=\"group\" id=\"" << Id << "\" data-saving=\""
     << G.Saving << "\" data-title=\"" << escapeHtml(Name) << "\"";
  if (G.Outlined != OutlineMark::Unknown)
    OS << " data-outlined=\"" << outlineMarkName(G.Outlined) << "\"";
  OS << ">\n<h2>" << escapeHtml(Name) << ": " << Regions << " regions of "
     << G.Length << " instructions";
  if (G.Outlined == OutlineMark::All)
    OS << "<span class=\"badge all\">outlined</span>";
  else if (G.Outlined == OutlineMark::Some)
    OS << "<span class=\"badge some\">partly outlined: " << G.RegionsOutlined
       << " of " << Regions << " regions</span>";
  OS << "</h2>\n"
     << "<div class=\"meta\">estimated saving <span class=\"saving"
     << (G.Saving < 0 ? " neg" : "") << "\">" << G.Saving
     << " bytes</span> &middot; region ~" << G.RegionBytes << " bytes"
     << " &middot; " << G.Parameters << " parameters &middot; "
     << G.Outputs << " outputs";
  if (G.Exits)
    OS << " &middot; " << G.Exits << " exits";
  OS << "</div>\n<div class=\"regions\">\n";
  for (const RegionReport &R : G.Regions)
    writeRegion(OS, R, G.Outlined == OutlineMark::Some);
  OS << "</div>\n";
  if (!G.MoreRegions.empty()) {
    OS << "<p class=\"note\">and " << G.MoreRegions.size()
       << " more regions: ";
    for (unsigned K = 0; K < G.MoreRegions.size(); ++K)
      OS << (K ? ", " : "") << escapeHtml(G.MoreRegions[K]);
    OS << "</p>\n";
  }
  if (!G.Values.empty()) {
    OS << "<table class=\"map\"><tr><th>value</th><th>role</th>";
    for (unsigned R = 0; R < G.Regions.size(); ++R)
      OS << "<th>region " << (R + 1) << "</th>";
    OS << "</tr>\n";
    for (const MappedValue &V : G.Values) {
      OS << "<tr><td><span class=\"v c" << (V.Number % 12)
         << "\" data-v=\"" << V.Number << "\">v" << V.Number
         << "</span></td><td>" << V.Role << "</td>";
      for (const std::string &N : V.Names)
        OS << "<td>" << escapeHtml(N) << "</td>";
      OS << "</tr>\n";
    }
    OS << "</table>\n";
  }
  OS << "</section>\n";
}

void writeHtml(raw_ostream &OS, const std::vector<ModuleReport> &Mods,
               const std::string &Title) {
  std::vector<Entry> All;
  unsigned Total = 0, Outlined = 0, Partly = 0;
  bool Marked = false, SimilarRun = false;
  unsigned SimilarPairs = 0;
  for (unsigned M = 0; M < Mods.size(); ++M) {
    SimilarRun |= Mods[M].SimilarRun;
    SimilarPairs += Mods[M].SimilarPairs.size();
    Total += Mods[M].GroupsTotal;
    Outlined += Mods[M].GroupsOutlined;
    Partly += Mods[M].GroupsPartlyOutlined;
    Marked |= Mods[M].OutlineMarked;
    for (const GroupReport &G : Mods[M].Groups)
      All.push_back({&Mods[M], &G, M});
  }
  std::stable_sort(All.begin(), All.end(), [](const Entry &A, const Entry &B) {
    return A.Group->Saving > B.Group->Saving;
  });

  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
     << "<title>" << escapeHtml(Title) << "</title><style>" << Style
     << "</style></head>\n<body>\n<header><h1>" << escapeHtml(Title)
     << ": similar instruction sequences</h1><p>";
  for (unsigned M = 0; M < Mods.size(); ++M)
    OS << (M ? ", " : "") << escapeHtml(Mods[M].Name) << " ("
       << Mods[M].Instructions << " instructions, " << Mods[M].GroupsTotal
       << " groups)";
  OS << "<br>" << Total << " groups in all; " << All.size()
     << " shown, highest estimated saving first";
  if (Marked)
    OS << "; <span id=\"outlined\">" << Outlined << " groups outlined, "
       << Partly << " partly</span>";
  if (SimilarRun)
    OS << "; <a href=\"#similar-pairs\" id=\"similar\">" << SimilarPairs
       << " similar pairs merged</a>";
  OS << "</p></header>\n<main>\n"
     << "<p class=\"note\">Each group's regions perform the same operations "
        "on different values. Highlighted lines are the regions; operands "
        "of one colour and number correspond across the group (hover one "
        "to see its partners). The table lists the values that cross a "
        "region's border. Savings are estimates in bytes (docs/"
        "similarity.md).";
  if (Marked)
    OS << " <span class=\"badge all\">outlined</span>: coalesce's "
          "outliner, run with its default options on a copy of the module, "
          "removed every region of the group; <span class=\"badge "
          "some\">partly outlined</span>: some of them (its own analysis "
          "and size model decide, so its groups need not be these).";
  OS << "</p>\n<details><summary>All groups shown, by "
        "estimated saving</summary><ol id=\"toc\"></ol></details>\n";

  for (const Entry &E : All)
    writeGroup(OS, E, Mods.size() > 1);
  if (SimilarRun)
    writeSimilarPairs(OS, Mods);
  OS << "</main>\n<script>" << Script << "</script>\n</body></html>\n";
}

} // namespace sim
} // namespace coalesce
