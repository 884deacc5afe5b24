// Boost Graph Library driver: edmonds_maximum_cardinality_matching.
//
// Usage: boost FILE   (a board or an edge list, see input.hpp)
// Prints one JSON line: vertices, edges, matching_size, d_count, d_checksum and the
// in-process seconds spent reading/building, matching, and finding D.
//
// D: after the maximum matching, one more edmonds_augmenting_path_finder search (the one
// Boost's own maximum_cardinality_matching_verifier runs) finds no augmenting path and
// leaves every vertex labelled; the V_EVEN vertices are the Gallai–Edmonds set D.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

#include "input.hpp"

int main(int argc, char** argv) {
    if (argc != 2) bench::die("usage: boost FILE");
    auto t0 = std::chrono::steady_clock::now();
    bench::Input in = bench::read_input(argv[1]);

    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
    const std::size_t m = in.eu.size();
    Graph g(in.n);
    for (std::size_t i = 0; i < m; ++i) boost::add_edge(in.eu[i], in.ev[i], g);
    in.eu = {};
    in.ev = {};
    double read_s = bench::seconds_since(t0);

    auto t1 = std::chrono::steady_clock::now();
    std::vector<Vertex> mate(in.n);
    boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
    std::size_t size = boost::matching_size(g, &mate[0]);
    double solve_s = bench::seconds_since(t1);

    auto t2 = std::chrono::steady_clock::now();
    using Finder = boost::edmonds_augmenting_path_finder<
        Graph, Vertex*, boost::property_map<Graph, boost::vertex_index_t>::type>;
    Finder finder(g, &mate[0], boost::get(boost::vertex_index, g));
    if (finder.augment_matching()) bench::die("boost: the matching is not maximum");
    std::vector<int> state(in.n);
    finder.get_vertex_state_map(&state[0]);
    uint64_t d_count = 0, d_sum = 0;
    for (uint32_t i = 0; i < in.n; ++i)
        if (state[i] == boost::graph::detail::V_EVEN) {
            ++d_count;
            d_sum += bench::checksum_term(i);
        }
    double d_s = bench::seconds_since(t2);
    std::printf(
        "{\"vertices\":%u,\"edges\":%zu,\"matching_size\":%zu,\"d_count\":%llu,\"d_checksum\":%llu,"
        "\"read_s\":%.4f,\"solve_s\":%.4f,\"d_s\":%.4f}\n",
        in.n, m, size, (unsigned long long)d_count, (unsigned long long)d_sum, read_s, solve_s, d_s);
    return 0;
}
