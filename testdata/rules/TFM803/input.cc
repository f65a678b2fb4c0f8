// Partial runs (TFM803).
#include <string>
#include <vector>

#include "tensorflow/core/public/session.h"

void Stepwise(tensorflow::Session* session, const tensorflow::Tensor& a, const tensorflow::Tensor& b) {
  std::string handle;
  TF_CHECK_OK(session->PRunSetup({"a:0", "b:0"}, {"c:0", "d:0"}, {}, &handle));  // expect: TFM803
  std::vector<tensorflow::Tensor> out;
  TF_CHECK_OK(session->PRun(handle, {{"a:0", a}}, {"c:0"}, &out));  // expect: TFM803
  TF_CHECK_OK(session->PRun(handle, {{"b:0", b}}, {"d:0"}, &out));  // expect: TFM803
  TF_CHECK_OK(session->Close());  // ok: closing is fine
}

struct Pipeline {
  void PRun() {}  // ok: a user method with the same name
};

void Other() {
  Pipeline p;
  p.PRun();  // ok
}
