// OrderedWriter must write every chunk exactly once, in index order, whatever the
// order and threads the chunks arrive from.
#include "analyzer/report/ordered_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

namespace tfm {
namespace {

std::string Chunk(size_t i) { return i % 7 == 3 ? std::string() : "<" + std::to_string(i) + ">\n"; }

TEST(OrderedWriter, InOrderFromOneThread) {
  std::ostringstream out;
  OrderedWriter w(out);
  std::string expected;
  for (size_t i = 0; i < 50; ++i) {
    w.Put(i, Chunk(i));
    expected += Chunk(i);
    EXPECT_EQ(out.str(), expected);  // written at once: nothing before it is missing
  }
  EXPECT_EQ(w.Pending(), 0u);
}

TEST(OrderedWriter, OutOfOrderHoldsBackUntilThePrefixIsComplete) {
  std::ostringstream out;
  OrderedWriter w(out);
  w.Put(2, "c");
  w.Put(1, "b");
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(w.Pending(), 2u);
  w.Put(0, "a");
  EXPECT_EQ(out.str(), "abc");
  w.Put(4, "e");
  EXPECT_EQ(out.str(), "abc");
  w.Put(3, "d");
  EXPECT_EQ(out.str(), "abcde");
  EXPECT_EQ(w.Pending(), 0u);
}

TEST(OrderedWriter, ShuffledAcrossThreads) {
  constexpr size_t kChunks = 5000;
  std::vector<size_t> order(kChunks);
  for (size_t i = 0; i < kChunks; ++i) order[i] = i;
  std::mt19937 rng(12345);
  std::shuffle(order.begin(), order.end(), rng);
  std::ostringstream out;
  OrderedWriter w(out);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t k = next++; k < kChunks; k = next++) w.Put(order[k], Chunk(order[k]));
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  std::string expected;
  for (size_t i = 0; i < kChunks; ++i) expected += Chunk(i);
  EXPECT_EQ(out.str(), expected);
  EXPECT_EQ(w.Pending(), 0u);
}

}  // namespace
}  // namespace tfm
