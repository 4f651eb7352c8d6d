// qi serve: the web app on this machine (see server/http_server.h).
#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "server/http_server.h"

namespace qi::cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void request_stop(int) { g_stop = true; }

}  // namespace

void add_serve_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<server::ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "Serve the web app: play in a browser");
  cmd->add_option("--host", options->host,
                  "Address to listen on (127.0.0.1: this machine only; any other needs --accounts)")
      ->capture_default_str();
  cmd->add_option("--port", options->port, "Port to listen on")
      ->capture_default_str()
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--db", options->database,
                  "SQLite database file (default: the user's data directory), or a PostgreSQL database, "
                  "postgresql://user@host:port/db or postgresql:///db?host=/socket/dir, which several "
                  "servers may share");
  cmd->add_option("--web-root", options->web_root,
                  "Directory of the built front end (default: web next to qi)");
  static const std::map<std::string, app::Durability> kDurability = {
      {"process", app::Durability::ProcessCrash}, {"power", app::Durability::PowerLoss}};
  cmd->add_option("--durable", options->durability,
                  "What an acknowledged move survives: 'process' (a killed server; the default) or 'power' "
                  "(a power cut too: a disk sync per commit)")
      ->transform(CLI::CheckedTransformer(kDurability, CLI::ignore_case));
  cmd->add_flag("--accounts", options->accounts,
                "Every profile has a password and rated seats need their owner's session (required to "
                "listen beyond this machine)");
  cmd->add_option("--allowed-host", options->allowed_hosts,
                  "Another name the server answers to, NAME or NAME:PORT (repeatable; e.g. the name a proxy "
                  "in front of it is reached at)");
  cmd->add_option("--trusted-proxy", options->trusted_proxies,
                  "The address of a reverse proxy in front of the server (repeatable): the client is the one "
                  "its X-Forwarded-For or Forwarded header names (needs --accounts)");
  cmd->add_flag(
      "--secure-cookies", options->secure_cookies,
      "People reach the server over HTTPS only (through a proxy in front of it): the login cookie "
      "is sent with Secure (a --trusted-proxy's X-Forwarded-Proto: https does the same per request)");
  // Bounds for the tests (see ServerLimits); not for everyday use.
  server::ServerLimits& limits = options->limits;
  cmd->add_option("--request-timeout-ms", limits.request_timeout_ms)->group("")->check(CLI::PositiveNumber);
  cmd->add_option("--idle-timeout-ms", limits.idle_timeout_ms)->group("")->check(CLI::PositiveNumber);
  cmd->add_option("--write-timeout-ms", limits.write_timeout_ms)->group("")->check(CLI::PositiveNumber);
  cmd->add_option("--max-connections-per-client", limits.max_connections_per_client)
      ->group("")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-streams-per-client", limits.max_streams_per_client)
      ->group("")
      ->check(CLI::PositiveNumber);
  cmd->callback([options, &exit_code] {
    if (!server::is_loopback_host(options->host) && !options->accounts) {
      exit_code = report_error("--host " + options->host +
                               " makes the server reachable from the network: add --accounts, so that "
                               "every profile has a password (or listen on 127.0.0.1)");
      return;
    }
    if (!options->trusted_proxies.empty() && !options->accounts) {
      exit_code = report_error(
          "--trusted-proxy: a server behind a proxy is reachable from the network: add --accounts, so that "
          "every profile has a password");
      return;
    }
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    const bool networked = !server::is_loopback_host(options->host);
    Status st = server::serve(*options, g_stop, [networked](const std::string& address) {
      std::cout << "Qi is serving on " << address << std::endl;
      if (networked)
        std::cout << "warning: the server is reachable from the network (accounts with passwords are on)"
                  << std::endl;
    });
    if (!st) exit_code = report_error(st.error().message);
  });
}

}  // namespace qi::cli
