"""Small CNNs that read a card's identity (52 classes) or a die's top face (6 classes) from upright crops."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn


def crops_to_tensor(crops: np.ndarray) -> np.ndarray:
    """uint8 N x H x W x 3 BGR crops -> float32 N x 3 x H x W in [0, 1]: the classifiers' input."""
    return np.ascontiguousarray(crops.transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def _block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
                         nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class CropClassifier(nn.Module):
    """A single conv at full resolution (cheap), three double-conv blocks after poolings, then average
    pooling to `pooled` (rows, cols) cells: (2, 1) keeps whether a mark is near a card's end or its
    middle. The input's size divided by 8 must be a multiple of `pooled` (ONNX export of adaptive pooling)."""

    def __init__(self, n_classes: int, width: int = 16, pooled: tuple[int, int] = (1, 1)):
        super().__init__()
        w = width
        self.features = nn.Sequential(
            nn.Conv2d(3, w, 3, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU(inplace=True), nn.MaxPool2d(2),
            _block(w, 2 * w), nn.MaxPool2d(2), _block(2 * w, 4 * w), nn.MaxPool2d(2), _block(4 * w, 6 * w),
            nn.AdaptiveAvgPool2d(pooled))
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(6 * w * pooled[0] * pooled[1], n_classes))

    def forward(self, x):
        return self.head(self.features(x))
