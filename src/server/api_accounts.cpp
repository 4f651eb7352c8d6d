// Logins' cookies and the claim of a profile without a password (api.h).
#include <iostream>

#include "core/utf8.h"
#include "server/api.h"

namespace qi::server {

std::string login_cookie(const std::string& token, std::int64_t max_age_s, bool secure) {
  // HttpOnly: no script reads it; SameSite=Strict: no other site's page
  // sends it; Secure behind TLS: never sent in clear.
  return std::string(kLoginCookie) + "=" + token +
         "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age_s) +
         (secure ? "; Secure" : "");
}

ApiResponse Api::with_login(ApiResponse answer, std::int64_t player, const ApiRequest& request) {
  auto token = accounts_.log_in(player);
  if (!token) return error_response(503, token.error());
  answer.headers.emplace_back("Set-Cookie",
                              login_cookie(*token, accounts_.login_lifetime_ms() / 1000, request.secure));
  return answer;
}

ApiResponse Api::unclaimed(const app::Player& p) {
  return error_response(
      403,
      Error{p.name + "'s profile has no password yet, and this server keeps accounts: its owner gives it "
                     "one with its claim code (held by the page that made the profile, or given by the "
                     "server's operator: qi players claim-code)",
            "profile_unclaimed"});
}

ApiResponse Api::claim(const ApiRequest& request, const app::Player& p, const std::string& code,
                       const std::string& password) {
  auto claimed = accounts_.claim(p.id, code, password);
  if (!claimed) return error_response(503, claimed.error());
  // One answer for a code that is wrong, spent, expired or another
  // profile's.
  if (!*claimed)
    return error_response(
        403, Error{"that is not a claim code of " + p.name + " (or it was used)", "wrong_claim_code"});
  // The operator hears of every claim: a profile changing hands is worth a
  // line in the log.
  std::cerr << "qi: profile " << p.id << " (" << printable(p.name)
            << ") was given a password with a claim code"
            << (request.client.empty() ? std::string() : " from " + printable(request.client)) << std::endl;
  return with_login({200, {{"id", p.id}, {"name", p.name}, {"protected", true}}}, p.id, request);
}

}  // namespace qi::server
