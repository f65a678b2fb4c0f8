#include "analyzer/report/ordered_writer.h"

#include <utility>
#include <vector>

namespace tfm {

void OrderedWriter::Put(size_t index, std::string chunk) {
  std::unique_lock<std::mutex> lock(mu_);
  pending_.emplace(index, std::move(chunk));
  if (writing_) return;  // the writing thread picks this chunk up when it is due
  writing_ = true;
  std::vector<std::string> run;
  for (;;) {
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it)) {
      run.push_back(std::move(it->second));
      ++next_;
    }
    if (run.empty()) break;
    lock.unlock();
    for (auto& s : run) out_.write(s.data(), static_cast<std::streamsize>(s.size()));
    run.clear();
    lock.lock();
  }
  writing_ = false;
}

size_t OrderedWriter::Pending() const {
  std::lock_guard<std::mutex> lock(mu_);
  return pending_.size();
}

}  // namespace tfm
