// A TF1-era C++ inference client: frozen GraphDef, session, tensors by name.
#include <iostream>
#include <memory>
#include <vector>

#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/public/session.h"

int main(int argc, char** argv) {
  tensorflow::GraphDef graph_def;
  TF_CHECK_OK(tensorflow::ReadBinaryProto(tensorflow::Env::Default(), argv[1], &graph_def));
  std::unique_ptr<tensorflow::Session> session(tensorflow::NewSession(tensorflow::SessionOptions()));
  TF_CHECK_OK(session->Create(graph_def));

  tensorflow::Tensor input(tensorflow::DT_FLOAT, tensorflow::TensorShape({1, 20}));
  input.flat<float>().setZero();
  std::vector<tensorflow::Tensor> outputs;
  TF_CHECK_OK(session->Run({{"x:0", input}}, {"model/logits:0"}, {}, &outputs));
  std::cout << outputs[0].DebugString() << std::endl;
  return 0;
}
