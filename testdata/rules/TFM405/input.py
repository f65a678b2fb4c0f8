import tensorflow as tf

# violations: end the line with `# expect: TFM405`
# must not fire: end the line with `# ok`
