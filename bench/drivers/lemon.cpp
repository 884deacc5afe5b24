// LEMON driver: maximum matching and Gallai–Edmonds set D with lemon::MaxMatching.
//
// Usage: lemon FILE   (a board or an edge list, see input.hpp)
// Prints one JSON line: vertices, edges, matching_size, d_count, d_checksum and the
// in-process seconds spent reading/building and matching. D = nodes whose status is
// EVEN (the vertices missed by some maximum matching).
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include "input.hpp"

int main(int argc, char** argv) {
    if (argc != 2) bench::die("usage: lemon FILE");
    auto t0 = std::chrono::steady_clock::now();
    bench::Input in = bench::read_input(argv[1]);

    using Graph = lemon::SmartGraph;
    Graph g;
    g.reserveNode(int(in.n));
    g.reserveEdge(int(in.eu.size()));
    std::vector<Graph::Node> node(in.n);
    for (uint32_t i = 0; i < in.n; ++i) node[i] = g.addNode();
    for (std::size_t i = 0; i < in.eu.size(); ++i) g.addEdge(node[in.eu[i]], node[in.ev[i]]);
    const std::size_t m = in.eu.size();
    in.eu = {};
    in.ev = {};
    double read_s = bench::seconds_since(t0);

    auto t1 = std::chrono::steady_clock::now();
    lemon::MaxMatching<Graph> mm(g);
    mm.run();
    int size = mm.matchingSize();
    double solve_s = bench::seconds_since(t1);

    uint64_t d_count = 0, d_sum = 0;
    for (uint32_t i = 0; i < in.n; ++i)
        if (mm.status(node[i]) == lemon::MaxMatching<Graph>::EVEN) {
            ++d_count;
            d_sum += bench::checksum_term(i);
        }
    std::printf(
        "{\"vertices\":%u,\"edges\":%zu,\"matching_size\":%d,\"d_count\":%llu,\"d_checksum\":%llu,"
        "\"read_s\":%.4f,\"solve_s\":%.4f}\n",
        in.n, m, size, (unsigned long long)d_count, (unsigned long long)d_sum, read_s, solve_s);
    return 0;
}
