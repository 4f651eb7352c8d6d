// The end of a rated game written with the rating changes it brings
// (ratings.h), in one transaction of the store: a result never counts
// without its ratings, nor ratings without their result.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "app/ratings.h"
#include "app/session.h"
#include "app/storage/store.h"
#include "core/expected.h"

namespace qi::app {

class RatingWrites {
 public:
  explicit RatingWrites(Store& store);

  // Saves `write`, the end of the rated game `s`, with its rating changes
  // (none if the store has rated the game already, or it was aborted).
  // `handed_over` says whether the write went to the store: then the store's
  // answer is returned, and a failed commit is retried by the store with the
  // ratings in it. Not handed over: the ratings before the game could not be
  // read, nothing was written, and the caller tries again later.
  Status save_result(const Session& s, GameWrite write, std::int64_t now, bool& handed_over);

 private:
  // Each seat's change, from the ratings both had before the game.
  Expected<std::vector<RatingWrite>> changes(const Session& s, std::int64_t now);

  Store& store_;
  std::unique_ptr<RatingSystem> system_;
  // Held from reading players' ratings to committing their changes, so that
  // two games ending at once for one player both count.
  std::mutex mutex_;
};

}  // namespace qi::app
