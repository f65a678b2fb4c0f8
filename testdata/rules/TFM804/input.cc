// C++ graph building with reference variables (TFM804) and the resource-variable form.
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"

using namespace tensorflow;

void Build() {
  Scope root = Scope::NewRootScope();
  auto w = ops::Variable(root.WithOpName("w"), {2, 2}, DT_FLOAT);  // expect: TFM804
  auto init = ops::Assign(root, w, ops::Const(root, {{1.f, 2.f}, {3.f, 4.f}}));  // expect: TFM804
  auto step = ops::AssignAdd(root, w, ops::Const(root, {{1.f, 1.f}, {1.f, 1.f}}));  // expect: TFM804
  ops::ApplyGradientDescent sgd(root, w, ops::Const(root, 0.1f), ops::Const(root, 1.f));  // expect: TFM804

  auto v = ops::VarHandleOp(root, DT_FLOAT, {2, 2});  // ok: resource variable
  auto assign = ops::AssignVariableOp(root, v, ops::Const(root, {{0.f, 0.f}, {0.f, 0.f}}));  // ok
  auto read = ops::ReadVariableOp(root, v, DT_FLOAT);  // ok
  ClientSession session(root);  // ok
}
