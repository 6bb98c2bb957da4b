"""Calibration: table millimetres <-> camera pixels from rendered ArUco scenes, files, zones, lens."""

import json

import cv2
import numpy as np
import pytest

from calibration.markers import marker_sheet
from calibration.table import CalibrationError, Lens, TableCalibration, detect_markers
from calibration.zones import Zone, ZoneError, gin_layout, kiketti_layout, kimble_layout, skruuvi_layout
from vision.virtual_table import VirtualTable, camera_homography

TABLE = (900.0, 560.0)
POINTS = np.array([[0, 0], [900, 0], [900, 560], [0, 560], [450, 280], [123.4, 456.7], [800, 60]], float)


def _felt():
    return np.full((560, 900, 3), (40, 110, 40), np.uint8)


def _drawn_at(H, pts):
    return cv2.perspectiveTransform(pts[None].astype(np.float64), H)[0]


@pytest.mark.parametrize("tilt,height", [(8.0, 900.0), (0.0, 1200.0), (15.0, 800.0)])
def test_markers_give_the_pixel_the_generator_drew_each_table_point_at(tilt, height):
    H = camera_homography(TABLE, (1280, 720), height_mm=height, tilt_deg=tilt)
    frame = VirtualTable(TABLE, _felt(), H=H).render([])
    cal = TableCalibration.from_markers(frame, TABLE)
    err = np.abs(cal.to_pixels(POINTS) - _drawn_at(H, POINTS)).max()
    assert err < 2.0, f"{err:.2f} px"
    back = cal.to_table(_drawn_at(H, POINTS))
    assert np.abs(back - POINTS).max() < 2.0


def test_a_dot_drawn_on_the_table_is_found_where_the_calibration_says():
    from vision.virtual_table import Sprite

    dot = np.zeros((41, 41, 4), np.uint8)
    cv2.circle(dot, (20, 20), 18, (0, 0, 255, 255), -1)
    frame = VirtualTable(TABLE, _felt()).render([Sprite(dot, 612.0, 333.0, 20.0, 20.0)])
    cal = TableCalibration.from_markers(frame, TABLE)
    mask = cv2.inRange(frame, (0, 0, 180), (90, 90, 255))
    m = cv2.moments(mask, binaryImage=True)
    seen = np.array([m["m10"] / m["m00"], m["m01"] / m["m00"]])
    assert np.abs(cal.to_pixels([[612.0, 333.0]])[0] - seen).max() < 2.0


def test_a_turned_marker_still_calibrates():
    H = camera_homography(TABLE, (1280, 720))
    table = VirtualTable(TABLE, _felt(), H=H)
    frame = table.render([])
    found = detect_markers(frame)
    assert sorted(found) == [0, 1, 2, 3]
    # turn marker 2 by a quarter in the image: its corners come in another order, same square
    cx, cy = np.round(found[2].mean(0)).astype(int)
    r = int(np.ptp(found[2], axis=0).max() / 2) + 12
    frame[cy - r:cy + r + 1, cx - r:cx + r + 1] = np.rot90(frame[cy - r:cy + r + 1, cx - r:cx + r + 1].copy(), 1)
    turned = detect_markers(frame)[2]
    assert np.abs(turned - found[2]).max() > 20  # the corners really are in another order now
    cal = TableCalibration.from_markers(frame, TABLE)
    assert np.abs(cal.to_pixels(POINTS) - _drawn_at(H, POINTS)).max() < 2.0


def test_missing_markers_are_named():
    frame = VirtualTable(TABLE, _felt()).render([])
    corners = detect_markers(frame)[3]
    x0, y0 = corners.min(0).astype(int) - 15
    x1, y1 = corners.max(0).astype(int) + 15
    frame[y0:y1, x0:x1] = (40, 110, 40)
    with pytest.raises(CalibrationError, match=r"corner marker\(s\) \[3\] not found in the image \(seen: \[0, 1, 2\]\)"):
        TableCalibration.from_markers(frame, TABLE)


def test_four_given_corners_and_the_file_round_trip(tmp_path):
    H = camera_homography(TABLE, (1280, 720))
    corners = _drawn_at(H, POINTS[:4])
    cal = TableCalibration.from_corners(corners, (1280, 720), TABLE, kiketti_layout(2, TABLE))
    assert np.abs(cal.to_pixels(POINTS) - _drawn_at(H, POINTS)).max() < 1e-3
    cal.save(tmp_path / "cal.json")
    again = TableCalibration.load(tmp_path / "cal.json")
    assert again.zones == cal.zones and again.method == "corners" and again.image_size == (1280, 720)
    assert np.abs(again.to_pixels(POINTS) - cal.to_pixels(POINTS)).max() < 1e-9
    assert again.zone_at(*again.zones["pile"].centre) == "pile"


def test_corners_given_out_of_order_are_refused_and_turned_ones_are_not():
    far_left, far_right, near_right, near_left = (100, 50), (1180, 50), (1180, 670), (100, 670)
    with pytest.raises(CalibrationError) as e:
        TableCalibration.from_corners([far_left, far_right, near_left, near_right], (1280, 720), TABLE)
    assert str(e.value) == ("the corners 100,50 1180,50 100,670 1180,670 do not outline a table in the order far-left, "
                            "far-right, near-right, near-left: two of its sides cross, or three corners lie in a line")
    with pytest.raises(CalibrationError, match="three corners lie in a line"):
        TableCalibration.from_corners([far_left, (640, 50), far_right, near_right], (1280, 720), TABLE)
    turned = TableCalibration.from_corners([near_right, near_left, far_left, far_right], (1280, 720), TABLE)
    assert np.abs(turned.to_pixels([[0, 0]])[0] - near_right).max() < 1e-6   # a camera on the far side


def test_bad_calibration_files_say_what_is_wrong(tmp_path):
    path = tmp_path / "cal.json"
    with pytest.raises(CalibrationError, match="no such calibration file"):
        TableCalibration.load(path)
    path.write_text("{")
    with pytest.raises(CalibrationError, match="not valid JSON"):
        TableCalibration.load(path)
    good = TableCalibration.from_corners(_drawn_at(camera_homography(TABLE), POINTS[:4]), (1280, 720), TABLE).to_json()
    path.write_text(json.dumps({**good, "homography": [[1, 0], [0, 1]]}))
    with pytest.raises(CalibrationError, match="'homography' must be a 3x3 matrix"):
        TableCalibration.load(path)
    path.write_text(json.dumps({k: v for k, v in good.items() if k != "table_mm"}))
    with pytest.raises(CalibrationError, match="missing field 'table_mm'"):
        TableCalibration.load(path)
    path.write_text(json.dumps({**good, "zones": {"pile": [10, 10, 5, 50]}}))
    with pytest.raises(CalibrationError, match="zone 'pile': needs x0 < x1"):
        TableCalibration.load(path)


def test_a_lens_maps_both_ways_and_rectifies_straight():
    lens = Lens(np.array([[900.0, 0, 640], [0, 900.0, 360], [0, 0, 1]]), np.array([-0.25, 0.08, 0.001, -0.001, 0.0]))
    cal = TableCalibration((1280, 720), TABLE, camera_homography(TABLE), lens=lens)
    px = cal.to_pixels(POINTS)
    assert np.abs(px - _drawn_at(cal.homography, POINTS)).max() > 5  # the lens bends the image
    assert np.abs(cal.to_table(px) - POINTS).max() < 0.05
    mx, my = cal.rectify_maps(0.5)
    assert mx.shape == (280, 450)
    assert abs(mx[0, 0] - cal.to_pixels([[1.0, 1.0]])[0][0]) < 1e-3


def test_the_marker_sheet_prints_all_four_markers_at_true_size():
    sheet = marker_sheet(50.0, dpi=150)
    assert sheet.shape == (round(297 * 150 / 25.4), round(210 * 150 / 25.4))
    found = detect_markers(sheet)
    assert sorted(found) == [0, 1, 2, 3]
    side_px = np.linalg.norm(found[0][1] - found[0][0])
    assert abs(side_px / (150 / 25.4) - 50.0) < 1.0


def test_zone_layouts():
    big = (1200.0, 1000.0)
    zones = kiketti_layout(4, big)
    assert list(zones) == ["stock", "pile", "seat0", "hand0", "seat1", "hand1", "seat2", "hand2", "seat3", "hand3"]
    names = list(zones.values())
    for i, a in enumerate(names):  # no two zones overlap
        for b in names[i + 1:]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0, (a.name, b.name)
    assert all(0 <= z.x0 and z.x1 <= big[0] and 0 <= z.y0 and z.y1 <= big[1] for z in names)
    assert list(kiketti_layout(2, TABLE)) == ["stock", "pile", "seat0", "hand0", "seat1", "hand1"]
    with pytest.raises(ZoneError, match="a 900x560 mm table is too small for 4 Kiketti seats: zones 'hand0' and 'seat3' overlap"):
        kiketti_layout(4, TABLE)
    assert list(kimble_layout(TABLE)) == ["dome", "board"]
    with pytest.raises(ZoneError, match="2-4 seats, got 6"):
        kiketti_layout(6, TABLE)
    with pytest.raises(ZoneError, match="zone name must be a lower-case word"):
        Zone("Pile", 0, 0, 1, 1)


def test_gin_layout_puts_each_players_melds_along_their_edge():
    zones = gin_layout(2, (1000, 800))
    assert list(zones) == ["stock", "pile", "melds0", "melds1"]
    assert zones["melds0"].to_json() == [150.0, 560.0, 850.0, 760.0]
    assert zones["melds1"].to_json() == [150.0, 40.0, 850.0, 240.0]
    with pytest.raises(ZoneError, match="^a 900x560 mm table is too small for 2 gin players: zones 'stock' "
                                        "and 'melds0' overlap$"):
        gin_layout(2, (900, 560))
    with pytest.raises(ZoneError, match=r"^the default gin layout has 2 or 3 seats; the team game \(4 players\) "
                                        r"is two games at one table, .* got 4$"):
        gin_layout(4, (1400, 1100))
    with pytest.raises(ZoneError, match=r"^the default gin layout has 2 or 3 seats, got 5$"):
        gin_layout(5, (1400, 1100))


def test_skruuvi_layout_puts_each_players_card_played_before_them_and_their_tricks_on_their_right():
    """Seat 0 near, 1 left, 2 far, 3 right (clockwise, as referee.skruuvi.cards.left_of counts)."""
    zones = skruuvi_layout(4, (1000, 800))
    assert {name: zone.to_json() for name, zone in zones.items()} == {
        "centre": [340.0, 335.0, 660.0, 465.0], "deck": [240.0, 630.0, 350.0, 760.0],
        "play0": [430.0, 485.0, 570.0, 625.0], "play1": [180.0, 330.0, 320.0, 470.0],
        "play2": [430.0, 175.0, 570.0, 315.0], "play3": [680.0, 330.0, 820.0, 470.0],
        "tricks0": [650.0, 610.0, 850.0, 760.0], "tricks1": [40.0, 550.0, 190.0, 750.0],
        "tricks2": [150.0, 40.0, 350.0, 190.0], "tricks3": [810.0, 50.0, 960.0, 250.0]}
    with pytest.raises(ZoneError, match="^a 800x700 mm table is too small for 4 Skruuvi players: zones 'deck' "
                                        "and 'tricks1' overlap$"):
        skruuvi_layout(4, (800, 700))
    with pytest.raises(ZoneError, match="^a 1000x690 mm table is too small for 4 Skruuvi players: zone 'tricks1' "
                                        "falls off it$"):
        skruuvi_layout(4, (1000, 690))
    with pytest.raises(ZoneError, match=r"the default Skruuvi layout has 4 seats \(the three-player puupää is "
                                        r"not refereed\), got 3"):
        skruuvi_layout(3, (1000, 800))
