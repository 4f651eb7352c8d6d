#include "competition/swiss/weighted_matching.h"

#include <algorithm>
#include <deque>

namespace qi::competition::swiss {
namespace {

// Vertices are 1..n; blossoms n+1..2n; 0 is "none". Each top-level vertex or
// blossom x carries a dual label; the weights are doubled so that every
// quantity the algorithm halves stays whole.
template <typename Weight>
class BlossomMatcher {
 public:
  // The largest Weight (std::numeric_limits knows no __int128 in strict C++).
  static constexpr Weight kNoBound = ~Weight{0} ^ (Weight{1} << (sizeof(Weight) * 8 - 1));

  explicit BlossomMatcher(const std::vector<std::vector<Weight>>& weight)
      : n_(static_cast<int>(weight.size())),
        size_(2 * n_ + 1),
        edge_(static_cast<std::size_t>(size_) * size_),
        lab_(size_, 0),
        match_(size_, 0),
        slack_(size_, 0),
        st_(size_, 0),
        pa_(size_, 0),
        label_(size_, -1),
        visited_(size_, 0),
        flower_from_(static_cast<std::size_t>(size_) * (n_ + 1), 0),
        flower_(size_) {
    for (int u = 1; u <= n_; ++u)
      for (int v = 1; v <= n_; ++v) at(u, v) = Edge{u, v, u == v ? 0 : weight[u - 1][v - 1]};
  }

  std::vector<int> solve() {
    blossoms_ = n_;
    Weight max_weight = 0;
    for (int u = 0; u <= n_; ++u) st_[u] = u;
    for (int u = 1; u <= n_; ++u) {
      from(u, u) = u;
      for (int v = 1; v <= n_; ++v) max_weight = std::max(max_weight, at(u, v).w);
    }
    for (int u = 1; u <= n_; ++u) lab_[u] = max_weight;
    while (augment_once()) {
    }
    std::vector<int> partner(n_, -1);
    for (int u = 1; u <= n_; ++u)
      if (match_[u]) partner[u - 1] = match_[u] - 1;
    return partner;
  }

 private:
  struct Edge {
    int u = 0, v = 0;
    Weight w = 0;
  };

  Edge& at(int u, int v) { return edge_[static_cast<std::size_t>(u) * size_ + v]; }
  int& from(int b, int x) { return flower_from_[static_cast<std::size_t>(b) * (n_ + 1) + x]; }

  // The slack of an edge: zero when it is tight.
  Weight delta(const Edge& e) const { return lab_[e.u] + lab_[e.v] - e.w * 2; }

  void update_slack(int u, int x) {
    if (!slack_[x] || delta(at(u, x)) < delta(at(slack_[x], x))) slack_[x] = u;
  }

  void set_slack(int x) {
    slack_[x] = 0;
    for (int u = 1; u <= n_; ++u)
      if (at(u, x).w > 0 && st_[u] != x && label_[st_[u]] == 0) update_slack(u, x);
  }

  void push(int x) {
    if (x <= n_) {
      queue_.push_back(x);
      return;
    }
    for (int sub : flower_[x]) push(sub);
  }

  void set_top(int x, int b) {
    st_[x] = b;
    if (x > n_)
      for (int sub : flower_[x]) set_top(sub, b);
  }

  // The position of sub-blossom xr in b's cycle, turning the cycle so that
  // the path from the base to xr has even length.
  int even_position(int b, int xr) {
    std::vector<int>& f = flower_[b];
    int pr = static_cast<int>(std::find(f.begin(), f.end(), xr) - f.begin());
    if (pr % 2 == 1) {
      std::reverse(f.begin() + 1, f.end());
      return static_cast<int>(f.size()) - pr;
    }
    return pr;
  }

  void set_match(int u, int v) {
    match_[u] = at(u, v).v;
    if (u <= n_) return;
    Edge e = at(u, v);
    int xr = from(u, e.u);
    int pr = even_position(u, xr);
    for (int i = 0; i < pr; ++i) set_match(flower_[u][i], flower_[u][i ^ 1]);
    set_match(xr, v);
    std::rotate(flower_[u].begin(), flower_[u].begin() + pr, flower_[u].end());
  }

  void augment(int u, int v) {
    for (;;) {
      int xnv = st_[match_[u]];
      set_match(u, v);
      if (!xnv) return;
      set_match(xnv, st_[pa_[xnv]]);
      u = st_[pa_[xnv]];
      v = xnv;
    }
  }

  int lowest_common_ancestor(int u, int v) {
    for (++stamp_; u || v; std::swap(u, v)) {
      if (u == 0) continue;
      if (visited_[u] == stamp_) return u;
      visited_[u] = stamp_;
      u = st_[match_[u]];
      if (u) u = st_[pa_[u]];
    }
    return 0;
  }

  void add_blossom(int u, int lca, int v) {
    int b = n_ + 1;
    while (b <= blossoms_ && st_[b]) ++b;
    if (b > blossoms_) ++blossoms_;
    lab_[b] = 0;
    label_[b] = 0;
    match_[b] = match_[lca];
    flower_[b].clear();
    flower_[b].push_back(lca);
    for (int x = u, y; x != lca; x = st_[pa_[y]]) {
      flower_[b].push_back(x);
      flower_[b].push_back(y = st_[match_[x]]);
      push(y);
    }
    std::reverse(flower_[b].begin() + 1, flower_[b].end());
    for (int x = v, y; x != lca; x = st_[pa_[y]]) {
      flower_[b].push_back(x);
      flower_[b].push_back(y = st_[match_[x]]);
      push(y);
    }
    set_top(b, b);
    for (int x = 1; x <= blossoms_; ++x) at(b, x).w = at(x, b).w = 0;
    for (int x = 1; x <= n_; ++x) from(b, x) = 0;
    for (int xs : flower_[b]) {
      for (int x = 1; x <= blossoms_; ++x)
        if (at(b, x).w == 0 || delta(at(xs, x)) < delta(at(b, x))) {
          at(b, x) = at(xs, x);
          at(x, b) = at(x, xs);
        }
      for (int x = 1; x <= n_; ++x)
        if (from(xs, x)) from(b, x) = xs;
    }
    set_slack(b);
  }

  void expand_blossom(int b) {
    for (int sub : flower_[b]) set_top(sub, sub);
    int xr = from(b, at(b, pa_[b]).u);
    int pr = even_position(b, xr);
    for (int i = 0; i < pr; i += 2) {
      int xs = flower_[b][i];
      int xns = flower_[b][i + 1];
      pa_[xs] = at(xns, xs).u;
      label_[xs] = 1;
      label_[xns] = 0;
      slack_[xs] = 0;
      set_slack(xns);
      push(xns);
    }
    label_[xr] = 1;
    pa_[xr] = pa_[b];
    for (std::size_t i = static_cast<std::size_t>(pr) + 1; i < flower_[b].size(); ++i) {
      int xs = flower_[b][i];
      label_[xs] = -1;
      set_slack(xs);
    }
    st_[b] = 0;
  }

  // A tight edge from an outer vertex: grows the tree, augments, or makes a blossom.
  bool on_tight_edge(const Edge& e) {
    int u = st_[e.u], v = st_[e.v];
    if (label_[v] == -1) {
      pa_[v] = e.u;
      label_[v] = 1;
      int nu = st_[match_[v]];
      slack_[v] = slack_[nu] = 0;
      label_[nu] = 0;
      push(nu);
    } else if (label_[v] == 0) {
      int lca = lowest_common_ancestor(u, v);
      if (!lca) {
        augment(u, v);
        augment(v, u);
        return true;
      }
      add_blossom(u, lca, v);
    }
    return false;
  }

  // One augmenting path, adjusting the duals until one is tight; false when
  // no augmentation raises the weight.
  bool augment_once() {
    std::fill(label_.begin(), label_.end(), -1);
    std::fill(slack_.begin(), slack_.end(), 0);
    queue_.clear();
    for (int x = 1; x <= blossoms_; ++x)
      if (st_[x] == x && !match_[x]) {
        pa_[x] = 0;
        label_[x] = 0;
        push(x);
      }
    if (queue_.empty()) return false;
    for (;;) {
      while (!queue_.empty()) {
        int u = queue_.front();
        queue_.pop_front();
        if (label_[st_[u]] == 1) continue;
        for (int v = 1; v <= n_; ++v)
          if (at(u, v).w > 0 && st_[u] != st_[v]) {
            if (delta(at(u, v)) == 0) {
              if (on_tight_edge(at(u, v))) return true;
            } else {
              update_slack(u, st_[v]);
            }
          }
      }
      Weight d = kNoBound;
      for (int b = n_ + 1; b <= blossoms_; ++b)
        if (st_[b] == b && label_[b] == 1) d = std::min(d, lab_[b] / 2);
      for (int x = 1; x <= blossoms_; ++x)
        if (st_[x] == x && slack_[x]) {
          if (label_[x] == -1)
            d = std::min(d, delta(at(slack_[x], x)));
          else if (label_[x] == 0)
            d = std::min(d, delta(at(slack_[x], x)) / 2);
        }
      // No step keeps every outer vertex's label positive: the matching is
      // maximum. Checked before any label moves, since d may still be the
      // "no bound" value, which no label can take.
      for (int u = 1; u <= n_; ++u)
        if (label_[st_[u]] == 0 && lab_[u] <= d) return false;
      for (int u = 1; u <= n_; ++u) {
        if (label_[st_[u]] == 0)
          lab_[u] -= d;
        else if (label_[st_[u]] == 1)
          lab_[u] += d;
      }
      for (int b = n_ + 1; b <= blossoms_; ++b)
        if (st_[b] == b) {
          if (label_[b] == 0)
            lab_[b] += d * 2;
          else if (label_[b] == 1)
            lab_[b] -= d * 2;
        }
      queue_.clear();
      for (int x = 1; x <= blossoms_; ++x)
        if (st_[x] == x && slack_[x] && st_[slack_[x]] != x && delta(at(slack_[x], x)) == 0)
          if (on_tight_edge(at(slack_[x], x))) return true;
      for (int b = n_ + 1; b <= blossoms_; ++b)
        if (st_[b] == b && label_[b] == 1 && lab_[b] == 0) expand_blossom(b);
    }
  }

  int n_;
  int size_;
  int blossoms_ = 0;
  int stamp_ = 0;
  std::vector<Edge> edge_;
  std::vector<Weight> lab_;
  std::vector<int> match_, slack_, st_, pa_, label_, visited_;
  std::vector<int> flower_from_;
  std::vector<std::vector<int>> flower_;
  std::deque<int> queue_;
};

}  // namespace

std::vector<int> maximum_weighted_matching(const std::vector<std::vector<std::int64_t>>& weight) {
  if (weight.empty()) return {};
  return BlossomMatcher<std::int64_t>(weight).solve();
}

std::vector<int> maximum_weighted_matching(const std::vector<std::vector<WideWeight>>& weight) {
  if (weight.empty()) return {};
  return BlossomMatcher<WideWeight>(weight).solve();
}

}  // namespace qi::competition::swiss
