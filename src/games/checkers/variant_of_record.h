// Which draughts variant a record is of, when whoever reads it does not say.
//
// A GameType tag decides (game_type.h). Without one, the record itself
// tells: a square above 32 (in its moves or its FEN) needs the 10x10 board,
// so international draughts; squares named like c3 are written only by the
// 8x8 games with algebraic records, Russian and Brazilian; square numbers up
// to 32 fit every variant. Among the variants left, those whose rules the
// record's moves keep are the candidates: a record whose moves break one
// variant's rules is of another. Where several still fit, the first of
// English, Russian, Brazilian, international is taken (numbers on 8x8 are
// English records; Russian ones outnumber Brazilian ones, whatever their
// capture sign: Russian archives write ':' or 'x'), and the assumption is
// said in words so that the reader can name another.
#pragma once

#include <string>

#include "core/expected.h"
#include "core/record.h"

namespace qi::checkers {

struct RecordVariant {
  std::string variant;     // "russian"
  std::string assumption;  // empty when the record settles the variant; else what was assumed, and why
};

// The record's moves are its main line as RecordReader::read_movetext gives
// them (their ids not yet filled in). An error only for a GameType that names
// another game or contradicts itself.
Expected<RecordVariant> variant_of_record(const GameRecord& record);

}  // namespace qi::checkers
