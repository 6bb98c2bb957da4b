"""A real Mosquitto for the club evening's tests, configured as deploy/mosquitto/ ships it.

In CI (.ci/run installs mosquitto and the club extra) a test that needs either fails when it is missing;
elsewhere it is skipped only where the mosquitto binary (or paho-mqtt) is absent.
"""

from __future__ import annotations

import importlib.util

import pytest

from tests.pelituomari.club.broker import MOSQUITTO, LocalBroker, need
from tests.pelituomari.club.following import USERS, Following


@pytest.fixture
def paho():
    need("paho-mqtt (the club extra)", importlib.util.find_spec("paho") is not None)


@pytest.fixture
def broker(tmp_path, paho):
    """Mosquitto on a free port of 127.0.0.1 with the users of USERS; stopped after the test."""
    need("mosquitto (apt-get install mosquitto)", MOSQUITTO is not None)
    running = LocalBroker(tmp_path / "mosquitto", USERS).start()
    yield running
    running.stop()


@pytest.fixture
def following(broker):
    """A hub following the broker."""
    hub = Following(broker)
    yield hub
    hub.stop()


@pytest.fixture
def password_files(tmp_path):
    """user -> a file holding its password, as --mqtt-password-file reads it."""
    files = {}
    for user, password in USERS.items():
        files[user] = tmp_path / f"{user}.password"
        files[user].write_text(password + "\n", encoding="utf-8")
    return files
