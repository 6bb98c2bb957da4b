"""`pelituomari hw-test`: check the table's wiring and print what was found.

On a Pi: the buzzer beeps and each LED lights in turn (you judge), each button is pressed (the
command sees it and times it), and the serial slap pads must say HELLO and send heartbeats.  On a
machine without GPIO it says so and lists what it would check; the pads are checked anyway.
"""

from __future__ import annotations

import argparse
import glob
import queue
import time

from pelituomari.cli import CommandError

PAD_PORTS = ("/dev/ttyACM*", "/dev/ttyUSB*")
CLOCK = time.monotonic  # what presses are timed by (tests pass a fake)


def add_parser(sub) -> None:
    from hardware.button import DEFAULT_BUTTON_PIN, DEFAULT_HOLD_S
    from hardware.feedback import FeedbackPins

    pins = FeedbackPins()
    p = sub.add_parser("hw-test", help="check the button, buzzer, LEDs and slap pads, and print what was found")
    p.add_argument("--button-pin", type=int, default=DEFAULT_BUTTON_PIN, help="BCM pin of the shared button "
                   f"(default {DEFAULT_BUTTON_PIN})")
    p.add_argument("--seat-button", action="append", default=[], metavar="SEAT:PIN",
                   help="a per-seat button instead of the shared one (repeat for each seat)")
    p.add_argument("--buzzer-pin", type=int, default=pins.buzzer, help=f"BCM pin of the buzzer (default {pins.buzzer})")
    p.add_argument("--heard-led", type=int, default=pins.heard, help=f"BCM pin of the green LED (default {pins.heard})")
    p.add_argument("--fault-led", type=int, default=pins.fault, help=f"BCM pin of the red LED (default {pins.fault})")
    p.add_argument("--pause-led", type=int, default=pins.pause, help=f"BCM pin of the yellow LED (default {pins.pause})")
    p.add_argument("--hold", type=seconds, default=DEFAULT_HOLD_S,
                   help=f"long-press time in seconds (default {DEFAULT_HOLD_S})")
    p.add_argument("--wait", type=seconds, default=15.0, help="seconds to wait for each button (default 15)")
    p.add_argument("--show", type=seconds, default=0.6, help="seconds each LED stays lit (default 0.6)")
    p.add_argument("--pads", default=None, metavar="PORT",
                   help="serial port or pyserial URL of the slap pads; 'none' to skip; "
                        "default: the first of " + ", ".join(PAD_PORTS))
    p.add_argument("--pads-wait", type=seconds, default=3.0, help="seconds to listen to the pads (default 3)")
    p.set_defaults(func=run)


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds >= 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected seconds >= 0, got {text!r}")
    return value


def seat_buttons(args) -> dict[int | None, int]:
    """The buttons to check: SEAT:PIN pairs, else the shared button."""
    pins: dict[int | None, int] = {}
    for text in args.seat_button:
        seat, sep, pin = text.partition(":")
        if not (sep and seat.isdigit() and pin.isdigit()) or int(seat) > 15:
            raise CommandError(f"--seat-button {text!r}: expected SEAT:PIN with a seat 0-15, e.g. 0:5")
        if int(seat) in pins:
            raise CommandError(f"--seat-button {text!r}: seat {seat} already has a button")
        pins[int(seat)] = int(pin)
    return pins or {None: args.button_pin}


def check_pins(args, buttons: dict[int | None, int]) -> None:
    """Refuse a pin off the header, or one pin given to two parts: the test would pass a miswired
    table, since it drives one part at a time."""
    from pelituomari.table_hardware import HEADER_PINS

    parts = [("--button-pin" if seat is None else f"--seat-button {seat}:{pin}",
              "the shared button" if seat is None else f"seat {seat}'s button", pin) for seat, pin in buttons.items()]
    parts += [("--buzzer-pin", "the buzzer", args.buzzer_pin), ("--heard-led", "the green LED", args.heard_led),
              ("--fault-led", "the red LED", args.fault_led), ("--pause-led", "the yellow LED", args.pause_led)]
    given: dict[int, str] = {}
    for option, name, pin in parts:
        if pin is None:  # not fitted
            continue
        if pin not in HEADER_PINS:
            raise CommandError(f"{option}: {pin} is not a GPIO pin of the Raspberry Pi's header (BCM 0-27)")
        if pin in given:
            raise CommandError(f"{option}: BCM{pin} is given to {given[pin]} as well; "
                               "each part needs its own pin (docs/wiring.md)")
        given[pin] = name


def run(args) -> int:
    from hardware.gpio import factory_name, find_pin_factory

    buttons = seat_buttons(args)
    check_pins(args, buttons)
    results: list[bool] = []
    factory, reason = find_pin_factory()
    if factory is None:
        print(f"No GPIO found on this machine: {reason}")
        print("On a Raspberry Pi, hw-test would check:")
        for line in plan(args, buttons):
            print(f"  - {line}")
        print("  (a Raspberry Pi 5 needs lgpio: pip install 'pelituomari[pi]')")
        results.append(False)
    else:
        print(f"GPIO: pin factory '{factory_name(factory)}'")
        results.append(check_outputs(args, factory))
        for seat, pin in buttons.items():
            results.append(check_button(seat, pin, args, factory))
    pads = check_pads(args)
    if pads is not None:
        results.append(pads)
    failed = results.count(False)
    print(f"hw-test: {len(results) - failed} of {len(results)} checks passed")
    return 1 if failed else 0


def plan(args, buttons: dict[int | None, int]) -> list[str]:
    lines = [f"{button_name(seat, pin)}: press it briefly, then hold it {args.hold} s" for seat, pin in buttons.items()]
    if args.buzzer_pin is not None:
        lines.append(f"buzzer on BCM{args.buzzer_pin}: three beeps")
    for name, pin in leds(args).items():
        lines.append(f"{name} LED on BCM{pin}: lit for {args.show} s")
    return lines


def leds(args) -> dict[str, int]:
    found = {"green (heard)": args.heard_led, "red (fault)": args.fault_led, "yellow (pause)": args.pause_led}
    return {name: pin for name, pin in found.items() if pin is not None}


def button_name(seat: int | None, pin: int) -> str:
    return f"button on BCM{pin}" if seat is None else f"seat {seat} button on BCM{pin}"


def check_outputs(args, factory) -> bool:
    """Beep and light each LED; the person watching judges, the command reports what it drove."""
    from gpiozero import LED, Buzzer

    try:
        if args.buzzer_pin is not None:
            with Buzzer(args.buzzer_pin, pin_factory=factory) as buzzer:
                buzzer.beep(on_time=0.1, off_time=0.1, n=3, background=False)
            print(f"buzzer on BCM{args.buzzer_pin}: beeped 3 times (did you hear them?)")
        for name, pin in leds(args).items():
            with LED(pin, pin_factory=factory) as led:
                led.on()
                time.sleep(args.show)
                led.off()
            print(f"{name} LED on BCM{pin}: lit for {args.show} s (did you see it?)")
    except Exception as e:  # a pin in use or not on this board: gpiozero names it
        print(f"FAIL outputs: {type(e).__name__}: {e}")
        return False
    return True


def check_button(seat: int | None, pin: int, args, factory) -> bool:
    """Wait for a short and a long press on one button and report how long each was."""
    from hardware.button import SeatButtons

    name = button_name(seat, pin)
    presses: queue.Queue = queue.Queue()
    print(f"{name}: press it briefly, then hold it {args.hold} s (waiting {args.wait} s)", flush=True)
    try:
        buttons = SeatButtons({seat: pin}, presses.put, clock=CLOCK, hold_s=args.hold, pin_factory=factory)
    except Exception as e:
        print(f"FAIL {name}: {type(e).__name__}: {e}")
        return False
    seen = []
    deadline = time.monotonic() + args.wait
    try:
        while len({p.long for p in seen}) < 2 and (left := deadline - time.monotonic()) > 0:
            try:
                seen.append(presses.get(timeout=left))
            except queue.Empty:
                break
    finally:
        buttons.close()
    if not seen:
        print(f"FAIL {name}: no press within {args.wait} s (check the wiring to GND, see docs/wiring.md)")
        return False
    kinds = ", ".join(f"{'long' if p.long else 'short'} {p.duration_s:.2f} s" for p in seen)
    long_seen = {p.long for p in seen}
    note = "" if len(long_seen) == 2 else f"; no {'short' if True in long_seen else 'long'} press seen"
    print(f"ok {name}: {kinds}{note}")
    return True


def check_pads(args) -> bool | None:
    """Listen to the slap pads: HELLO, heartbeats, clock drift, bad lines.  None: none to check."""
    from hardware.slap_pads import PadDecoder, SlapPadReader, serial_port

    port = args.pads
    if port == "none":
        return None
    if port is None:
        found = sorted(p for pattern in PAD_PORTS for p in glob.glob(pattern))
        if not found:
            print(f"slap pads: none found ({', '.join(PAD_PORTS)}); give --pads PORT to check them")
            return None
        port = found[0]
    statuses: queue.Queue = queue.Queue()
    slaps: list = []
    decoder = PadDecoder()
    reader = SlapPadReader(serial_port(port), slaps.append, decoder=decoder, name=f"slap pads on {port}",
                           hello_after_s=0.0, on_status=lambda state, message: statuses.put(message)).start()
    time.sleep(args.pads_wait)
    reader.stop()
    while not statuses.empty():
        print(statuses.get())
    stats = decoder.stats
    heard = f"{stats.beats} heartbeats in {args.pads_wait} s, {stats.garbage + stats.truncated} bad lines"
    if decoder.fit.synced:
        heard += f", clock drift {decoder.fit.drift_ppm:+.0f} ppm"
    if slaps:
        heard += ", slaps on seats " + ", ".join(str(e.seat) for e in slaps)
    if decoder.hello is None or stats.beats == 0:
        print(f"FAIL slap pads on {port}: {'no HELLO' if decoder.hello is None else 'no heartbeat'} ({heard})")
        return False
    print(f"ok slap pads on {port}: {decoder.hello.firmware} {decoder.hello.version}, "
          f"{decoder.hello.seats} seats; {heard}")
    return True
