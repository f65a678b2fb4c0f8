// Frozen-graph serving (TFM802) next to the SavedModel form that must not fire.
#include "tensorflow/cc/saved_model/loader.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/public/session.h"

namespace tf = tensorflow;

tf::Status LoadFrozen(const std::string& path, std::unique_ptr<tf::Session>* out) {
  tf::GraphDef graph_def;
  TF_RETURN_IF_ERROR(tf::ReadBinaryProto(tf::Env::Default(), path, &graph_def));  // expect: TFM802
  tf::GraphDef text_graph;
  TF_RETURN_IF_ERROR(tf::ReadTextProto(tf::Env::Default(), path + "txt", &text_graph));  // expect: TFM802
  out->reset(tf::NewSession(tf::SessionOptions()));
  return (*out)->Create(graph_def);
}

tf::Status LoadMeta(const std::string& path) {
  tf::MetaGraphDef meta;
  return tf::ReadBinaryProto(tf::Env::Default(), path, &meta);  // ok: not a GraphDef
}

tf::Status LoadSaved(const std::string& dir, tf::SavedModelBundle* bundle) {
  return tf::LoadSavedModel(tf::SessionOptions(), tf::RunOptions(), dir, {tf::kSavedModelTagServe},  // ok
                            bundle);
}
