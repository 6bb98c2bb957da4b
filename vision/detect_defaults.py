"""What `pelituomari detect` runs the Detector with, apart from the Detector so that the command line can
name them without loading OpenCV and onnxruntime.

Chosen on synthetic validation (benchmarks/results/detect*.json): at the 480 px input the mirrored view finds a
few objects more (seeds 0 + 4: 5 cards and 2 dice, 5 cards read) at half the speed, 9-12 images/s, under the
10 images/s target in a busy hour; one view runs 16-21.
"""

DETECT_VIEWS = 1
DETECT_CONF = 0.35
