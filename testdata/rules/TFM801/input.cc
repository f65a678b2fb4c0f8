// Serving a frozen graph by tensor names (TFM801).
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/core/public/session.h"
#include "tensorflow/core/platform/env.h"

using tensorflow::Tensor;

int Predict(tensorflow::Session* session, const Tensor& image) {
  std::vector<Tensor> outputs;
  TF_CHECK_OK(session->Run({{"input:0", image}}, {"softmax:0"}, {}, &outputs));  // expect: TFM801
  std::vector<std::pair<std::string, Tensor>> feeds = {{"keep_prob:0", Tensor(1.0f)}};
  const std::string fetch = "logits:0";
  auto status = session->Run(feeds, {fetch}, {}, &outputs);  // expect: TFM801
  std::unique_ptr<tensorflow::Session> owned(session);
  owned->Run({}, {}, {"init_all_vars_op"}, nullptr);  // expect: TFM801
  return status.ok() ? 0 : 1;
}

struct Runner {
  std::string Run(const std::string& name) { return name; }  // ok: not a TF session
};

int NotFlagged() {
  Runner r;
  r.Run("input:0");  // ok: a user class with a Run method
  std::vector<std::string> names = {"a:0"};  // ok: strings alone are fine
  return static_cast<int>(names.size());
}
