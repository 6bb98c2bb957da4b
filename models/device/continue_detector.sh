#!/usr/bin/env bash
# On a machine with a GPU: fresh scenes made on its cores, then a detector continued for what is left of a
# time budget; stripped best/last checkpoints (in 15 MiB parts where larger), results.csv and the log are left
# in $OUT to come back.
# Stages 22, 23, 25, 26, 27, 32, 35 and 41 of models/reproduce.sh made their detectors so (stage 41's live
# detector by its models.train command on the same data, in a second call on the machine still warm). The
# budget, 540 s by default, is sized for one command of at most 10 minutes with the machine's start counted
# in: the data take 1-3.5 minutes of it on 16 cores (stage 27's 10 650 scenes 204 s on an H100 machine,
# stage 25's as many 170 s on an H200 one, stage 32's through CAMERA's camera 254 s, stage 41's turned and
# cluttered too 207 s), training the rest (26 and 39 epochs at 480 px; stage 41's 27 in 273 s; stage 35's
# 25 at 320 px in 253 s).
#
#   here:   models/device/prepare.sh                       (fills the git-ignored .devcarry/)
#           models/device/set_aside.sh                     (the tree and the carry fit 64 MiB only so)
#   there:  bash models/device/continue_detector.sh [DEVICE] [SCALE] [BUDGET_S]   (carry: .devcarry)
#   back:   models/device/set_aside.sh --back
#   again:  the live detector on the same sets, on the machine still warm: the same SEED0 and CAMERA with
#           IMGSZ=320 INIT=models/weights/detector_live.pt RUN=runs/train_live$SEED0 and the budget left
#   then:   python3 -m models.soup models/weights/detector.pt $FILES_AT/last.pt --alpha A --imgsz 480 --ship-to DIR
#           (copy models/weights/*_classifier.* into DIR), and judge it against the shipped set on the choice sets:
#           python3 benchmarks/compare_detectors.py models/weights DIR ... --out runs/compare.json
#           and once shipped: the command models.quantize.SHIPPED_COMMAND names; python3 -m benchmarks.remake (about 90 min)
#   rehearse here on the CPU first:  SEED0=900 BATCH=16 OUT=/tmp/rehearsal bash models/device/continue_detector.sh cpu 0.005 150
#   the larger network from scratch:  ARCH=yolo11s-obb.yaml INIT= IMGSZ=416 ... (its checkpoints come back in parts)
#   continuing such a checkpoint (19.7 MB): carry .devcarry and the checkpoint, and set INIT to it.
#
# SCALE multiplies the scene counts. The environment picks the rest: SEED0 (the three sets' first seed,
# 70; each run takes three fresh ones: 220 is next (179-190 and 197-199 went to CPU runs, 191-193 to stage 32,
# 194-196 to stage 35, 214-216 to stage 41, 217-219 to stage 43; a run takes three, so 200 leads into the sets
# below), 201-206 are the benchmark's --more-sets, 207-212 the sets choices are made on, never to be trained
# on, 213 a held-out overlapping set, 400-431 the unseen-deck studies', 460-462 stage 40's side crops, 463
# the side crops of a side reader not shipped), MIX, VAL, CARDS, DICE (scenes of each kind: 3500, 150, 5500, 1500, as stage 27; stages 22
# and 25 had 4500 mixed and 4500 cards-only), IMGSZ (480; 320 for the live detector), INIT
# (models/weights/detector.pt; set empty: the network ARCH, default yolo11n-obb.yaml, from scratch), RUN (the
# run's folder, runs/train_det$SEED0), BATCH (128), CARDS_KIND (the second set's scene kind: cards, or
# overlapping for piles, fans and rows alone) and CAMERA (make_dataset's camera flags for all three sets, e.g.
# "--blur-max 3 --sharpen 0.3 --gloss 0.3": scenes out of focus up to sigma 3, a third sharpened as phones do,
# and a third of the cards glossy under a lamp; "--clutter 0.3" adds things beside the cards, a phone or a score pad,
# to a third of the scenes, "--glare-spots 0.3" a lamp's reflection to a third, what lies under its white core
# unlabelled; default none, the camera of every data set before).
set -uo pipefail
cd "$(dirname "$0")/../.."
device=${1:-0}; scale=${2:-1}; budget=${3:-540}
source models/device/machine.sh
# the carried real dice (made 480 px wide) in a folder of their own: a rehearsal here leaves runs/data_realw as it is
mkdir -p runs/data_realw_carried/det && cp -r .devcarry/realw/. runs/data_realw_carried/det/
sed -i "s|^path: .*|path: $PWD/runs/data_realw_carried/det|" runs/data_realw_carried/det/data.yaml   # made where prepare.sh ran
workers=$(nproc)
S=${SEED0:-70}; IMGSZ=${IMGSZ:-480}; INIT=${INIT-models/weights/detector.pt}; RUN=${RUN:-runs/train_det$S}
BATCH=${BATCH:-128}
export OUT RUN
# the sets' recipe, noted once all three are made: a second call on the machine still warm (the live detector
# after `detect`'s) with the same recipe trains on them as they are, its whole budget for training
recipe="$S ${MIX:-3500} ${VAL:-150} ${CARDS:-5500} ${DICE:-1500} ${CARDS_KIND:-cards} $scale ${CAMERA:-}"
if [ "$(cat runs/data$S.recipe 2>/dev/null)" = "$recipe" ]; then
    echo "[$(elapsed) s] data, seeds $S-$((S + 2)): made by an earlier call on this machine, used as they are"
else
    echo "[$(elapsed) s] data, seeds $S-$((S + 2))"
    rm -f runs/data$S.recipe
    python3 -m models.make_dataset --out runs/data$S --train "$(scenes ${MIX:-3500})" --val "$(scenes ${VAL:-150})" \
            --card-crops 0 --seed $S --workers "$workers" ${CAMERA:-} | tail -1 \
        && python3 -m models.make_dataset --out runs/data$((S + 1)) --train "$(scenes ${CARDS:-5500})" --val 0 --card-crops 0 \
            --seed $((S + 1)) --kind "${CARDS_KIND:-cards}" --workers "$workers" ${CAMERA:-} | tail -1 \
        && python3 -m models.make_dataset --out runs/data$((S + 2)) --train "$(scenes ${DICE:-1500})" --val 0 --card-crops 0 \
            --seed $((S + 2)) --kind dice_on_cards --workers "$workers" ${CAMERA:-} | tail -1 \
        || { echo "data failed"; exit 3; }
    echo "$recipe" > runs/data$S.recipe
fi
hours=$(python3 -c "print(round(max(45, $budget - $(elapsed) - 50) / 3600, 4))")   # 50 s for the last validation and copies
echo "[$(elapsed) s] train for $hours h"
timeout $(( budget + 20 - $(elapsed) )) python3 -m models.train --data runs/data$S --extra-data runs/data$((S + 1)) \
    --extra-data runs/data$((S + 2)) --extra-data runs/data_realw_carried --extra-data runs/data_realw_carried --runs "$RUN" --only det \
    ${INIT:+--init "$INIT"} ${ARCH:+--arch "$ARCH"} --imgsz "$IMGSZ" --epochs 40 --hours "$hours" --batch "$BATCH" --workers "$workers" --device "$device"
rc=$?   # before $(elapsed), whose own status $? would report
echo "[$(elapsed) s] train rc $rc"
python3 - <<'PY'
import os, shutil
from pathlib import Path
from ultralytics.utils.torch_utils import strip_optimizer
out, run = Path(os.environ["OUT"]), Path(os.environ["RUN"]) / "det"
for name in ("best.pt", "last.pt"):
    if (run / "weights" / name).exists():
        strip_optimizer(run / "weights" / name, out / name)
if (run / "results.csv").exists():
    shutil.copy(run / "results.csv", out / "results.csv")
PY
for f in "$OUT"/*.pt; do   # a file over 16 MiB does not come back (yolo11s's 19 MB): in parts, `cat F.part-* > F` here
    if [ -f "$f" ] && [ "$(stat -c %s "$f")" -gt $((15 * 1024 * 1024)) ]; then split -b 15m "$f" "$f.part-" && rm "$f"; fi
done
ls -la "$OUT"; echo "[$(elapsed) s] done"
