#!/usr/bin/env bash
# On a machine with a GPU: fresh index corner crops made on its cores (stage 28's three sets, fresh seeds),
# then the index corner reader continued on the GPU for what is left of a time budget; its checkpoint
# (best on the first set's held-out scene corner crops) and the log are left in $OUT to come back.
# Why a GPU for a small reader: stage 28 of models/reproduce.sh trains it 4 epochs on the CPU (15 minutes),
# its loss and held-out accuracy still improving every epoch; continued here, it reads held-out corner crops
# and scenes better.
#
#   here:   models/device/prepare.sh                                       (fills the git-ignored .devcarry/)
#           models/device/set_aside.sh                                     (back with --back after the call)
#   there:  bash models/device/continue_corner.sh [DEVICE] [SCALE] [BUDGET_S]   (carry: .devcarry)
#   then:   python3 -c "from pathlib import Path; from models.train import ship_classifier; \
#               ship_classifier(Path('$FILES_AT/corner_classifier.pt'), 'corner', Path('DIR'))"   (.pt and .onnx)
#   rehearse here on the CPU first:  SEED0=900 OUT=/tmp/rehearsal bash models/device/continue_corner.sh cpu 0.01 150
#
# SCALE multiplies the sets' sizes. The environment picks the rest: SEED0 (the three sets' first seed;
# 166, already taken: each run takes fresh ones, as continue_detector.sh says), LR
# (1.5e-3, stage 28's), INIT (models/weights/corner_classifier.pt), RUN (runs/train_corner$SEED0) and
# WIDE: a width, to train beside it, on the same GPU and data, a reader of that width from scratch
# (in $OUT/wide/). With the augmentation drawn on the CPU the GPU sits mostly idle (at SCALE 1.2 on an H100
# machine: the data 283 s, then a step 7-9 ms, 24 s an epoch of 388 000 crops), so train_classifier augments
# on the device; before training, benchmarks/bench_classifier_step.py times a step's parts both ways on the
# machine ($OUT/classifier_step.json).
set -uo pipefail
cd "$(dirname "$0")/../.."
device=${1:-0}; scale=${2:-1}; budget=${3:-540}
source models/device/machine.sh
workers=$(nproc)
S=${SEED0:-166}; LR=${LR:-1.5e-3}; INIT=${INIT:-models/weights/corner_classifier.pt}; RUN=${RUN:-runs/train_corner$S}
echo "[$(elapsed) s] data, seeds $S-$((S + 2))"
python3 -m models.make_dataset --out runs/data$S --seed $S --kind cards --train "$(scenes 2500)" --val "$(scenes 300)" \
    --card-crops 0 --corner-patches "$(scenes 30000)" --workers "$workers" | tail -1 &
pids=($!)
python3 -m models.make_dataset --out runs/data$((S + 1)) --seed $((S + 1)) --only-patches \
    --cut-card-patches "$(scenes 20800)" --workers "$workers" | tail -1 &
pids+=($!)
python3 -m models.make_dataset --out runs/data$((S + 2)) --seed $((S + 2)) --only-patches --corner-patches "$(scenes 20000)" \
    --cut-card-patches "$(scenes 8000)" --decks oxygen oxygen-air oxygen-white future dondorf aisleriot-bonded \
    --workers "$workers" | tail -1 &
pids+=($!)
wait "${pids[@]}"   # named: a bare wait would also wait for the log's tee, which never ends
for d in runs/data$S runs/data$((S + 1)) runs/data$((S + 2)); do
    ls "$d"/corner_train*.npz > /dev/null || { echo "data failed: no corner crops in $d"; exit 3; }
done
python3 benchmarks/bench_classifier_step.py --device "$device" --steps 30 --out "$OUT/classifier_step.json" > /dev/null \
    || echo "[$(elapsed) s] the step benchmark failed; training goes on"
hours=$(python3 -c "print(round(max(30, $budget - $(elapsed) - 60) / 3600, 4))")   # 60 s to load the crops, validate, copy
echo "[$(elapsed) s] train for $hours h"
reader() {   # reader RUN_FOLDER THREADS [ARGS]: the corner reader trained on the three sets
    local run=$1 threads=$2; shift 2
    timeout $(( budget + 20 - $(elapsed) )) python3 -m models.train --data runs/data$S --extra-data runs/data$((S + 1)) \
        --extra-data runs/data$((S + 2)) --runs "$run" --only corner --cls-epochs 60 --cls-hours "$hours" \
        --threads "$threads" --device "$device" "$@"
    local rc=$?   # before $(elapsed), whose own status $? would report
    echo "[$(elapsed) s] $run rc $rc"
}
if [ -n "${WIDE:-}" ]; then
    reader "$RUN" $(( workers / 2 )) --cls-lr "$LR" --corner-init "$INIT" &
    pids=($!)
    reader "${RUN}_wide" $(( workers / 2 )) --cls-width "$WIDE" &
    wait "${pids[@]}" $!
else
    reader "$RUN" "$workers" --cls-lr "$LR" --corner-init "$INIT"
fi
cp "$RUN/corner_classifier.pt" "$OUT/" 2>/dev/null
[ -n "${WIDE:-}" ] && mkdir -p "$OUT/wide" && cp "${RUN}_wide/corner_classifier.pt" "$OUT/wide/" 2>/dev/null
ls -la "$OUT" "$OUT/wide" 2>/dev/null; echo "[$(elapsed) s] done"
