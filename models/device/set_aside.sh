#!/usr/bin/env bash
# Move out of the working tree, for a device call, the tracked files no script in models/device/ reads
# there (the ONNX weights and the sample videos, 36 MB), and back after it. Why: the call takes at most
# 64 MiB of tree and carry, counted, it seems, in whole blocks of disk, and the tree (54 MB so) and .devcarry (13 MB)
# together are over it. They wait in the git-ignored runs/set_aside/, moved, not deleted, so uncommitted
# weights are not lost.
#
#   models/device/set_aside.sh          before the call
#   models/device/set_aside.sh --back   after it
#   models/device/set_aside.sh --list   what it would move (prepare.sh leaves these out of its count)
set -euo pipefail
cd "$(dirname "$0")/../.."
aside=runs/set_aside
if [ "${1:-}" = "--list" ]; then
    ls -1 models/weights/*.onnx pelituomari/samples/*.mp4
    exit 0
fi
if [ "${1:-}" = "--back" ]; then
    if [ ! -d "$aside" ]; then
        echo "nothing is set aside: $aside/ does not exist, so the files are where they were" >&2
        exit 1
    fi
    shopt -s nullglob
    set_aside=("$aside"/weights/*.onnx "$aside"/samples/*.mp4)
    home() { case "$1" in *.onnx) echo models/weights ;; *) echo pelituomari/samples ;; esac; }
    # A file made since (weights fetched from the call) may be newer than its copy set aside: keep both.
    clash=0
    for f in "${set_aside[@]}"; do
        to="$(home "$f")/$(basename "$f")"
        if [ -e "$to" ]; then
            echo "$to exists and so does its copy set aside, $f: keep one, then run --back again" >&2
            clash=1
        fi
    done
    [ "$clash" = 0 ] || exit 1
    for f in "${set_aside[@]}"; do mv "$f" "$(home "$f")/"; done
    rmdir "$aside"/weights "$aside"/samples "$aside"
    echo "the ONNX weights and sample videos are back"
    exit 0
fi
if [ -d "$aside" ]; then
    echo "$aside/ already holds files set aside: run $0 --back first" >&2
    exit 1
fi
mkdir -p "$aside/weights" "$aside/samples"
mv models/weights/*.onnx "$aside/weights/" && mv pelituomari/samples/*.mp4 "$aside/samples/"
echo "set aside in $aside/ until $0 --back"
