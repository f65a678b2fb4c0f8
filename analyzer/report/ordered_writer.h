// OrderedWriter: writes per-file report chunks to one stream in file order while
// worker threads produce them out of order (tfmigrate check streams its line-format
// reports this way, so the findings of a large tree are never all held at once).
//
//   tfm::OrderedWriter w(std::cout);
//   // on any thread, once for every index 0, 1, 2, ... (each exactly once):
//   w.Put(i, std::move(text_of_file_i));
//   // after the last Put every chunk has been written, in index order.
//
// A chunk is written as soon as every chunk before it has been; the thread whose Put
// completes a run writes it, outside the lock, while other threads keep adding
// chunks (only one thread writes at a time).
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <ostream>
#include <string>

namespace tfm {

class OrderedWriter {
 public:
  explicit OrderedWriter(std::ostream& out) : out_(out) {}
  OrderedWriter(const OrderedWriter&) = delete;
  OrderedWriter& operator=(const OrderedWriter&) = delete;

  void Put(size_t index, std::string chunk);
  // Chunks not written yet (an index before them has not been Put).
  size_t Pending() const;

 private:
  std::ostream& out_;
  mutable std::mutex mu_;
  std::map<size_t, std::string> pending_;  // index -> chunk, for indices past next_
  size_t next_ = 0;                        // the next index to write
  bool writing_ = false;                   // a thread is writing a run
};

}  // namespace tfm
