#!/usr/bin/env bash
# An ARM64 Python with numpy and onnxruntime, for benchmarks/bench_int8_cpus.py --arm-root to run the int8
# copies under qemu-aarch64 (a Raspberry Pi's Cortex-A72 or A76), made from Debian's and PyPI's packages:
#     bash benchmarks/make_arm64_root.sh [ROOT]      (default runs/arm64; about 2 minutes, 420 MB)
# Needs debootstrap and qemu-user (apt-get install debootstrap qemu-user). Nothing runs inside the root
# while it is made: Debian's packages are unpacked, onnxruntime's and numpy's ARM64 wheels installed
# into ROOT/site by this machine's pip, at the onnxruntime version this machine has.
set -euo pipefail
root=${1:-runs/arm64}
python=${PYTHON:-python3}
ort=$("$python" -c "import onnxruntime; print(onnxruntime.__version__)")
debootstrap --arch=arm64 --foreign --variant=minbase \
    --include=python3.11-minimal,libpython3.11-stdlib,libstdc++6 bookworm "$root" http://deb.debian.org/debian
for deb in "$root"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$deb" "$root"; done
"$python" -m pip install -q --target "$root/site" --implementation cp --python-version 3.11 --only-binary=:all: \
    --platform manylinux_2_28_aarch64 --platform manylinux2014_aarch64 "onnxruntime==$ort" numpy
echo "$root: python3.11 with onnxruntime $ort"
