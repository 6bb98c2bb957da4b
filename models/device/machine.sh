# Sourced by the scripts in models/device/ on a machine with a GPU, from the repository root, after they
# set `scale`: it starts the clock (`elapsed`), logs everything to $OUT/job.log, installs the carried
# ultralytics wheels (the machine has torch with CUDA but no ultralytics and no network) and turns the
# carried WebP deck cache back into the PNG cache runs/cards that models.make_dataset reads.
# `scenes N` scales a set's size by the script's `scale`.
start=$(date +%s)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
exec > >(tee -a "$OUT/job.log") 2>&1
elapsed() { echo $(( $(date +%s) - start )); }
scenes() { python3 -c "print(max(2, round($1 * $scale)))"; }
echo "[$(elapsed) s] start on $(hostname), $(nproc) cores"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .devcarry/whl/*.whl \
    || { echo "wheels failed"; exit 3; }
# ultralytics reads its results.csv with polars, which the machine lacks, and carries on when that fails
mkdir -p /tmp/site/polars && echo '"""stub"""' > /tmp/site/polars/__init__.py
export PYTHONPATH=/tmp/site:$PWD YOLO_OFFLINE=1 PYTHONUNBUFFERED=1
python3 -c "import torch, ultralytics, cv2, onnxruntime; print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), \
'ultralytics', ultralytics.__version__, 'cv2', cv2.__version__)" || { echo "imports failed"; exit 3; }
python3 - <<'PY' || { echo "deck cache failed"; exit 3; }
from pathlib import Path
import cv2
made = 0
for p in Path(".devcarry/cards").glob("*/*.webp"):
    out = Path("runs/cards") / p.parent.name / (p.stem + ".png")
    if not out.exists():   # a warm machine, or a rehearsal beside the real cache, keeps its PNGs
        out.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(out), cv2.imread(str(p), cv2.IMREAD_UNCHANGED))
        made += 1
print("deck cache:", made, "PNGs made from WebP")
PY
