// driver.cpp: times Pascal Pons' Connect Four solver
// (github.com/PascalPons/connect4, AGPL-3.0; not part of this repository)
// on a test set as cmd/connect4's BenchmarkTestSets times movesvc's: each
// position solved strongly (solve(P, false)) with an empty table and no
// opening book. The clock covers solve() alone: reading the line, playing
// its moves and reset() (which clears the table) happen before it starts.
//
// Build, with the reference's own flags (its Makefile's CXXFLAGS), in a
// checkout of the reference:
//
//	g++ --std=c++11 -W -Wall -O3 -DNDEBUG -I. -o c4ref DRIVER/driver.cpp Solver.cpp
//
// Run: ./c4ref N < Test_L2_R2 (N: how many positions, 0 for all). Output:
// one line per position (moves, score, expected score, nodes, µs), then
// "positions P mean_us M mean_nodes K wrong W".
#include "Solver.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

using namespace GameSolver::Connect4;

int main(int argc, char **argv) {
  long limit = argc > 1 ? std::atol(argv[1]) : 0;
  Solver solver;
  std::string line;
  long n = 0, wrong = 0;
  double totalUs = 0, totalNodes = 0;
  while ((limit == 0 || n < limit) && std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string moves;
    int want = 0;
    in >> moves >> want;
    Position P;
    if (P.play(moves) != moves.size()) {
      std::cerr << "invalid line: " << line << std::endl;
      return 1;
    }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(P, false);
    auto stop = std::chrono::steady_clock::now();
    double us = std::chrono::duration<double, std::micro>(stop - start).count();
    unsigned long long nodes = solver.getNodeCount();
    std::printf("%s %d %d %llu %.1f\n", moves.c_str(), score, want, nodes, us);
    totalUs += us;
    totalNodes += nodes;
    wrong += score != want;
    n++;
  }
  std::printf("positions %ld mean_us %.2f mean_nodes %.1f wrong %ld\n", n, totalUs / n, totalNodes / n, wrong);
  return wrong != 0;
}
