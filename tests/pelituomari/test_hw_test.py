"""`pelituomari hw-test`: what it says without GPIO, with gpiozero's mock pins, and with slap pads
served over a local socket (pyserial's socket:// URL)."""

import socket
import threading

import pytest
from gpiozero.pins.mock import MockFactory

import hardware.button
import hardware.gpio
from hardware.pad_protocol import format_line
from pelituomari import cli
from pelituomari.commands import hw_test

NO_GPIO = (None, "Unable to load any default pin factory!")


def run(capsys, *argv):
    status = cli.main(["hw-test", *argv])
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


def test_without_gpio_it_says_so_and_what_it_would_check(monkeypatch, capsys):
    monkeypatch.setattr(hardware.gpio, "find_pin_factory", lambda: NO_GPIO)
    status, lines, _ = run(capsys, "--pads", "none", "--seat-button", "0:5", "--seat-button", "2:6")
    assert status == 1
    assert lines == [
        "No GPIO found on this machine: Unable to load any default pin factory!",
        "On a Raspberry Pi, hw-test would check:",
        "  - seat 0 button on BCM5: press it briefly, then hold it 1.0 s",
        "  - seat 2 button on BCM6: press it briefly, then hold it 1.0 s",
        "  - buzzer on BCM18: three beeps",
        "  - green (heard) LED on BCM23: lit for 0.6 s",
        "  - red (fault) LED on BCM24: lit for 0.6 s",
        "  - yellow (pause) LED on BCM25: lit for 0.6 s",
        "  (a Raspberry Pi 5 needs lgpio: pip install 'pelituomari[pi]')",
        "hw-test: 0 of 1 checks passed",
    ]


@pytest.mark.parametrize("bad, why", [("5", "expected SEAT:PIN"), ("x:5", "expected SEAT:PIN"),
                                      ("16:5", "a seat 0-15")])
def test_a_bad_seat_button_is_named(capsys, bad, why):
    status, _, err = run(capsys, "--seat-button", bad)
    assert status == 2 and f"--seat-button '{bad}'" in err and why in err


def test_a_pin_or_seat_used_twice_is_named(capsys):
    status, _, err = run(capsys, "--seat-button", "0:5", "--seat-button", "1:5")
    assert status == 2 and err == ("pelituomari hw-test: --seat-button 1:5: BCM5 is given to seat 0's button as "
                                   "well; each part needs its own pin (docs/wiring.md)\n")
    status, _, err = run(capsys, "--seat-button", "0:5", "--seat-button", "0:6")
    assert status == 2 and "seat 0 already has a button" in err


@pytest.mark.parametrize("argv, message", [
    (["--seat-button", "0:18"], "--buzzer-pin: BCM18 is given to seat 0's button as well"),
    (["--button-pin", "23"], "--heard-led: BCM23 is given to the shared button as well"),
    (["--fault-led", "25"], "--pause-led: BCM25 is given to the red LED as well"),
    (["--buzzer-pin", "40"], "--buzzer-pin: 40 is not a GPIO pin of the Raspberry Pi's header (BCM 0-27)"),
    (["--seat-button", "1:28"], "--seat-button 1:28: 28 is not a GPIO pin"),
])
def test_a_pin_off_the_header_or_on_two_parts_is_refused_before_any_check(monkeypatch, capsys, argv, message):
    monkeypatch.setattr(hardware.gpio, "find_pin_factory", lambda: NO_GPIO)
    status, lines, err = run(capsys, "--pads", "none", *argv)
    assert status == 2 and lines == [] and message in err


@pytest.mark.parametrize("option", ["--wait", "--show", "--hold", "--pads-wait"])
def test_negative_or_nonsense_seconds_are_refused(capsys, option):
    for bad in ("-1", "soon", "inf"):
        with pytest.raises(SystemExit) as e:
            cli.main(["hw-test", option, bad])
        assert e.value.code == 2 and f"argument {option}: expected seconds" in capsys.readouterr().err


@pytest.fixture
def mock_gpio(monkeypatch):
    factory = MockFactory()
    monkeypatch.setattr(hardware.gpio, "find_pin_factory", lambda: (factory, ""))
    yield factory
    factory.reset()


def test_outputs_are_driven_and_a_silent_button_fails(mock_gpio, capsys):
    status, lines, _ = run(capsys, "--pads", "none", "--wait", "0", "--show", "0")
    assert status == 1
    assert lines == [
        "GPIO: pin factory 'mock'",
        "buzzer on BCM18: beeped 3 times (did you hear them?)",
        "green (heard) LED on BCM23: lit for 0.0 s (did you see it?)",
        "red (fault) LED on BCM24: lit for 0.0 s (did you see it?)",
        "yellow (pause) LED on BCM25: lit for 0.0 s (did you see it?)",
        "button on BCM17: press it briefly, then hold it 1.0 s (waiting 0.0 s)",
        "FAIL button on BCM17: no press within 0.0 s (check the wiring to GND, see docs/wiring.md)",
        "hw-test: 1 of 2 checks passed",
    ]
    assert [s.state for s in mock_gpio.pin(18).states] == [False] + [True, False] * 3
    for led in (23, 24, 25):
        assert [s.state for s in mock_gpio.pin(led).states] == [False, True, False]


class FakeClock:
    t = 0.0

    def __call__(self):
        return self.t


def test_presses_are_seen_and_timed(mock_gpio, monkeypatch, capsys):
    clock, ready = FakeClock(), threading.Event()

    class ReadyButtons(hardware.button.SeatButtons):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            ready.set()

    monkeypatch.setattr(hardware.button, "SeatButtons", ReadyButtons)
    monkeypatch.setattr(hw_test, "CLOCK", clock)

    def presses():
        assert ready.wait(10)
        pin = mock_gpio.pin(17)
        for t, drive in ((1.0, pin.drive_low), (1.3, pin.drive_high), (2.0, pin.drive_low),
                         (3.5, pin.drive_high)):
            clock.t = t
            drive()
        clock.t = 4.0  # the settle timer then finds the release stable

    driver = threading.Thread(target=presses)
    driver.start()
    status, lines, _ = run(capsys, "--pads", "none", "--wait", "30", "--show", "0")
    driver.join()
    assert "ok button on BCM17: short 0.30 s, long 1.50 s" in lines
    assert status == 0 and lines[-1] == "hw-test: 2 of 2 checks passed"


def serve(payload: bytes):
    """A one-connection TCP server that answers the reader's '?' with ``payload``; its URL.

    (Like a board that does not reboot when the port opens: pyserial drops what came before.)"""
    server = socket.create_server(("127.0.0.1", 0))

    def handle():
        conn, _ = server.accept()
        with conn, server:
            while data := conn.recv(64):  # until the reader closes the port
                if b"?" in data:
                    conn.sendall(payload)

    threading.Thread(target=handle, daemon=True).start()
    return f"socket://127.0.0.1:{server.getsockname()[1]}"


def test_slap_pads_say_hello_and_beat(monkeypatch, capsys):
    monkeypatch.setattr(hardware.gpio, "find_pin_factory", lambda: NO_GPIO)
    payload = (format_line("HELLO slap_pads 1.0 4") + "".join(format_line(f"BEAT {k * 100_000}") for k in range(5))
               + "bad line\n" + format_line("SLAP 3 450000")).encode()
    url = serve(payload)
    status, lines, _ = run(capsys, "--pads", url, "--pads-wait", "0.5")
    assert lines[-4:] == [
        f"slap pads on {url}: connected",
        f"slap pads on {url}: slap_pads 1.0, 4 seats",
        f"ok slap pads on {url}: slap_pads 1.0, 4 seats; 5 heartbeats in 0.5 s, 1 bad lines, slaps on seats 3",
        "hw-test: 1 of 2 checks passed",
    ]
    assert status == 1  # no GPIO here


def test_pads_that_never_say_hello_fail(monkeypatch, capsys):
    monkeypatch.setattr(hardware.gpio, "find_pin_factory", lambda: NO_GPIO)
    url = serve(b"\x00\x01noise\n")
    status, lines, _ = run(capsys, "--pads", url, "--pads-wait", "0.5")
    assert lines[-2] == f"FAIL slap pads on {url}: no HELLO (0 heartbeats in 0.5 s, 1 bad lines)"
