// "collective-below-peak": a collective on 2 or more GPUs (cases
// "<suite>/<op>/<in_place|out_of_place>/gpus:<n>/bytes:<size>" with the
// counter busbw in GB/s, nccl-tests' bus bandwidth) whose busbw at its
// largest measured size (at least 64 MiB: small messages are latency-bound
// by nature) is under 60% of the peer bandwidth this run measured
// (cudaMemcpyPeer cases: a path segment holding "peer" or "p2p", counter
// GB/s or algbw; the copy of the same size where there is one, else the
// fastest).  Without a measured peer bandwidth the rule says nothing: perfgate
// knows no link peak it could state honestly.

#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "perfgate/model/counter_names.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kMinFractionOfPeer = 0.6;
constexpr double kHighBelow = 0.3;
constexpr double kLargeBytes = 64.0 * 1024 * 1024;
constexpr char kBusBandwidth[] = "busbw";
constexpr char kAlgorithmBandwidth[] = "algbw";  // bytes / time: a peer copy's GB/s
constexpr std::string_view kGpusPrefix = "gpus:";
constexpr std::string_view kBytesPrefix = "bytes:";

std::vector<std::string_view> segments(std::string_view name) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = name.find('/', start);
    out.push_back(name.substr(start, slash == std::string_view::npos ? name.npos : slash - start));
    if (slash == std::string_view::npos) return out;
    start = slash + 1;
  }
}

std::optional<double> leading_number(std::string_view text, std::string_view* rest) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || !(value >= 0)) return std::nullopt;
  *rest = text.substr(static_cast<std::size_t>(end - text.data()));
  return value;
}

// "1073741824", "1073741824B", "1GiB", "64MiB", "8K": bytes.
std::optional<double> parse_bytes(std::string_view text) {
  std::string_view unit;
  const auto value = leading_number(text, &unit);
  if (!value) return std::nullopt;
  static const std::map<std::string_view, double> kUnits = {
      {"", 1.0},          {"B", 1.0},           {"K", 1024.0},  {"KiB", 1024.0}, {"KB", 1024.0},
      {"M", 1048576.0},   {"MiB", 1048576.0},   {"MB", 1048576.0},
      {"G", 1073741824.0}, {"GiB", 1073741824.0}, {"GB", 1073741824.0}};
  const auto scale = kUnits.find(unit);
  if (scale == kUnits.end()) return std::nullopt;
  return *value * scale->second;
}

std::optional<int> parse_gpus(std::string_view text) {
  int n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// A collective case: everything before "bytes:" names its sweep.
struct CollectiveCase {
  std::string sweep;  // "collectives/all_reduce/out_of_place/gpus:8"
  int gpus = 0;
  double bytes = 0.0;
  std::string size_text;
};

std::optional<CollectiveCase> collective_case(std::string_view name) {
  const std::vector<std::string_view> parts = segments(name);
  if (parts.size() < 2 || !parts.back().starts_with(kBytesPrefix)) return std::nullopt;
  CollectiveCase c;
  for (const std::string_view part : parts) {
    if (part.starts_with(kGpusPrefix))
      if (const auto n = parse_gpus(part.substr(kGpusPrefix.size()))) c.gpus = *n;
  }
  const std::string_view size = parts.back().substr(kBytesPrefix.size());
  const auto bytes = parse_bytes(size);
  if (!bytes || c.gpus <= 0) return std::nullopt;
  c.bytes = *bytes;
  c.size_text = std::string(size);
  c.sweep = std::string(name.substr(0, name.size() - parts.back().size() - 1));
  return c;
}

bool is_peer_copy(std::string_view name) {
  for (const std::string_view part : segments(name))
    if (part.find("peer") != std::string_view::npos || part.find("p2p") != std::string_view::npos) return true;
  return false;
}

struct PeerBandwidth {
  double gbs = 0.0;
  std::string name;
};

// The peer copies measured in this run, each with its size when its name
// has one ("collectives/peer_copy/gpus:2/bytes:1073741824").
struct PeerCopies {
  std::optional<PeerBandwidth> fastest;
  std::map<double, PeerBandwidth> by_bytes;

  // The copy of the collective's size (busbw against the link at the same
  // message size), else the fastest: the link's attainable peak.
  std::optional<PeerBandwidth> for_bytes(double bytes) const {
    const auto same = by_bytes.find(bytes);
    return same != by_bytes.end() ? std::optional(same->second) : fastest;
  }
};

std::optional<double> bytes_segment(std::string_view name) {
  const std::string_view last = segments(name).back();
  return last.starts_with(kBytesPrefix) ? parse_bytes(last.substr(kBytesPrefix.size())) : std::nullopt;
}

PeerCopies measured_peer_copies(const SuggestContext& ctx) {
  PeerCopies copies;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!is_peer_copy(b.name) || !ctx.measured(b.name)) continue;
    auto gbs = number(b, counter::kGigabytesPerSecond);
    if (!gbs) gbs = number(b, kAlgorithmBandwidth);
    if (!gbs || *gbs <= 0) continue;
    const PeerBandwidth copy{*gbs, b.name};
    if (!copies.fastest || copy.gbs > copies.fastest->gbs) copies.fastest = copy;
    if (const auto bytes = bytes_segment(b.name)) copies.by_bytes.emplace(*bytes, copy);
  }
  return copies;
}

std::string size_text(double bytes) {
  if (bytes >= 1073741824.0) return format_number(bytes / 1073741824.0) + " GiB";
  return format_number(bytes / 1048576.0) + " MiB";
}

struct Largest {
  const BenchmarkResult* result = nullptr;
  CollectiveCase sweep_case;
  double busbw = 0.0;
};

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  const PeerCopies peers = measured_peer_copies(ctx);
  if (!peers.fastest) return out;
  std::map<std::string, Largest> largest;  // by sweep, in name order
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (is_peer_copy(b.name) || !ctx.measured(b.name)) continue;
    const auto c = collective_case(b.name);
    const auto busbw = number(b, kBusBandwidth);
    if (!c || c->gpus < 2 || !busbw) continue;
    Largest& l = largest[c->sweep];
    if (!l.result || c->bytes > l.sweep_case.bytes) l = Largest{&b, *c, *busbw};
  }
  for (const auto& [sweep, l] : largest) {
    if (l.sweep_case.bytes < kLargeBytes) continue;
    const auto peer = peers.for_bytes(l.sweep_case.bytes);
    const double fraction = l.busbw / peer->gbs;
    if (fraction >= kMinFractionOfPeer) continue;
    Suggestion s;
    s.benchmark = l.result->name;
    s.priority = fraction < kHighBelow ? Priority::high : Priority::medium;
    s.evidence = "busbw " + format_number(l.busbw) + " GB/s at " + size_text(l.sweep_case.bytes) + " on " +
                 std::to_string(l.sweep_case.gpus) + " GPUs = " + format_number(100.0 * fraction) +
                 "% of the peer bandwidth measured with cudaMemcpyPeer, " + format_number(peer->gbs) + " GB/s (" +
                 peer->name + ")";
    const double factor = l.busbw > 0 ? peer->gbs / l.busbw : 0.0;
    s.expected_gain = {factor, false,
                       "at most " + format_number(factor) + "x: the measured peer bandwidth over this busbw"};
    s.hint = "NCCL_DEBUG=INFO shows the algorithm, protocol and transport NCCL chose: P2P/CUMEM is direct, SHM or "
             "NET means P2P is off (NCCL_P2P_DISABLE, NCCL_P2P_LEVEL, IOMMU/ACS) or unavailable; check the links "
             "(nvidia-smi topo -m: NV# is NVLink, PIX/PXB/PHB/SYS is PCIe through switches or the CPU); unset "
             "NCCL_ALGO/NCCL_PROTO overrides or try NCCL_ALGO=Ring,Tree and NCCL_PROTO=Simple for large messages";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule collective_below_peak() {
  return make_rule("collective-below-peak",
                   "a collective whose bus bandwidth at large sizes is under 60% of the peer bandwidth measured "
                   "with cudaMemcpyPeer",
                   apply);
}

}  // namespace perfgate::rules
