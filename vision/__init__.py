"""vision: frames in, observation events out (capture, detector, readers, tracking).

onnxruntime's own builds send usage telemetry from Linux too (a DNS lookup of its vendor's events
host some seconds after start, and a device id written under ~/.cache); the product promises no
network at run time, so it is switched off here, before any part of vision can load onnxruntime.
"""

import os

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
