// The API's answer as a test reads it: its body as JSON, also when the API
// sent it as text already written (a game's view).
#pragma once

#include "server/api.h"

namespace qi::test {

inline server::ApiResponse answer(server::ApiResponse r) {
  if (r.view.text) r.body = r.body_json();
  return r;
}

}  // namespace qi::test
