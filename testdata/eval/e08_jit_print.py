"""An XLA-compiled kernel with a print left in."""
import tensorflow as tf


@tf.function(jit_compile=True)
def fused_gelu(x):
    print("compiling gelu for", x.shape)  # expect: TFM405
    return 0.5 * x * (1.0 + tf.tanh(0.7978845608 * (x + 0.044715 * tf.pow(x, 3))))


class Block(tf.Module):
    @tf.function
    def forward(self, x):
        print("block input")  # expect: TFM405
        return fused_gelu(x)


Block().forward(tf.ones([2, 2]))
