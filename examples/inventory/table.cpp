// table.cpp - A plain-text table printer.

#include "table.h"

namespace inv {
namespace {

// "-1234" -> "-12.34"
std::string format_money(Cents cents) {
  char buf[32];
  Cents a = cents < 0 ? -cents : cents;
  std::snprintf(buf, sizeof buf, "%s%ld.%02ld", cents < 0 ? "-" : "", a / 100,
                a % 100);
  return buf;
}

void pad(size_t n) {
  for (size_t i = 0; i < n; ++i)
    std::putchar(' ');
}

} // namespace

__attribute__((weak)) int table_indent() { return 2; }

void Table::cell_money(Cents cents) { cells_.push_back(format_money(cents)); }

void Table::cell_percent(long num, long den) {
  char buf[32];
  long tenths = den ? (num * 1000 + den / 2) / den : 0;
  std::snprintf(buf, sizeof buf, "%ld.%ld%%", tenths / 10, tenths % 10);
  cells_.push_back(buf);
}

void Table::print() const {
  size_t ncols = cols_.size();
  Vec<size_t> width;
  for (const Column &c : cols_)
    width.push_back(std::strlen(c.header));
  for (size_t i = 0; i < cells_.size(); ++i)
    if (cells_[i].size() > width[i % ncols])
      width[i % ncols] = cells_[i].size();
  auto emit = [&](size_t c, const std::string &text) {
    if (c == 0)
      pad(size_t(table_indent()));
    if (cols_[c].align == Right)
      pad(width[c] - text.size());
    std::fputs(text.c_str(), stdout);
    if (c + 1 == ncols)
      std::putchar('\n');
    else if (cols_[c].align == Left)
      pad(width[c] - text.size() + 2);
    else
      pad(2);
  };
  std::printf("%s\n", title_);
  for (size_t c = 0; c < ncols; ++c)
    emit(c, cols_[c].header);
  for (size_t i = 0; i < cells_.size(); ++i)
    emit(i % ncols, cells_[i]);
}

} // namespace inv
