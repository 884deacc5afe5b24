// Shared input reading for the C++ benchmark drivers (bench/drivers/*.cpp).
//
// Reads a board (`N M [orthogonal|king|hex|knight]` then N rows of '.'/'#') or an edge
// list (`n m` then m pairs `u v`, 0-based) and returns the graph as two endpoint arrays.
// Board vertices are the free cells in row-major order; each adjacency is listed once.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace bench {

[[noreturn]] inline void die(const std::string& msg) {
    std::fprintf(stderr, "error: %s\n", msg.c_str());
    std::exit(2);
}

inline std::vector<char> slurp(const char* path) {
    std::FILE* f = std::fopen(path, "rb");
    if (!f) die(std::string("cannot open ") + path);
    std::vector<char> buf;
    std::size_t cap = 1 << 20, len = 0;
    buf.resize(cap);
    for (;;) {
        std::size_t got = std::fread(buf.data() + len, 1, cap - len, f);
        len += got;
        if (len < cap) break;
        cap *= 2;
        buf.resize(cap);
    }
    std::fclose(f);
    buf.resize(len);
    buf.push_back('\0');
    return buf;
}

// A cursor over whitespace-separated tokens.
struct Tokens {
    const char* p;
    const char* end;
    explicit Tokens(const std::vector<char>& buf) : p(buf.data()), end(buf.data() + buf.size() - 1) {}
    static bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'; }
    void skip() {
        while (p < end && space(*p)) ++p;
    }
    bool at_end() {
        skip();
        return p >= end;
    }
    char peek() {
        skip();
        return p < end ? *p : '\0';
    }
    uint64_t number() {
        skip();
        if (p >= end || *p < '0' || *p > '9') die("expected a number");
        uint64_t v = 0;
        while (p < end && *p >= '0' && *p <= '9') v = v * 10 + uint64_t(*p++ - '0');
        return v;
    }
    // The next token as [start, start + len).
    const char* token(std::size_t& len) {
        skip();
        const char* s = p;
        while (p < end && !space(*p)) ++p;
        len = std::size_t(p - s);
        return s;
    }
};

enum class Neighbourhood { Orthogonal, King, Hex, Knight };

struct Input {
    bool board = false;
    uint64_t rows = 0, cols = 0;
    Neighbourhood neighbourhood = Neighbourhood::Orthogonal;
    uint32_t n = 0;               // vertices
    std::vector<uint32_t> eu, ev;  // edges (eu[i], ev[i])
};

// Offsets (dr, dc) covering each adjacency of the neighbourhood exactly once.
inline std::vector<std::pair<int, int>> forward_offsets(Neighbourhood nb) {
    switch (nb) {
        case Neighbourhood::Orthogonal: return {{0, 1}, {1, 0}};
        case Neighbourhood::King: return {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
        case Neighbourhood::Hex: return {{0, 1}, {1, -1}, {1, 0}};
        case Neighbourhood::Knight: return {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
    }
    return {};
}

// Reads the header; returns true for a board (leaving the cursor on the first row).
inline bool read_header(Tokens& t, uint64_t& a, uint64_t& b, Neighbourhood& nb) {
    a = t.number();
    b = t.number();
    nb = Neighbourhood::Orthogonal;
    char c = t.peek();
    if (c == '.' || c == '#') return true;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        std::size_t len;
        const char* w = t.token(len);
        std::string word(w, len);
        if (word == "orthogonal") nb = Neighbourhood::Orthogonal;
        else if (word == "king") nb = Neighbourhood::King;
        else if (word == "hex") nb = Neighbourhood::Hex;
        else if (word == "knight") nb = Neighbourhood::Knight;
        else die("unknown neighbourhood " + word);
        return true;
    }
    return false;
}

inline Input read_input(const char* path) {
    std::vector<char> buf = slurp(path);
    Tokens t(buf);
    Input in;
    uint64_t a, b;
    in.board = read_header(t, a, b, in.neighbourhood);
    if (in.board) {
        in.rows = a;
        in.cols = b;
        const uint64_t R = a, C = b;
        if (R * C > (uint64_t(1) << 31)) die("board too large");
        std::vector<const char*> row(R);
        for (uint64_t r = 0; r < R; ++r) {
            std::size_t len;
            row[r] = t.token(len);
            if (len != C) die("row " + std::to_string(r + 1) + " has the wrong length");
        }
        std::vector<int32_t> id(R * C, -1);
        uint32_t n = 0;
        for (uint64_t r = 0; r < R; ++r)
            for (uint64_t c = 0; c < C; ++c)
                if (row[r][c] == '.') id[r * C + c] = int32_t(n++);
                else if (row[r][c] != '#') die("a board cell must be '.' or '#'");
        in.n = n;
        const auto offs = forward_offsets(in.neighbourhood);
        std::size_t guess = std::size_t(n) * offs.size();
        in.eu.reserve(guess);
        in.ev.reserve(guess);
        for (uint64_t r = 0; r < R; ++r)
            for (uint64_t c = 0; c < C; ++c) {
                int32_t u = id[r * C + c];
                if (u < 0) continue;
                for (auto [dr, dc] : offs) {
                    int64_t rr = int64_t(r) + dr, cc = int64_t(c) + dc;
                    if (rr < 0 || rr >= int64_t(R) || cc < 0 || cc >= int64_t(C)) continue;
                    int32_t v = id[uint64_t(rr) * C + uint64_t(cc)];
                    if (v >= 0) {
                        in.eu.push_back(uint32_t(u));
                        in.ev.push_back(uint32_t(v));
                    }
                }
            }
    } else {
        if (a > (uint64_t(1) << 31)) die("too many vertices");
        in.n = uint32_t(a);
        in.eu.reserve(b);
        in.ev.reserve(b);
        for (uint64_t i = 0; i < b; ++i) {
            uint64_t u = t.number(), v = t.number();
            if (u >= a || v >= a) die("vertex id out of range");
            in.eu.push_back(uint32_t(u));
            in.ev.push_back(uint32_t(v));
        }
    }
    return in;
}

// Order-independent checksum of a vertex set: sum of (v * 2654435761 mod 2^32), mod 2^64.
inline uint64_t checksum_term(uint64_t v) { return (v * 2654435761ull) & 0xffffffffull; }

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace bench
