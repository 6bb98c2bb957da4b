"""`pelituomari run`: referee a game live from a camera, a video or images.

With no ``--source`` it runs on the embedded sample video of the game (rendered by
``pelituomari.samplegen``) with that video's calibration and players, and what its players said where the
game is partly spoken (Skruuvi's bids), so the whole chain can be seen working without a camera.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pelituomari.cli import CommandError, require_positive
from pelituomari.config import DEFAULT_DB
from pelituomari.game import DEFAULT_GAME, GAMES, find_game
from pelituomari.said import SaidError, SaidFeed, read_said

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def sample_paths(game: str) -> tuple[Path, Path, Path]:
    """The embedded sample of ``game``: video, calibration, ground truth."""
    base = SAMPLES / f"{game}_table"
    return base.with_suffix(".mp4"), Path(f"{base}.calibration.json"), Path(f"{base}.truth.jsonl")


def sample_said(game: str) -> Path | None:
    """What the players of ``game``'s sample video said (``--said``), where they said anything."""
    said = SAMPLES / f"{game}_table.said.jsonl"
    return said if said.is_file() else None


def add_parser(sub) -> None:
    p = sub.add_parser("run", help="referee a game from a camera, a video or images (default: the sample video)")
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME)
    p.add_argument("--source", help="camera:N (USB/V4L2), picamera, a video file or a folder of images; "
                   "default: the embedded sample video of the game")
    p.add_argument("--calibration", help="calibration file from 'pelituomari calibrate' "
                   "(default: the sample's; with a --source: calibration.json)")
    p.add_argument("--players", help="comma-separated names in seating order (default: the sample's, "
                   "or the game's own: Pelaaja1.. for each seat of the calibration, four teams in Kimble)")
    p.add_argument("--said", metavar="FILE", help="what people said, which the camera cannot see (Skruuvi's bids, "
                   "passes and doubles): JSON lines of declared events timed from the source's first frame, "
                   "refereed in turn with the camera's events (default: the sample's, with no --source)")
    p.add_argument("--db", default=str(DEFAULT_DB), help=f"SQLite event store (default: {DEFAULT_DB})")
    p.add_argument("--resume", nargs="?", const="latest", metavar="GAME_ID",
                   help="carry on with a stored game (default: the latest) after a restart: its events are "
                   "replayed and the table as the camera sees it now is taken as it stands")
    p.add_argument("--annotate", metavar="OUT.mp4", help="also write the annotated video here")
    p.add_argument("--keep-frames", metavar="DIR", help="keep camera frames here for labelling, to measure and "
                   "improve the vision model on real tables: one every 10 s and each with a card or die left unread "
                   "(at most 1000; they show the table and players' hands, and stay on this machine)")
    p.add_argument("--weights", help="folder of the vision model files (default: models/weights)")
    p.add_argument("--int8", action="store_true",
                   help="run the int8 copies of the live detector and readers (detector_live_int8.onnx and the "
                        "like, made by python3 -m models.quantize): for small CPUs such as a Raspberry Pi's")
    p.add_argument("--stall", type=float, default=3.0, help="seconds without a frame before a live source "
                   "counts as stalled (default: 3)")
    p.add_argument("--buttons", help="kiketti button BCM pins: PIN for one shared button, SEAT:PIN,... for one "
                   "per seat, or off (default: 17 with a live camera, off for a video; without GPIO the keyboard "
                   "stands in: space = call, p = pause)")
    p.add_argument("--pads", metavar="PORT", help="serial slap pads, e.g. /dev/ttyACM0 (default: none)")
    p.add_argument("--language", choices=("fi", "en"), default="fi")
    p.add_argument("--web", nargs="?", const="0.0.0.0:8080", metavar="HOST:PORT",
                   help="also serve the table's web page (default 0.0.0.0:8080): anyone on the network may watch, "
                        "a phone that joined with the code printed at start may declare, pause, undo and correct")
    from pelituomari.club.start import add_table_options

    add_table_options(p)   # --mqtt HOST[:PORT] --table NAME: publish to the club evening (docs/mqtt.md)
    p.set_defaults(func=run)


def _start(args, truth: Path | None, seats: int):
    from referee.events import EventError, GameStarted, read_jsonl

    if args.players:
        players = tuple(p.strip() for p in args.players.split(",") if p.strip())
        if not players:
            raise CommandError(f"--players {args.players!r}: no names; give them separated by commas, e.g. Aino,Ville")
        try:
            return GameStarted(t=0.0, game=args.game, players=players)
        except EventError as e:
            raise CommandError(f"--players {args.players!r}: {e.reason}") from None
    if truth is not None:
        start = read_jsonl(truth.read_text(encoding="utf-8").splitlines())[0]
        if isinstance(start, GameStarted):
            return start
    return GameStarted(t=0.0, game=args.game, players=find_game(args.game).players(seats))


def run(args) -> int:
    from calibration.table import CalibrationError, TableCalibration
    from pelituomari.game import referee_for
    from pelituomari.pipeline import Pipeline, size_mismatch
    from pelituomari.store import EventStore
    from vision.capture import SourceError, open_source
    from vision.tracking import Tracker

    from pelituomari.table_hardware import TableHardware, parse_button_pins

    live = args.source is not None and (args.source.startswith("camera:") or args.source == "picamera")
    require_positive(args.stall, "--stall", "seconds")
    listen = _web_address(args.web) if args.web else None
    if args.mqtt:
        from pelituomari.club.start import follow, table_publisher

        publisher = table_publisher(args)
    else:
        from pelituomari.club.start import club_options_without_broker

        club_options_without_broker(args)
    truth = None
    if args.source is None:
        video, calibration, truth = sample_paths(args.game)
        if not video.is_file():
            raise CommandError(f"the sample video {video} is missing; render it: python3 -m pelituomari.samplegen")
        source_spec, calibration_path = str(video), args.calibration or str(calibration)
    else:
        source_spec, calibration_path = args.source, args.calibration or "calibration.json"
    try:
        calibration = TableCalibration.load(calibration_path)
    except CalibrationError as e:
        raise CommandError(f"{e} (make one with: pelituomari calibrate --source ...)") from None
    player_zone = find_game(args.game).player_zone
    seats = sum(1 for z in calibration.zones if player_zone and z.startswith(player_zone))
    resumed = _stored_game(args) if args.resume else None
    if resumed is not None:
        game_id, stored = resumed
        start = stored[0]
        referee = referee_for(stored, args.language, where=f"game {game_id} in {args.db}")
    else:
        start = _start(args, truth, seats)
        referee = referee_for([start], args.language, where="--players")
    if player_zone and len(start.players) > seats:
        raise CommandError(f"{len(start.players)} players but {calibration_path} has {player_zone} zones for {seats}")
    said = _said(args.said or (sample_said(args.game) if args.source is None else None), len(start.players))
    try:
        button_pins = parse_button_pins(args.buttons or ("17" if live else "off"), len(start.players))
    except ValueError as e:
        raise CommandError(str(e)) from None
    try:
        source = open_source(source_spec, stall_s=args.stall, size=calibration.image_size)
    except SourceError as e:
        raise CommandError(str(e)) from None
    if source.size is not None and (why := size_mismatch(source.size, calibration)):
        source.close()
        raise CommandError(f"{source_spec}: {why}")
    try:
        detector = _detector(args.weights, args.int8)
    except CommandError:
        source.close()
        raise
    # A resumed game's clock goes on from its log: frame and button times are moved past its last event.
    now = time.monotonic() if live else 0.0
    t_offset = stored[-1].t + 1.0 - now if resumed is not None else 0.0

    def show(event, rulings) -> None:
        for r in rulings:
            print(f"[{event.t:7.2f}s] {r.kind}: {r.message(args.language)}", flush=True)

    # The pipeline, the hardware, the kept frames' folder and the annotated video are made before a new game
    # is stored, so that a calibration without the game's zones, a pin that cannot be had, or a folder or video
    # that cannot be written stores nothing.
    try:
        tracker = Tracker(calibration.zones, baseline_frames=3 if resumed is not None else 0,
                          moves=find_game(args.game).camera)
        pipeline = Pipeline(calibration, detector, referee, args.game, tracker=tracker, t_offset=t_offset,
                            on_notice=lambda notice: print(notice.message(args.language), file=sys.stderr, flush=True))
    except ValueError as e:
        source.close()
        raise CommandError(f"{calibration_path}: {e}") from None
    try:
        hardware = TableHardware(pipeline.submit, button_pins, args.pads, clock=lambda: time.monotonic() + t_offset,
                                 answers=find_game(args.game).answers)
    except ValueError as e:
        source.close()
        raise CommandError(str(e)) from None
    if args.keep_frames:
        from pelituomari.frame_keeper import FrameKeeper

        try:
            pipeline.keeper = FrameKeeper(args.keep_frames)
        except OSError as e:
            hardware.close()
            source.close()
            raise CommandError(f"--keep-frames {args.keep_frames}: {e.strerror or e}") from None
    if args.annotate:
        from vision.annotate import VideoAnnotator

        try:
            pipeline.annotator = VideoAnnotator(args.annotate, calibration, source.fps or 10.0, args.language)
        except OSError as e:
            hardware.close()
            source.close()
            raise CommandError(f"--annotate {e}") from None
    pipeline.on_event = lambda event, rulings: (show(event, rulings), hardware.react(rulings))
    web = None
    if listen is not None:
        from pelituomari.web.start import serve_live

        try:
            web = serve_live(pipeline, listen, args.language)
        except OSError as e:
            hardware.close()
            source.close()
            raise CommandError(f"--web {args.web}: {e.strerror or e}") from None
    try:
        with EventStore(args.db) as store:
            if resumed is None:
                game_id = store.new_game(start)
            pipeline.store, pipeline.game_id = store, game_id
            if args.mqtt:
                follow(pipeline, publisher, store, game_id)
            if pipeline.keeper is not None:
                pipeline.keeper.prefix = f"game{game_id}"
            print(f"{args.game}: {', '.join(start.players)} - {source.name} - game {game_id} in {args.db}", flush=True)
            if resumed is not None:
                print(f"resumed: {len(stored)} stored events, {len(referee.rulings)} rulings; the table as seen now "
                      f"is taken as it stands", flush=True)
                print(referee.engine.render(args.language), flush=True)
            began = time.perf_counter()
            with source:
                result = pipeline.run(source if said is None else SaidFeed(source, said, pipeline.submit, t_offset))
            took = time.perf_counter() - began
            hardware.close()
            if web is not None:
                web.stop()
            pipeline.record_submitted()  # a press as the hardware closed, or a phone's last word, is stored too
    finally:
        hardware.close()
        if web is not None:
            web.stop()
        if args.mqtt:
            publisher.close()
    fps = result.frames / took if took > 0 else 0.0
    print(f"{result.frames} frames in {took:.1f} s ({fps:.1f} fps); {len(result.events)} events stored "
          f"(game {game_id} in {args.db}); {len(result.rulings)} rulings", flush=True)
    if pipeline.keeper is not None:
        print(pipeline.keeper.summary(), flush=True)
    for skipped in source.skipped:
        print(f"passed over {skipped}", file=sys.stderr)
    if result.error is not None:
        print(f"pelituomari run: the frame source failed: {result.error}; the {len(result.events)} events "
              f"seen so far are stored (see them with: pelituomari replay {args.db})", file=sys.stderr)
        return 1
    return 0


def _said(path: str | Path | None, players: int):
    """The declarations of the said file, checked; None without one."""
    if path is None:
        return None
    try:
        return read_said(path, players)
    except SaidError as e:
        raise CommandError(f"--said {e}") from None


def _web_address(text: str) -> tuple[str, int]:
    try:
        from pelituomari.web.server import parse_listen
    except ImportError as e:
        raise CommandError(f"--web needs the web extra: pip install 'pelituomari[web]' ({e})") from None
    try:
        return parse_listen(text)
    except ValueError as e:
        raise CommandError(f"--web {e}") from None


def _stored_game(args):
    """(game id, its events) of the game --resume names, checked against --game."""
    from pelituomari.store import EventStore, StoreError

    if args.players:
        raise CommandError("--players: a resumed game keeps the players it was started with")
    try:
        store = EventStore(args.db, create=False)
    except StoreError as e:
        raise CommandError(f"--resume: {e}") from None
    with store:
        if args.resume == "latest":
            latest = store.latest_game()
            if latest is None:
                raise CommandError(f"--resume: {args.db} holds no game to carry on")
            game_id = latest.id
        elif args.resume.isdigit():
            game_id = int(args.resume)
        else:
            raise CommandError(f"--resume: a game id is a number, got {args.resume!r}")
        try:
            events = store.events(game_id)
        except KeyError as e:
            raise CommandError(f"--resume: {e.args[0]}") from None
        except StoreError as e:
            raise CommandError(f"--resume: {e}") from None
    if events[0].game != args.game:
        raise CommandError(f"--resume: game {game_id} in {args.db} is {events[0].game}, not {args.game} "
                           f"(add --game {events[0].game})")
    return game_id, events


def _detector(weights: str | None, int8: bool):
    try:
        from vision.detector import WeightsMissing, live_detector
    except ImportError as e:
        raise CommandError(f"the vision model is not installed: {e}") from None
    try:
        return live_detector(weights, int8)
    except (WeightsMissing, ValueError) as e:
        raise CommandError(str(e)) from None
