import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow import estimator
from tensorflow.compat.v1 import feature_column as fc
from tensorflow.keras.estimator import model_to_estimator

age = tf.feature_column.numeric_column("age")  # expect: TFM106
city = fc.categorical_column_with_vocabulary_list("city", ["a", "b"])  # expect: TFM106
city_emb = tf1.feature_column.embedding_column(city, dimension=4)  # expect: TFM106

est = tf.estimator.DNNClassifier(hidden_units=[8], feature_columns=[age])  # expect: TFM106
est.train(input_fn=lambda: None, steps=10)  # ok: the estimator was reported where it was built
spec = estimator.EstimatorSpec(mode="train")  # expect: TFM106
keras_est = model_to_estimator(keras_model=None)  # expect: TFM106
keras_est2 = tf.keras.estimator.model_to_estimator(keras_model=None)  # expect: TFM106

with tf.Graph().as_default():  # expect: TFM106
    a = tf.constant(1.0)

g = tf1.Graph()
with g.as_default():  # expect: TFM106
    b = tf.constant(2.0)

# Must not fire:
graph = tf.Graph()  # ok: creating a graph object alone does not enter it
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])  # ok
model.fit(tf.zeros([4, 3]), tf.zeros([4, 1]), epochs=1)  # ok
norm = tf.keras.layers.Normalization()  # ok: the TF2 replacement for numeric columns
lookup = tf.keras.layers.StringLookup(vocabulary=["a", "b"])  # ok
concrete = tf.function(lambda x: x * 2.0).get_concrete_function(tf.TensorSpec([None]))  # ok
fn_graph = concrete.graph  # ok: a FuncGraph attribute, not entering a graph
feature_column = "age"  # ok: a local string that shares the name
print(feature_column)  # ok
mode = tf.estimator.ModeKeys.TRAIN  # ok: a string constant ("train"); its removal is TFM101's finding
