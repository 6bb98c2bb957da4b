"""The room's colour cast taken out before reading: white things come out white."""

import numpy as np
import pytest

from vision.colour import (DIM_WHITE, TOO_DARK, CameraExposure, Glare, GlareOnDie, GlareOnZone, OverExposed, RoomLight,
                          TooDark, clipped_mask, clipped_share, lamp_lit_white, white_balanced, white_gains)

WARM = np.float32([0.45, 0.75, 1.0])  # B, G, R of white under a warm lamp (red over blue 2.2), not corrected


def _table_with_a_card(cast=np.float32([1, 1, 1])):
    """A mid-grey table with a white card (a tenth of the image) and a black pip, under light of colour cast."""
    image = np.full((300, 400, 3), 110, np.float32)
    image[100:200, 150:270] = 245
    image[140:160, 200:220] = 15
    return np.clip(image * cast, 0, 255).astype(np.uint8)


def test_a_white_card_under_a_warm_lamp_comes_out_white():
    warm = _table_with_a_card(WARM)
    assert tuple(warm[150, 160]) == (110, 183, 245)
    balanced = white_balanced(warm)
    b, g, r = (int(v) for v in balanced[150, 160])
    assert max(b, g, r) - min(b, g, r) <= 3 and r == 245  # the brightest channel is kept, the others raised
    b, g, r = (int(v) for v in balanced[10, 10])
    assert max(b, g, r) - min(b, g, r) <= 2  # the grey table is grey again


def test_a_neutral_image_is_left_as_it_is():
    image = _table_with_a_card()
    assert white_balanced(image) is image


def test_a_table_with_nothing_white_on_it_is_left_as_it_is():
    """Red cloth with only backs on it: its brightest pixels are red over blue 10, which no lamp makes of
    white, so the light is not judged (a cap on the gains alone would paint it grey-pink)."""
    red_felt = np.zeros((300, 400, 3), np.uint8)
    red_felt[:] = (20, 30, 200)
    assert white_gains(red_felt) is None
    assert white_balanced(red_felt) is red_felt


@pytest.mark.parametrize("levels, white", [
    ((110, 183, 245), True),    # white under a bulb, uncorrected: red over blue 2.2
    ((245, 225, 176), True),    # daylight with the camera set for a lamp
    ((196, 245, 176), True),    # a tube's green: 1.32 times the mean of red and blue
    ((50, 150, 250), False),    # red over blue 5: orange cloth, not white
    ((40, 110, 40), False),     # green felt
    ((230, 40, 230), False),    # magenta: green far under red and blue
])
def test_white_is_told_from_coloured_cloth_by_what_a_lamp_can_do_to_it(levels, white):
    assert lamp_lit_white(np.float32(levels)) is white


def test_a_photo_five_times_the_size_gets_the_gains_of_the_same_scene():
    """It is judged from every fourth pixel of every fourth row (SAMPLE_PIXELS), and the sample must not
    miss the card's white: the gains are the small image's."""
    import cv2
    small = _table_with_a_card(WARM)
    large = cv2.resize(small, None, fx=5, fy=5, interpolation=cv2.INTER_NEAREST)
    assert np.allclose(white_gains(large), white_gains(small), atol=0.02)


def test_a_dim_table_is_lifted_until_its_white_is_dim_white():
    dim = _table_with_a_card(np.float32([0.4, 0.4, 0.4]))
    assert tuple(dim[150, 160]) == (98, 98, 98)
    assert np.allclose(white_gains(dim), DIM_WHITE / 98)
    assert tuple(white_balanced(dim)[150, 160]) == (200, 200, 200)


def _red_backs_zone():
    """A zone of the live pipeline holding only red backs on green cloth: nothing white in it."""
    zone = np.full((200, 300, 3), (40, 110, 40), np.uint8)
    zone[50:150, 100:170] = (30, 30, 200)
    return zone


def test_a_room_s_light_is_judged_over_all_of_a_frame_s_zones_together():
    """One zone shows a white card under a bulb, the other only backs: the gains are the white card's."""
    light = RoomLight()
    gains = light.update([_table_with_a_card(WARM), _red_backs_zone()])
    assert np.allclose(gains, white_gains(_table_with_a_card(WARM)), atol=0.03)
    b, g, r = (int(v) for v in light.apply(_table_with_a_card(WARM))[150, 160])
    assert max(b, g, r) - min(b, g, r) <= 3


def test_a_new_light_is_taken_up_at_once():
    """Lit by a bulb, then the bulb goes out and daylight comes in: the next frame is evened out by the
    daylight's gains, not by the bulb's on their way."""
    light = RoomLight()
    warm = light.update([_table_with_a_card(WARM)])
    assert np.allclose(warm, [245 / 110, 245 / 183, 1.0], atol=0.01)
    assert np.allclose(light.update([_table_with_a_card()]), 1.0, atol=0.01)
    b, g, r = (int(v) for v in light.apply(_table_with_a_card())[150, 160])
    assert max(b, g, r) - min(b, g, r) <= 3


def test_a_frame_with_nothing_white_in_it_leaves_the_light_as_it_was():
    light = RoomLight()
    assert light.update([_red_backs_zone()]) is None
    zone = _red_backs_zone()
    assert light.apply(zone) is zone  # not judged yet: as the camera gave it
    warm = light.update([_table_with_a_card(WARM)])
    assert light.update([_red_backs_zone()]) is warm


def test_only_pixels_white_in_every_channel_count_as_clipped():
    image = np.full((40, 40, 3), 120, np.uint8)
    image[:20] = 255           # half the picture pure white
    image[20:30] = (255, 255, 200)  # bright, but red keeps its detail: not clipped
    assert clipped_share(clipped_mask(image)) == 0.5
    assert clipped_share(clipped_mask(np.full((40, 40, 3), 249, np.uint8))) == 0.0
    assert clipped_mask(image).shape == (10, 10)   # every 4th pixel each way


def test_glare_hides_a_table_point_where_half_a_card_s_middle_is_clipped():
    image = np.full((200, 400, 3), 120, np.uint8)      # a region of 200 x 100 mm at 2 px a mm, from (100, 50) mm
    image[:, 200:] = 255                                # its right half clipped: x from 200 mm on
    glare = Glare([((100.0, 50.0, 300.0, 150.0), 2.0, clipped_mask(image))])
    assert [glare.hides(x, 100.0, 20.0, 0.5) for x in (150.0, 199.0, 201.0, 250.0)] == [False, False, True, True]
    assert [glare.hides(x, 100.0, 8.0, 0.5) for x in (190.0, 195.0, 205.0)] == [False, False, True]   # a die's reach
    assert not glare.hides(350.0, 100.0, 20.0, 0.5)          # outside every region: seen nowhere, hidden nowhere
    assert not Glare([]).hides(250.0, 100.0, 20.0, 0.5)


def _exposure_notices(shares_white: list[bool], frames: int = 3) -> list:
    """CameraExposure's notice (or None) for region "dome" on each frame, all clipped (True) or none."""
    exposure = CameraExposure(frames)
    return [(exposure.look({"dome": 1.0 if w else 0.0}, 240.0) or [None])[0] for w in shares_white]


def test_a_region_over_exposed_frames_in_a_row_is_reported_once():
    notices = _exposure_notices([True] * 6)
    assert notices[:2] == [None, None] and notices[3:] == [None] * 3
    assert notices[2] == OverExposed("dome", 1.0)


def test_the_over_exposure_notice_says_where_and_what_to_do_in_either_language():
    notice = OverExposed("dome", 0.934)
    assert notice.message("en") == ("camera: dome: 93% of the camera's picture is pure white (over-exposed), so what "
                                    "lies there cannot be read; turn the camera's exposure or the light down")
    assert notice.message() == ("kamera: dome: 93 % kuvasta on puhtaan valkoista (ylivalottunut), eikä siinä olevaa "
                                "voi lukea; pienennä kameran valotusta tai himmennä valoa")
    with pytest.raises(ValueError, match=r"language must be one of \('fi', 'en'\), got 'sv'"):
        notice.message("sv")


def test_a_flash_of_glare_is_not_reported():
    assert _exposure_notices([True, True, False, True, True, False, True]) == [None] * 7


def test_an_over_exposed_region_is_reported_again_only_after_it_was_well_exposed_as_long():
    came_back = _exposure_notices([True] * 3 + [False] * 2 + [True] * 3)   # two good frames: not long enough
    assert [n is not None for n in came_back] == [False, False, True] + [False] * 5
    again = _exposure_notices([True] * 3 + [False] * 3 + [True] * 3)
    assert [n is not None for n in again] == [False, False, True] + [False] * 5 + [True]


def test_a_notice_stands_until_its_trouble_has_been_gone_as_long_as_it_took_to_report():
    exposure = CameraExposure(3)
    standing = []
    for w in [True] * 4 + [False] * 2 + [True] + [False] * 3:
        exposure.look({"dome": 1.0 if w else 0.0}, 240.0)
        standing.append(exposure.standing)
    # reported on the 3rd frame; the white frame among the good ones starts their count again
    assert standing == [[], []] + [[OverExposed("dome", 1.0)]] * 7 + [[]]


def test_glare_on_the_die_is_reported_once_unless_the_picture_is_said_to_be_over_exposed():
    exposure = CameraExposure(2)
    assert [exposure.look_at_die(h) for h in (True, True, True, False, False, True)] == [[], [GlareOnDie()], [], [], [], []]
    washed = CameraExposure(2)
    told = [washed.look({"dome": 0.9}, 240.0) + washed.look_at_die(True) for _ in range(3)]
    assert told == [[], [OverExposed("dome", 0.9)], []]   # the over-exposure says it: no second notice
    assert GlareOnDie().message("en") == ("camera: a reflection (glare) lies on the die, so its face cannot be read; "
                                          "move the lamp or the camera")
    assert GlareOnDie().message() == "kamera: heijastus peittää nopan, eikä sen silmälukua voi lukea; siirrä valoa tai kameraa"


def test_a_picture_kept_too_dark_is_reported_once_while_nothing_white_leaves_it_unjudged():
    exposure = CameraExposure(2)
    grey = {"dome": 0.0}
    whites = [75.0, None, 74.0, 70.0, 90.0, 72.0]   # None: nothing white in sight, which neither adds nor breaks
    assert [exposure.look(grey, w) for w in whites] == [[], [], [TooDark(74.0)], [], [], []]
    assert TOO_DARK == 80


def test_the_too_dark_notice_says_how_dark_and_what_to_do_in_either_language():
    assert TooDark(74.6).message("en") == ("camera: the picture is too dark (white only 75 of 255), so cards and dice "
                                           "may be misread; turn the light or the camera's exposure up")
    assert TooDark(74.6).message() == ("kamera: kuva on liian tumma (valkoinen vain 75/255), joten kortit ja nopat "
                                       "voidaan lukea väärin; lisää valoa tai kameran valotusta")


def test_the_room_light_notes_how_bright_white_came_out_when_it_could_judge():
    light = RoomLight()
    light.update([np.full((20, 20, 3), (30, 40, 20), np.uint8)])   # green cloth: nothing white
    assert (light.gains, light.white) == (None, None)
    light.update([_table_with_a_card(np.float32([0.3, 0.3, 0.3]))])
    assert light.white == 73.0   # the card's 245 at 0.3


def test_glare_hides_a_card_somewhere_in_a_zone_where_a_quarter_of_a_card_s_square_around_a_point_of_it_is_clipped():
    image = np.full((200, 400, 3), 120, np.uint8)      # a region of 200 x 100 mm at 2 px a mm, from (100, 50) mm
    image[76:124, 236:284] = 255                        # a 24 x 24 mm spot clipped at (218-242, 88-112) mm
    glare = Glare([((100.0, 50.0, 300.0, 150.0), 2.0, clipped_mask(image))])
    # a point's 40 x 40 mm square (reach 20 mm) over the spot is a third clipped; one over its edge, less
    assert glare.hides_within((120.0, 60.0, 280.0, 140.0), 20.0, 0.25)   # the zone holds the spot
    assert glare.hides_within((240.0, 60.0, 280.0, 140.0), 20.0, 0.25)   # beside it: a card there reaches over it
    assert not glare.hides_within((250.0, 60.0, 280.0, 140.0), 20.0, 0.25)   # 8 mm past its edge: a sixth at most
    assert not glare.hides_within((120.0, 60.0, 280.0, 140.0), 20.0, 0.4)    # no point's square 0.4 clipped
    assert not glare.hides_within((120.0, 60.0, 320.0, 140.0), 20.0, 0.25)   # not wholly in a looked-at rectangle
    assert not Glare([]).hides_within((120.0, 60.0, 280.0, 140.0), 20.0, 0.25)


def test_glare_lying_on_a_zone_is_reported_once_it_has_lasted_longer_than_a_reflection_swaying_past():
    exposure = CameraExposure(frames=2, zone_frames=4)
    told = [exposure.look_at_zones({"pile": pile, "seat0": False})
            for pile in (True, True, True, False, True, True, True, True, True, False, False)]
    # three frames, then a clear one: not yet; four in a row: told once; two clear frames end it, so it is told again
    assert told == [[]] * 7 + [[GlareOnZone("pile")], [], [], []]
    assert exposure.standing == []
    again = [exposure.look_at_zones({"pile": True}) for _ in range(4)]
    assert again == [[], [], [], [GlareOnZone("pile")]]


def test_glare_on_a_zone_of_a_region_said_to_be_over_exposed_is_not_told_twice():
    exposure = CameraExposure(frames=1, zone_frames=1)
    assert exposure.look({"stock+pile": 0.9, "seat0+hand0": 0.0}, 240.0) == [OverExposed("stock+pile", 0.9)]
    assert exposure.look_at_zones({"pile": True, "seat0": True}) == [GlareOnZone("seat0")]
    assert GlareOnZone("pile").message("en") == (
        "camera: pile: part of it shows pure white (a lamp's reflection or over-exposure), so a card laid there may go "
        "unseen; move the light or the camera, or turn the exposure down")
    assert GlareOnZone("pile").message() == (
        "kamera: pile: osa alueesta näkyy puhtaan valkoisena (heijastus tai ylivalotus), joten sinne pantua korttia "
        "ei ehkä nähdä; siirrä valoa tai kameraa tai pienennä valotusta")


def test_a_frame_far_darker_than_those_before_it_is_blind_until_the_picture_returns():
    from vision.colour import Blind, Blindness

    bright, dark = np.full((72, 128, 3), 150, np.uint8), np.full((72, 128, 3), 60, np.uint8)
    blindness = Blindness()
    told = [blindness.update(t / 10, bright) for t in range(5)]
    assert told == [[]] * 5 and not blindness.blind
    assert blindness.update(0.5, dark) == [Blind(0.5)] and blindness.blind   # 60 is under half of 150
    assert blindness.update(0.6, np.zeros_like(dark)) == []
    assert blindness.update(0.7, bright) == [Blind(0.5, 0.7)] and not blindness.blind
    assert Blind(0.5, 0.7).message("en") == ("camera: the picture was dark from 0.5 to 0.7 s; moves made then may "
                                             "not have been seen: check the table")


def test_a_black_first_frame_is_blind_and_a_dim_table_seen_from_the_start_is_not():
    from vision.colour import Blind, Blindness

    assert Blindness().update(0.0, np.full((72, 128, 3), 5, np.uint8)) == [Blind(0.0)]
    dim = Blindness()
    assert [dim.update(t / 10, np.full((72, 128, 3), 40, np.uint8)) for t in range(3)] == [[], [], []]
