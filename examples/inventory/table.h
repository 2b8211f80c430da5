// table.h - A plain-text table printer.
#pragma once

#include "common.h"

#include <string>

namespace inv {

class Table {
public:
  enum Align { Left, Right };

  explicit Table(const char *title) : title_(title) {}
  void column(const char *header, Align align) { cols_.push_back({header, align}); }
  // Cells fill the current row left to right; a full row starts the next.
  void cell(const char *text) { cells_.push_back(text); }
  void cell(long value) { cells_.push_back(std::to_string(value)); }
  void cell_money(Cents cents);
  void cell_percent(long num, long den);
  void print() const;

private:
  struct Column {
    const char *header;
    Align align;
  };
  const char *title_;
  Vec<Column> cols_;
  Vec<std::string> cells_;
};

// Left margin of every table; weak, so that a front end can change it.
int table_indent();

} // namespace inv
