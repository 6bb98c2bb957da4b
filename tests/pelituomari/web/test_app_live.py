"""The page while the live chain referees (`run --web`): writes go through Pipeline.submit, in order with the
camera's events; the picture is the latest frame drawn; the camera's notices reach the pages.

The pipeline runs the colour-finding detector of test_pipeline.py over drawn frames, in a thread, as `run`
does; the page is served through Starlette's TestClient.
"""

import threading
import time
from contextlib import contextmanager

import cv2
import numpy as np
import pytest

pytest.importorskip("starlette")

from pelituomari.game import referee_for  # noqa: E402
from pelituomari.pipeline import Pipeline  # noqa: E402
from pelituomari.store import EventStore  # noqa: E402
from pelituomari.web.access import TableKey  # noqa: E402
from pelituomari.web.app import make_app  # noqa: E402
from pelituomari.web.feed import Feed  # noqa: E402
from pelituomari.web.live import LiveTable  # noqa: E402
from referee.events import Declared, Paused  # noqa: E402
from tests.pelituomari.test_pipeline import BLUE, START, ZONES, ColourDetector, _calibration, _frame  # noqa: E402
from tests.pelituomari.web.tables import CODE, TOKEN, WRITER, sse_messages, wait_until  # noqa: E402
from vision.capture import Frame  # noqa: E402
from vision.colour import OverExposed  # noqa: E402


@contextmanager
def refereeing(tmp_path, frames=None):
    """(client, pipeline, store, feed): the pipeline fed a frame every 20 ms (a card dealt to seat 1 after 8),
    its page served, until the block ends."""
    from starlette.testclient import TestClient

    cal, H = _calibration()
    images = frames or [_frame(H, [])] * 8 + [_frame(H, [(BLUE, *ZONES["seat1"].centre)])] * 400
    store = EventStore(tmp_path / "games.db")
    game_id = store.new_game(START)
    pipeline = Pipeline(cal, ColourDetector(), referee_for([START]), "kiketti")
    shown = []
    pipeline.on_event = lambda event, rulings: shown.append(event)   # run's own printing, kept as it was
    feed = Feed()
    table = LiveTable(pipeline, feed)
    stop = threading.Event()

    def run():   # as `run` does: the store opened in the pipeline's thread
        with EventStore(tmp_path / "games.db") as own:
            pipeline.store, pipeline.game_id = own, game_id
            for n, image in enumerate(images):
                if stop.is_set():
                    break
                pipeline.process(Frame(image, n / 10, n))
                time.sleep(0.02)
            pipeline.record_submitted()

    worker = threading.Thread(target=run)
    with TestClient(make_app(table, TableKey(CODE, TOKEN), feed)) as client:
        worker.start()
        try:
            yield client, pipeline, store, feed, shown
        finally:
            stop.set()
            worker.join()
    store.close()


def test_a_declaration_goes_through_the_pipeline_stored_and_refereed_in_order_with_the_camera(tmp_path):
    with refereeing(tmp_path) as (client, pipeline, store, _, shown):
        wait_until(lambda: len(pipeline.referee.log) == 2)   # the camera saw the deal to seat 1
        answer = client.post("/api/events", json={"type": "paused", "on": True}, headers=WRITER).json()
        assert answer["seq"] == 2 and [r["kind"] for r in answer["rulings"]] == ["paused"]
        answer = client.post("/api/events", json={"type": "declared", "by": 1, "what": "kps_won"}, headers=WRITER).json()
        data = client.get("/api/state").json()
        stored = store.events(1)
    assert answer["seq"] == 3
    assert [e.type for e in stored] == ["game_started", "card_moved", "paused", "declared"]
    assert stored[2] == Paused(t=stored[2].t, on=True) and stored[3] == Declared(t=stored[3].t, by=1, what="kps_won")
    assert stored[1].t <= stored[2].t <= stored[3].t   # dated on the camera's clock, after its events
    assert shown == stored[1:]   # run's own on_event still sees every event
    assert data["state"]["paused"] and data["state"]["version"] == 4
    assert [e["text"] for e in data["events"]] == ["kiketti: Aino, Ville", "? stock → seat1", "pause on", "Ville: kps_won"]


def test_a_write_without_the_token_never_reaches_the_pipeline(tmp_path):
    with refereeing(tmp_path) as (client, pipeline, store, _, _):
        wait_until(lambda: len(pipeline.referee.log) == 2)
        assert client.post("/api/events", json={"type": "undo"}).status_code == 403
        time.sleep(0.1)   # several frames: anything submitted would have been stored by now
        assert [e.type for e in store.events(1)] == ["game_started", "card_moved"]


def test_the_picture_is_the_latest_frame_drawn_shrunk_and_made_once_for_many_asking(tmp_path):
    with refereeing(tmp_path) as (client, pipeline, _, _, _):
        wait_until(lambda: len(pipeline.referee.log) == 2)
        first = client.get("/snapshot.jpg")
        again = client.get("/snapshot.jpg")
    assert first.status_code == 200 and first.headers["content-type"] == "image/jpeg"
    assert first.headers["cache-control"] == "no-store"
    image = cv2.imdecode(np.frombuffer(first.content, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (270, 480, 3)   # the 480x270 frames are below the 640 px the picture is shrunk to
    assert again.content == first.content   # asked again within 0.2 s: the same picture, not drawn anew


def test_the_camera_s_notices_reach_the_pages(tmp_path):
    with refereeing(tmp_path) as (client, pipeline, _, feed, _):
        def glare():
            wait_until(lambda: feed.pages == 1)
            pipeline.on_notice(OverExposed("pile", 0.93))
            feed.close()   # after the notice: both reach the loop in the order they were made

        threading.Thread(target=glare).start()
        body = client.get("/events").text
        kept = client.get("/api/state").json()["notices"]
    notices = [data for kind, data in sse_messages(body) if kind == "notice"]
    assert len(notices) == 1 and notices[0]["fi"].startswith("kamera: pile: 93 % kuvasta on puhtaan valkoista")
    assert notices[0]["en"].startswith("camera: pile: 93% of the camera's picture is pure white")
    assert [n["en"] for n in kept] == [notices[0]["en"]]
