#!/usr/bin/env bash
# Fill .devcarry/ (git-ignored) with what models/device/continue_detector.sh needs on a machine with a GPU
# that has torch with CUDA, but neither ultralytics nor the Debian card decks, and no network, and that
# gets a copy of the working tree and the carry of at most 64 MiB. So the carry holds:
# - the ultralytics wheels, from this machine's local package index;
# - the rendered deck cache as WebP at quality 90 (8 MB for the 742 PNGs' 69; colour error 1.4 of 255
#   on the mean card, 5.2 on the worst, so scenes made from it differ a little from scenes made here);
# - the real dice training photos with their whole-die boxes (models/real_dice_whole_boxes.json),
#   made 480 px wide at JPEG quality 85 (4.1 MB for 13.9; mean pixel error 1.4 of 255, 1.3 at quality 90
#   and 5.4 MB, which with the int8 readers no longer fit): the detectors train at 480 px or less, and
#   ultralytics makes every image that size when it loads it, so they lose nothing they would use.
# The 64 MiB are taken to count the disk the files take in whole 4 KiB blocks, not their bytes (a tree and
# carry of 66.0 MB, under the 67.1 of 64 MiB, but 69.5 MB of disk, the carry's 1231 small files 3 MB more
# than their bytes, is refused), so the check below counts blocks. The whole tree
# and the carry are over it, so a call goes with the ONNX weights and sample videos set aside
# (models/device/set_aside.sh, before and after). It stops, naming the sizes, when the tree so
# lightened and the carry together are over the 64 MiB.
#
#   models/device/prepare.sh [REAL_DICE_FOLDER]     (default ../shared/datasets/real-dice-topdown)
set -euo pipefail
cd "$(dirname "$0")/../.."
real_dice=${1:-../shared/datasets/real-dice-topdown}
carry=.devcarry
rm -rf "$carry"
mkdir -p "$carry/whl" "$carry/realw"
version() { python3 -c "from importlib.metadata import version; print(version('$1'))"; }
python3 -m pip download -q --no-deps -d "$carry/whl" "ultralytics==$(version ultralytics)" \
    "ultralytics-thop==$(version ultralytics-thop)"
python3 - <<'PY'
from pathlib import Path
import cv2
from models.synth import decks
cache, carry = Path("runs/cards"), Path(".devcarry/cards")
if not any(cache.glob("*/back.png")):
    decks.render_all(cache)   # needs librsvg2-bin, kdegames-card-data-kf5 and aisleriot
names = [d.parent.name for d in cache.glob("*/back.png")]
if not names:   # scenes would fall back to the procedural decks alone, silently
    raise SystemExit("no SVG card decks rendered into runs/cards: apt-get install -y librsvg2-bin "
                     "kdegames-card-data-kf5 aisleriot, then run this again")
for name in names:
    for png in (cache / name).glob("*.png"):
        out = carry / name / (png.stem + ".webp")
        out.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(out), cv2.imread(str(png), cv2.IMREAD_UNCHANGED), [cv2.IMWRITE_WEBP_QUALITY, 90])
print(f"deck cache: {len(names)} decks, {sum(1 for _ in carry.glob('*/*.webp'))} cards as WebP")
PY
if [ ! -d runs/data_realw/det/images ]; then
    python3 -m models.make_dataset --out runs/data_realw --train 0 --val 0 --card-crops 0 --real-dice "$real_dice" \
        --real-dice-whole
fi
cp -r runs/data_realw/det/. "$carry/realw/"   # images, labels and make_dataset's data.yaml
python3 - <<'PY'
from pathlib import Path
import cv2
for photo in Path(".devcarry/realw/images").glob("*/*.jpg"):
    image = cv2.imread(str(photo))
    h, w = image.shape[:2]
    if w > 480:
        image = cv2.resize(image, (480, round(h * 480 / w)), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(photo), image, [cv2.IMWRITE_JPEG_QUALITY, 85])
PY
du -sh "$carry"
# the disk each file takes, in whole blocks (see above)
bytes_of() { python3 -c 'import os, sys; print(sum(os.stat(f).st_blocks * 512 for f in sys.stdin.read().split("\0") if os.path.isfile(f)))'; }
# what a device call takes along besides the carry: the tracked tree, less what set_aside.sh moves out
tracked=$(git ls-files -z | grep -zvxF -f <(models/device/set_aside.sh --list) | bytes_of)
carried=$(find "$carry" -type f -print0 | bytes_of)
limit=$((64 * 1024 * 1024))
if [ $((tracked + carried)) -gt "$limit" ]; then
    echo "the tracked tree ($tracked bytes of disk) and $carry ($carried) are over the $limit bytes a device call takes along" >&2
    exit 1
fi
echo "tracked tree $tracked + carry $carried bytes of disk, of $limit, with models/device/set_aside.sh run before the call"
