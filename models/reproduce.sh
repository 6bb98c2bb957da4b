#!/usr/bin/env bash
# Remake the shipped weights the way they were made, in 43 numbered stages whose comments say what each
# does; models/TRAINING.md tells how the shipped networks are reached through them.
#
#   models/reproduce.sh [REAL_DICE_FOLDER]     (default ../shared/datasets/real-dice-topdown)
#
# Time: about 18 hours of a 2-core CPU (data ~30 + 8 + 4 + 14 + 2 x 4.5 + 1 + 16 + 6 + 5 + 5 + 3 + 4 + 10 + 10 + 4.5 min;
# detector 79 + 54 + 132 + 90 + 60 + 57 + 61 + 103 + 78 min; card classifier 33 min + a continuation (not timed)
# + 25 + 13 + 7 + 8 min; die classifier 9 + 1.3 + 1.2 + 0.9 + 0.9 + 5.6 min; side classifier 7 min; corner reader 12 + 22
# + 15 + 17 + 20 + 17 + 22 min; stage 28's data 23 min; stage 29's crops untimed; stage 31's data 26 min), and eleven detector runs meant for a GPU (stages 16, 22, 23, 25, 26, 27, 32, 35, stage 41's two and 43: 144, 34,
# 34, 39, 41, 26, 15, 25, 27, 20 and 18 epochs in 0.33, 0.084, 0.026, 0.092, 0.033, 0.079, 0.062, 0.062, 0.076, 0.05
# and 0.054 h budgets, their data 1-4.5 min on 16 cores). Without a GPU those stages train on
# the CPU for the same budgets: a few epochs for stage 16, under one for the others, and ship those.
# A detector stage cut off resumes from its runs/ folder when the script is run again; data and
# classifier stages start over. The data sets before stage 17 keep the old rule for cards cut by the
# image's edge (--cut-cards unlabelled), so they are the data the shipped weights learnt from.
# Since stage 28 every data set's index corner crops are four a card (two before): stages 13 and 18
# now train the corner reader on all four corners, which stage 28 then continues.
# Stage 29's die crops are of the detectors shipped when it runs (stages 26 and 27's); the shipped reader
# learnt from crops of stages 22 and 23's, made for stage 24's candidate with the same seeds.
# `python3 -m models.rehearse` runs every stage in a clone at 0.03 of its sizes and budgets, in about 20 minutes:
# proof that each command still runs against the current code (not of what the stages learn).
set -euo pipefail
cd "$(dirname "$0")/.."
export YOLO_OFFLINE=1
real_dice=${1:-../shared/datasets/real-dice-topdown}

# 1. the first data set: scenes, card crops (tight and loose), the real dice
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data --train 2000 --val 200 --card-crops 15600 \
    --loose-card-crops 26000 --real-dice "$real_dice"
# 2. the detector from scratch at 320 px, the card classifier from scratch
python3 -m models.train --data runs/data --runs runs/train --only det --only card --epochs 14 --hours 1.3 \
    --cls-epochs 20 --ship
# 3. the detector fine-tuned from its own weights
python3 -m models.train --data runs/data --runs runs/train_det2 --only det --init models/weights/detector.pt \
    --epochs 15 --hours 0.9 --ship
# 4. the card classifier continued on all crops, loose ones included
python3 -m models.train --data runs/data --runs runs/train_cls_ft --only card --cls-epochs 14 --cls-lr 1.5e-3 \
    --card-init models/weights/card_classifier.pt --threads 2 --ship
# 5. a second data set (dice show their sides) and the die classifier
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data2 --train 2000 --val 200 --card-crops 0 --seed 1 \
    --real-dice "$real_dice"
python3 -m models.train --data runs/data2 --runs runs/train_die2 --only die --cls-epochs 8 --ship
# 6. the detector learns dice with their sides
python3 -m models.train --data runs/data2 --runs runs/train_det5 --only det --init models/weights/detector.pt \
    --epochs 25 --hours 2.2
# 7. a third data set (rows of table cards with gaps) and the detector on it
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data3 --train 2000 --val 200 --card-crops 0 --seed 2 \
    --real-dice "$real_dice"
python3 -m models.train --data runs/data3 --runs runs/train_det6 --only det \
    --init runs/train_det5/det/weights/best.pt --epochs 15 --hours 1.5 --ship
# 8. the card classifier continued on partly covered crops
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data_crops --train 0 --val 0 --card-crops 15600 \
    --loose-card-crops 26000 --seed 0
python3 -m models.train --data runs/data3 --extra-data runs/data_crops --runs runs/train_cls_occ --only card \
    --cls-epochs 6 --cls-lr 1.5e-3 --card-init models/weights/card_classifier.pt --card-occlude 0.5 --threads 1 --ship
# 9. the die classifier continued on the third set's dice
python3 -m models.train --data runs/data3 --runs runs/train_die3 --only die --cls-epochs 8 --cls-lr 1e-3 \
    --die-init models/weights/die_classifier.pt --threads 1 --ship
# 10. two more sets (the fifth with the real dice boxed whole) and the side classifier from scratch
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data4 --train 2000 --val 200 --card-crops 0 --seed 4
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data5 --train 2000 --val 200 --card-crops 0 --seed 5 \
    --real-dice "$real_dice" --real-dice-whole
python3 -m models.train --data runs/data4 --extra-data runs/data5 --runs runs/train_side --only side \
    --cls-epochs 12 --ship
# 11. the die classifier on whole real dice, then the detector
python3 -m models.train --data runs/data5 --runs runs/train_die10 --only die --cls-epochs 8 --cls-lr 1e-3 \
    --die-init models/weights/die_classifier.pt --threads 1 --ship
python3 -m models.train --data runs/data5 --runs runs/train_det10 --only det --init models/weights/detector.pt \
    --epochs 15 --hours 1.0 --ship
# 12. a sixth set (dice lying on cards): the die classifier, and a detector mixed 0.7 / 0.3 with stage 11's
cp models/weights/detector.pt runs/det11.pt
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data6 --train 700 --val 60 --card-crops 0 --seed 6 --kind dice_on_cards
python3 -m models.train --data runs/data5 --extra-data runs/data6 --runs runs/train_die12 --only die --cls-epochs 8 \
    --cls-lr 1e-3 --die-init models/weights/die_classifier.pt --threads 2 --ship
python3 -m models.train --data runs/data5 --extra-data runs/data6 --runs runs/train_det12 --only det \
    --init runs/det11.pt --epochs 13 --hours 0.95
python3 -m models.soup runs/det11.pt runs/train_det12/det/weights/best.pt --alpha 0.3
# 13. a seventh set (cards only, fanned patches) and the index corner reader from scratch
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data7 --train 2500 --val 300 --card-crops 0 --seed 7 --kind cards \
    --corner-patches 30000
python3 -m models.train --data runs/data7 --runs runs/train_corner --only corner --cls-epochs 12 --ship
# 14. the detector on covered cards and dice on cards; it stays the live pipeline's
python3 -m models.train --data runs/data7 --extra-data runs/data6 --extra-data runs/data5 --runs runs/train_det14 --only det \
    --init models/weights/detector.pt --epochs 7 --hours 1.0 --ship
cp models/weights/detector.onnx models/weights/detector_live.onnx   # the live pipeline keeps stage 14's 320 px detector
# 15. the same at a 416 px input
python3 -m models.train --data runs/data7 --extra-data runs/data6 --extra-data runs/data5 --runs runs/train_det17 --only det \
    --init models/weights/detector.pt --imgsz 416 --epochs 8 --hours 1.6 --ship
# 16. on a GPU: three fresh sets and the real dice twice, the detector at 480 px (and 320 px for the live pipeline)
device=$(python3 -c "import torch; print(0 if torch.cuda.is_available() else 'cpu')")
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data30 --train 4000 --val 150 --card-crops 0 --seed 30 --workers 16
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data31 --train 3500 --val 0 --card-crops 0 --seed 31 --kind cards --workers 16
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data32 --train 1500 --val 0 --card-crops 0 --seed 32 --kind dice_on_cards \
    --workers 16
python3 -m models.make_dataset --cut-cards unlabelled --out runs/data_realw --train 0 --val 0 --card-crops 0 --real-dice "$real_dice" \
    --real-dice-whole
python3 -m models.train --data runs/data30 --extra-data runs/data31 --extra-data runs/data32 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det18 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 120 --hours 0.33 --batch 128 --workers 16 --device "$device" --ship \
    --live-imgsz 320
# 17. cards cut by the image's edge labelled: the detector continued on the CPU, mixed half and half with stage 16's
python3 -m models.make_dataset --out runs/data40 --train 1800 --val 60 --card-crops 0 --seed 40
python3 -m models.make_dataset --out runs/data41 --train 1600 --val 0 --card-crops 0 --seed 41 --kind cards
python3 -m models.make_dataset --out runs/data42 --train 600 --val 0 --card-crops 0 --seed 42 --kind dice_on_cards
python3 -m models.train --data runs/data40 --extra-data runs/data41 --extra-data runs/data42 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det19 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 6 --hours 1.7 --ship --ship-to runs/cand_det19
python3 -m models.soup models/weights/detector.pt runs/cand_det19/detector.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live
cp runs/soup_live/detector.onnx models/weights/detector_live.onnx
python3 -m models.soup models/weights/detector.pt runs/cand_det19/detector.pt --alpha 0.5 --imgsz 480
# 18. the corner reader learns cards cut by the image's edge
python3 -m models.make_dataset --out runs/data_cut --seed 9 --only-patches --cut-card-patches 20800
python3 -m models.train --data runs/data7 --extra-data runs/data_cut --runs runs/train_corner20 --only corner --cls-epochs 6 \
    --cls-lr 1.5e-3 --corner-init models/weights/corner_classifier.pt --threads 1 --ship
# 19. the detector continued again; its mix with stage 17's is the live pipeline's
python3 -m models.make_dataset --out runs/data43 --train 1800 --val 60 --card-crops 0 --seed 43
python3 -m models.make_dataset --out runs/data44 --train 1600 --val 0 --card-crops 0 --seed 44 --kind cards
python3 -m models.make_dataset --out runs/data45 --train 600 --val 0 --card-crops 0 --seed 45 --kind dice_on_cards
python3 -m models.train --data runs/data43 --extra-data runs/data44 --extra-data runs/data45 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det20 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 5 --hours 1.3
python3 -m models.soup models/weights/detector.pt runs/train_det20/det/weights/best.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live20
cp runs/soup_live20/detector.onnx models/weights/detector_live.onnx
# 20. the die classifier learns crops of the detectors' own boxes; `detect` takes stage 19's mix too
python3 -m models.detector_crops --seed 50 --scenes 900 --out runs/data_detdie
python3 -m models.detector_crops --seed 51 --scenes 600 --kind dice_on_cards --out runs/data_detdie
python3 -m models.detector_crops --seed 52 --scenes 300 --out runs/data_detdie_val
python3 -m models.train --data runs/data43 --extra-data runs/data45 --extra-data runs/data_realw --extra-data runs/data_detdie \
    --runs runs/train_die22 --only die --cls-epochs 8 --cls-lr 1e-3 --die-init models/weights/die_classifier.pt \
    --cls-val runs/data_detdie_val/die_train_det52.npz --cls-val runs/data43/die_val.npz --ship
python3 -m models.soup models/weights/detector.pt runs/train_det20/det/weights/best.pt --alpha 0.5 --imgsz 480
# 21. the card classifier learns crops of the detectors' own boxes
python3 -m models.make_dataset --out runs/data46 --train 1800 --val 60 --card-crops 0 --seed 46
python3 -m models.make_dataset --out runs/data47 --train 1600 --val 0 --card-crops 0 --seed 47 --kind cards
python3 -m models.detector_crops --stage card --seed 55 --scenes 200 --out runs/data_detcard_val
python3 -m models.detector_crops --stage card --seed 53 --scenes 900 --out runs/data_detcard
python3 -m models.detector_crops --stage card --seed 54 --scenes 500 --kind cards --out runs/data_detcard
python3 -m models.detector_crops --stage card --seed 56 --scenes 2000 --kind cards --out runs/data_detcard
python3 -m models.train --data runs/data46 --extra-data runs/data43 --extra-data runs/data44 --extra-data runs/data45 \
    --extra-data runs/data47 --extra-data runs/data_detcard --runs runs/train_card23 --only card --cls-epochs 6 \
    --cls-lr 1.5e-3 --card-init models/weights/card_classifier.pt --card-occlude 0.5 \
    --cls-val runs/data_detcard_val/card_train_det55.npz --cls-val runs/data46/card_val.npz --cls-val runs/data43/card_val.npz \
    --ship
# 22. on a GPU: `detect`'s detector continued at 480 px, mixed half and half with stage 20's
python3 -m models.make_dataset --out runs/data70 --train 4500 --val 150 --card-crops 0 --seed 70 --workers 16
python3 -m models.make_dataset --out runs/data71 --train 4500 --val 0 --card-crops 0 --seed 71 --kind cards --workers 16
python3 -m models.make_dataset --out runs/data72 --train 1500 --val 0 --card-crops 0 --seed 72 --kind dice_on_cards --workers 16
python3 -m models.train --data runs/data70 --extra-data runs/data71 --extra-data runs/data72 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det22 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0839 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector.pt runs/train_det22/det/weights/last.pt --alpha 0.5 --imgsz 480
# 23. on a GPU: that mix continued at 320 px on dice-rich scenes is the live pipeline's
python3 -m models.make_dataset --out runs/data80 --train 2000 --val 60 --card-crops 0 --seed 80 --workers 16
python3 -m models.make_dataset --out runs/data81 --train 600 --val 0 --card-crops 0 --seed 81 --kind cards --workers 16
python3 -m models.make_dataset --out runs/data82 --train 1000 --val 0 --card-crops 0 --seed 82 --kind dice_on_cards --workers 16
python3 -m models.train --data runs/data80 --extra-data runs/data81 --extra-data runs/data82 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_live23 --only det \
    --init models/weights/detector.pt --imgsz 320 --epochs 40 --hours 0.0261 --batch 128 --workers 16 --device "$device" \
    --ship --ship-last --ship-to runs/cand_live23
cp runs/cand_live23/detector.onnx models/weights/detector_live.onnx
cp runs/cand_live23/detector.pt models/weights/detector_live.pt
# 24. the card classifier learns crops of stages 22 and 23's boxes
python3 -m models.detector_crops --stage card --seed 95 --scenes 200 --out runs/data_detcard24_val
python3 -m models.detector_crops --stage card --seed 93 --scenes 900 --out runs/data_detcard24
python3 -m models.detector_crops --stage card --seed 94 --scenes 500 --kind cards --out runs/data_detcard24
python3 -m models.detector_crops --stage card --seed 96 --scenes 2000 --kind cards --out runs/data_detcard24
python3 -m models.train --data runs/data46 --extra-data runs/data43 --extra-data runs/data44 --extra-data runs/data45 \
    --extra-data runs/data47 --extra-data runs/data_detcard24 --runs runs/train_card24 --only card --cls-epochs 6 \
    --cls-lr 1.5e-3 --card-init models/weights/card_classifier.pt --card-occlude 0.5 \
    --cls-val runs/data_detcard24_val/card_train_det95.npz --cls-val runs/data46/card_val.npz --cls-val runs/data43/card_val.npz \
    --ship
# 25. on a GPU: `detect`'s detector continued at 480 px, shipped alone
python3 -m models.make_dataset --out runs/data100 --train 4500 --val 150 --card-crops 0 --seed 100 --workers 16
python3 -m models.make_dataset --out runs/data101 --train 4500 --val 0 --card-crops 0 --seed 101 --kind cards --workers 16
python3 -m models.make_dataset --out runs/data102 --train 1500 --val 0 --card-crops 0 --seed 102 --kind dice_on_cards \
    --workers 16
python3 -m models.train --data runs/data100 --extra-data runs/data101 --extra-data runs/data102 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det25 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0917 --batch 128 --workers 16 --device "$device" \
    --ship --ship-last
# 26. on a GPU: the live detector continued at 320 px, mixed half and half with stage 23's
python3 -m models.make_dataset --out runs/data110 --train 2000 --val 60 --card-crops 0 --seed 110 --workers 16
python3 -m models.make_dataset --out runs/data111 --train 600 --val 0 --card-crops 0 --seed 111 --kind cards --workers 16
python3 -m models.make_dataset --out runs/data112 --train 1000 --val 0 --card-crops 0 --seed 112 --kind dice_on_cards \
    --workers 16
python3 -m models.train --data runs/data110 --extra-data runs/data111 --extra-data runs/data112 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_live26 --only det \
    --init models/weights/detector_live.pt --imgsz 320 --epochs 40 --hours 0.0333 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector_live.pt runs/train_live26/det/weights/last.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live26
cp runs/soup_live26/detector.onnx models/weights/detector_live.onnx
cp runs/soup_live26/detector.pt models/weights/detector_live.pt
# 27. on a GPU: `detect`'s detector continued at 480 px on more cards-only scenes, shipped alone
python3 -m models.make_dataset --out runs/data140 --train 3500 --val 150 --card-crops 0 --seed 140 --workers 16
python3 -m models.make_dataset --out runs/data141 --train 5500 --val 0 --card-crops 0 --seed 141 --kind cards --workers 16
python3 -m models.make_dataset --out runs/data142 --train 1500 --val 0 --card-crops 0 --seed 142 --kind dice_on_cards \
    --workers 16
python3 -m models.train --data runs/data140 --extra-data runs/data141 --extra-data runs/data142 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det27 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0792 --batch 128 --workers 16 --device "$device" \
    --ship --ship-last
# 28. the index corner reader reads all four corners (decks with an index there, or split as the oxygen decks split it)
python3 -m models.make_dataset --out runs/data182 --seed 182 --only-patches --corner-patches 20000 --cut-card-patches 8000 \
    --decks oxygen oxygen-air oxygen-white future dondorf aisleriot-bonded
python3 -m models.make_dataset --out runs/data180 --train 2500 --val 300 --card-crops 0 --seed 180 --kind cards \
    --corner-patches 30000
python3 -m models.make_dataset --out runs/data181 --seed 181 --only-patches --cut-card-patches 20800
python3 -m models.train --data runs/data180 --extra-data runs/data181 --extra-data runs/data182 --runs runs/train_corner28 \
    --only corner --cls-epochs 4 --cls-lr 1.5e-3 --corner-init models/weights/corner_classifier.pt --threads 2 --ship
# 29. the die reader continued with 0.3 of its crops out of focus (--blur 0.3), on crops of the detectors' own boxes
python3 -m models.detector_crops --seed 90 --scenes 900 --out runs/data_detdie29
python3 -m models.detector_crops --seed 91 --scenes 600 --kind dice_on_cards --out runs/data_detdie29
python3 -m models.detector_crops --seed 92 --scenes 300 --out runs/data_detdie29_val
python3 -m models.train --data runs/data43 --extra-data runs/data45 --extra-data runs/data_realw --extra-data runs/data_detdie29 \
    --runs runs/train_die29 --only die --cls-epochs 8 --cls-lr 1e-3 --die-init models/weights/die_classifier.pt --blur 0.3 \
    --cls-val runs/data_detdie29_val/die_train_det92.npz --cls-val runs/data43/die_val.npz --ship
# 30. int8 copies of both detectors and the four readers for small CPUs (`detect --int8`, `run --int8`), their ranges
#     from 60 rendered scenes
python3 -m models.quantize --scenes 20
# 31. the card reader learns glossy cards: crops of the detectors' boxes on scenes with half their cards glossy and on
#     plain ones, loose card crops, and the scene crops of three sets through a camera out of focus or sharpened; then
#     the int8 copies made again, as in stage 30, for the new reader
python3 -m models.make_dataset --out runs/data_cam182 --train 1200 --val 40 --card-crops 0 --seed 182 --blur-max 3 \
    --sharpen 0.3
python3 -m models.make_dataset --out runs/data_cam183 --train 400 --val 0 --card-crops 0 --seed 183 --kind cards \
    --blur-max 3 --sharpen 0.3
python3 -m models.make_dataset --out runs/data_cam184 --train 600 --val 0 --card-crops 0 --seed 184 --kind dice_on_cards \
    --blur-max 3 --sharpen 0.3
python3 -m models.make_dataset --out runs/data185 --seed 185 --only-patches --loose-card-crops 12000 --corner-patches 12000
python3 -m models.detector_crops --stage card --seed 186 --scenes 900 --gloss 0.5 --out runs/data_gloss31
python3 -m models.detector_crops --stage card --seed 187 --scenes 1500 --kind cards --gloss 0.5 --out runs/data_gloss31
python3 -m models.detector_crops --stage card --seed 188 --scenes 200 --gloss 0.5 --out runs/data_gloss31_val
python3 -m models.detector_crops --stage card --seed 189 --scenes 900 --out runs/data_plain31
python3 -m models.detector_crops --stage card --seed 190 --scenes 1500 --kind cards --out runs/data_plain31
python3 -m models.detector_crops --stage card --seed 188 --scenes 200 --out runs/data_plain31_val
python3 -m models.train --data runs/data_gloss31 --extra-data runs/data_plain31 --extra-data runs/data185 \
    --extra-data runs/data_cam182 --extra-data runs/data_cam183 --extra-data runs/data_cam184 --runs runs/train_card31 \
    --only card --cls-epochs 6 --cls-lr 1e-3 --card-init models/weights/card_classifier.pt --card-occlude 0.5 --gloss 0.2 \
    --cls-val runs/data_gloss31_val/card_train_det188.npz --cls-val runs/data_plain31_val/card_train_det188.npz \
    --threads 2 --ship
python3 -m models.quantize --scenes 20
# 32. on a GPU: `detect`'s detector continued at 480 px on scenes through other cameras (out of focus up to sigma 3,
#     a third sharpened) with a third of their cards glossy, mixed half and half with stage 27's
python3 -m models.make_dataset --out runs/data191 --train 3500 --val 150 --card-crops 0 --seed 191 --workers 16 \
    --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.make_dataset --out runs/data192 --train 5500 --val 0 --card-crops 0 --seed 192 --kind cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.make_dataset --out runs/data193 --train 1500 --val 0 --card-crops 0 --seed 193 --kind dice_on_cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.train --data runs/data191 --extra-data runs/data192 --extra-data runs/data193 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det32 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0619 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector.pt runs/train_det32/det/weights/last.pt --alpha 0.5 --imgsz 480
# 33. the index corner reader continued on stage 28's data with half its crops' index scaled (--index-scale 0.5), as
#     decks print it larger, smaller, narrower or wider; then the int8 copies made again for both new networks
python3 -m models.train --data runs/data180 --extra-data runs/data182 --extra-data runs/data181 --runs runs/train_corner33 \
    --only corner --cls-epochs 4 --cls-lr 1.5e-3 --corner-init models/weights/corner_classifier.pt --index-scale 0.5 \
    --threads 2 --ship
python3 -m models.quantize --scenes 20
# 34. the live detector mixed half and half with stage 32's (it never saw another camera); the int8 copies made again,
#     their calibration scenes through stage 32's camera and the detectors' ranges cut at the 99.999th percentile.
#     --live: its ONNX file takes inputs of any size, as the pipeline's strips of table want (exported so since)
python3 -m models.soup models/weights/detector_live.pt models/weights/detector.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live34 --live
cp runs/soup_live34/detector.onnx models/weights/detector_live.onnx
cp runs/soup_live34/detector.pt models/weights/detector_live.pt
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999
# 35. on a GPU: the live detector continued at 320 px on scenes through stage 32's camera (fresh seeds), mixed half
#     and half with stage 34's; the int8 copies made again as in stage 34
python3 -m models.make_dataset --out runs/data194 --train 3500 --val 150 --card-crops 0 --seed 194 --workers 16 \
    --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.make_dataset --out runs/data195 --train 5500 --val 0 --card-crops 0 --seed 195 --kind cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.make_dataset --out runs/data196 --train 1500 --val 0 --card-crops 0 --seed 196 --kind dice_on_cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3
python3 -m models.train --data runs/data194 --extra-data runs/data195 --extra-data runs/data196 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_live35 --only det \
    --init models/weights/detector_live.pt --imgsz 320 --epochs 40 --hours 0.0617 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector_live.pt runs/train_live35/det/weights/last.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live35 --live
cp runs/soup_live35/detector.onnx models/weights/detector_live.onnx
cp runs/soup_live35/detector.pt models/weights/detector_live.pt
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999
# 36. the index corner reader continued as in stage 33, with patches of 24 procedural decks whose index is set in
#     TrueType fonts (font-0 ... font-23: DejaVu, Nimbus Sans, P052, URW Bookman) among its crops; then the
#     int8 copies made again as in stage 34 (only the corner reader's changes)
python3 -m models.make_dataset --out runs/data440 --seed 440 --only-patches --corner-patches 12000 \
    --cut-card-patches 3000 --decks font-0 font-1 font-2 font-3 font-4 font-5 font-6 font-7 font-8 font-9 font-10 font-11 \
    font-12 font-13 font-14 font-15 font-16 font-17 font-18 font-19 font-20 font-21 font-22 font-23
python3 -m models.train --data runs/data180 --extra-data runs/data182 --extra-data runs/data181 \
    --extra-data runs/data440 --runs runs/train_corner36 --only corner --cls-epochs 4 --cls-lr 1.5e-3 \
    --corner-init models/weights/corner_classifier.pt --index-scale 0.5 --threads 2 --ship
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999
# 37. stage 36 undone: stage 33's reader continued as in stage 33 without the font decks, a third of each batch's crops
#     out of focus (--blur 0.3), which reads decks it never saw better out of focus; then the int8 copies as in stage 34
python3 -m models.train --data runs/data180 --extra-data runs/data182 --extra-data runs/data181 --runs runs/train_corner37 \
    --only corner --cls-epochs 4 --cls-lr 1.5e-3 --corner-init runs/train_corner33/corner_classifier.pt --index-scale 0.5 \
    --blur 0.3 --threads 2 --ship
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999
# 38. the int8 copies made again, the live detector's first two convolutions kept in floats (--live-float-stem): its
#     copy then reads nearly as many cards as the float detector, at the same speed (only its copy changes)
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem
# 39. stage 36's font decks and stage 37's blur together: stage 33's reader continued as in stage 36 with --blur 0.3,
#     mixed half and half with stage 37's (it reads fonts it never saw nearly as stage 36's did, out of focus as stage 37's);
#     then the int8 copies as in stage 38 (only the corner reader's changes)
python3 -m models.train --data runs/data180 --extra-data runs/data182 --extra-data runs/data181 \
    --extra-data runs/data440 --runs runs/train_corner39 --only corner --cls-epochs 4 --cls-lr 1.5e-3 \
    --corner-init runs/train_corner33/corner_classifier.pt --index-scale 0.5 --blur 0.3 --threads 2
python3 -m models.soup models/weights/corner_classifier.pt runs/train_corner39/corner_classifier.pt --alpha 0.5 \
    --reader corner
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem
# 40. a side reader that can also say "no card": the shipped side reader widened to three classes and continued on
#     crops of the shipped detectors' card and back boxes in scenes 0.7 of which have things beside the cards
#     (a phone, a score pad, a card box, a game board: --clutter); a box meeting no object is "no card". It also
#     learns the side crops of plain scenes, so that it reads sides as before; then the int8 copies as in stage 38
#     (only the side reader's changes)
python3 -m models.detector_crops --stage side --seed 460 --scenes 2500 --clutter 0.7 --out runs/data_detside40
python3 -m models.detector_crops --stage side --seed 461 --scenes 400 --clutter 0.7 --out runs/data_detside40_val
python3 -m models.make_dataset --out runs/data462 --train 1200 --val 0 --card-crops 0 --seed 462
python3 -m models.train --data runs/data_detside40 --extra-data runs/data462 --runs runs/train_side40 --only side \
    --no-card-class --cls-epochs 6 --cls-lr 1.5e-3 --side-init models/weights/side_classifier.pt \
    --cls-val runs/data_detside40_val/side_train_det461.npz --threads 2 --ship
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem
# 41. on a GPU: both detectors continued on fresh scenes through stage 32's camera turned up to 30 degrees from
#     looking straight down, a third of them with things beside the cards (a phone, a score pad, a card box, a game
#     board: --tilt-max 30 --clutter 0.3), so that they learn not to box those; `detect`'s shipped mixed a quarter
#     with the detector it continued and three quarters with the run, the live one half and half (three quarters
#     cost it events under a moving glare spot); then the int8 copies as in stage 38
python3 -m models.make_dataset --out runs/data214 --train 3500 --val 150 --card-crops 0 --seed 214 --workers 16 \
    --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3
python3 -m models.make_dataset --out runs/data215 --train 5500 --val 0 --card-crops 0 --seed 215 --kind cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3
python3 -m models.make_dataset --out runs/data216 --train 1500 --val 0 --card-crops 0 --seed 216 --kind dice_on_cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3
python3 -m models.train --data runs/data214 --extra-data runs/data215 --extra-data runs/data216 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det41 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0758 --batch 128 --workers 16 --device "$device"
python3 -m models.train --data runs/data214 --extra-data runs/data215 --extra-data runs/data216 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_live41 --only det \
    --init models/weights/detector_live.pt --imgsz 320 --epochs 40 --hours 0.05 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector.pt runs/train_det41/det/weights/last.pt --alpha 0.75 --imgsz 480
python3 -m models.soup models/weights/detector_live.pt runs/train_live41/det/weights/last.pt --alpha 0.5 --imgsz 320 \
    --ship-to runs/soup_live41 --live
cp runs/soup_live41/detector.onnx models/weights/detector_live.onnx
cp runs/soup_live41/detector.pt models/weights/detector_live.pt
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem
# 42. the int8 copies made again, the live detector's ranges learnt also from every calibration scene seen again under
#     a lamp's glare spot (--live-glare 1.0): the copy made without lost events under a moving glare spot
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem \
    --live-glare 1.0
# 43. on a GPU: `detect`'s detector continued on fresh scenes through stage 41's camera with a lamp's reflection on a
#     third of them (--glare-spots 0.3: a spot 5-20 % of the scene's width, what lies under its white core unlabelled),
#     mixed half and half with the detector it continued; then the int8 copies as in stage 42 (`detect`'s copy and the
#     readers' change: their ranges are learnt on crops of its boxes)
python3 -m models.make_dataset --out runs/data217 --train 3500 --val 150 --card-crops 0 --seed 217 --workers 16 \
    --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3 --glare-spots 0.3
python3 -m models.make_dataset --out runs/data218 --train 5500 --val 0 --card-crops 0 --seed 218 --kind cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3 --glare-spots 0.3
python3 -m models.make_dataset --out runs/data219 --train 1500 --val 0 --card-crops 0 --seed 219 --kind dice_on_cards \
    --workers 16 --blur-max 3 --sharpen 0.3 --gloss 0.3 --tilt-max 30 --clutter 0.3 --glare-spots 0.3
python3 -m models.train --data runs/data217 --extra-data runs/data218 --extra-data runs/data219 \
    --extra-data runs/data_realw --extra-data runs/data_realw --runs runs/train_det43 --only det \
    --init models/weights/detector.pt --imgsz 480 --epochs 40 --hours 0.0536 --batch 128 --workers 16 --device "$device"
python3 -m models.soup models/weights/detector.pt runs/train_det43/det/weights/last.pt --alpha 0.5 --imgsz 480
python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 --detector-percentile 99.999 --live-float-stem \
    --live-glare 1.0
