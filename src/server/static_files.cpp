#include "server/static_files.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "server/http_server.h"

namespace qi::server {
namespace fs = std::filesystem;

std::string content_type_of(const std::string& file) {
  static const std::map<std::string, std::string> types = {{".html", "text/html; charset=utf-8"},
                                                           {".js", "text/javascript; charset=utf-8"},
                                                           {".css", "text/css; charset=utf-8"},
                                                           {".svg", "image/svg+xml"},
                                                           {".png", "image/png"},
                                                           {".json", "application/json"},
                                                           {".ico", "image/x-icon"},
                                                           {".woff2", "font/woff2"},
                                                           {".txt", "text/plain; charset=utf-8"},
                                                           {".webmanifest", "application/manifest+json"}};
  auto it = types.find(fs::path(file).extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

std::optional<std::string> read_whole_file(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream data;
  data << in.rdbuf();
  return std::move(data).str();
}

std::string cache_control_for(const std::string& url_path) {
  return url_path.rfind("/assets/", 0) == 0 ? "public, max-age=31536000, immutable" : "no-cache";
}

Expected<std::string> resolve_static_path(const std::string& root, const std::string& url_path) {
  if (url_path.empty() || url_path[0] != '/') return make_error("a path starts with /");
  if (url_path.find('\0') != std::string::npos || url_path.find('\\') != std::string::npos)
    return make_error("bad character in path");
  std::string rel = url_path.substr(1);
  std::stringstream parts(rel);
  std::string part;
  while (std::getline(parts, part, '/'))
    if (part == ".." || (!part.empty() && part[0] == '.')) return make_error("the path leaves the web root");
  std::error_code ec;
  fs::path base = fs::weakly_canonical(root, ec);
  if (ec) return make_error("no web root");
  fs::path file = rel.empty() ? base / "index.html" : fs::weakly_canonical(base / rel, ec);
  if (ec) return make_error("not found");
  std::string b = base.string(), f = file.string();
  if (f.compare(0, b.size(), b) != 0 || (f.size() > b.size() && f[b.size()] != '/'))
    return make_error("the path leaves the web root");
  if (fs::is_regular_file(file, ec)) return f;
  if (fs::path(rel).extension().empty() && fs::is_regular_file(base / "index.html", ec))
    return (base / "index.html").string();
  return make_error("not found");
}

}  // namespace qi::server
