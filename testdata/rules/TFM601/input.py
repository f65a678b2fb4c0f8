import tensorflow as tf

# violations: end the line with `# expect: TFM601`
# must not fire: end the line with `# ok`
