"""A Mosquitto of the tests' own on a free port of 127.0.0.1, configured as the repository ships it
(deploy/mosquitto/: the listener's settings and the ACL unchanged, only its port and file paths moved into
a folder of the test's), with the persistence the OS's own mosquitto.conf turns on.

Also used by benchmarks/bench_club.py.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[3] / "deploy" / "mosquitto"
MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)


def need(what: str, present: bool) -> None:
    """In a test: go on if ``what`` is installed; else fail in CI (.ci/run installs it), skip elsewhere."""
    import pytest

    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI installs it (.ci/run)")
    pytest.skip(f"{what} is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def shipped_listener(port: int, passwd: Path, acl: Path, tls: tuple[int, Path] | None = None) -> str:
    """deploy/mosquitto/pelituomari.conf with its port and files moved: nothing else of it changed. tls: (port,
    folder of ca.crt, broker.crt and broker.key) uncomments its TLS listener, as docs/mqtt.md says to."""
    text = (SHIPPED / "pelituomari.conf").read_text(encoding="utf-8")
    moved = {"listener 1883": f"listener {port} 127.0.0.1",
             "password_file /etc/mosquitto/pelituomari/passwd": f"password_file {passwd}",
             "acl_file /etc/mosquitto/pelituomari/acl": f"acl_file {acl}"}
    if tls is not None:
        tls_port, certs = tls
        moved.update({"#listener 8883": f"listener {tls_port} 127.0.0.1",
                      **{f"#{key} /etc/mosquitto/certs/{name}": f"{key} {certs / name}"
                         for key, name in (("cafile", "ca.crt"), ("certfile", "broker.crt"), ("keyfile", "broker.key"))}})
    for shipped, here in moved.items():
        if shipped not in text.splitlines():
            raise AssertionError(f"{SHIPPED / 'pelituomari.conf'} no longer has the line {shipped!r}")
        text = text.replace(shipped, here)
    return text


def make_certificates(folder: Path) -> Path:
    """A CA and the broker's certificate for 127.0.0.1, made with docs/mqtt.md's openssl commands."""
    folder.mkdir(parents=True, exist_ok=True)
    for command in (
            "openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=pelituomari-ca -keyout ca.key -out ca.crt",
            "openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout broker.key -out broker.csr",
            "openssl x509 -req -in broker.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 "
            "-extfile san.ext -out broker.crt"):
        (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
        subprocess.run(command.split(), cwd=folder, check=True, capture_output=True)
    return folder


class LocalBroker:
    """Mosquitto in ``folder`` with a user and password for each of ``users``; start, kill -9 and start again.
    tls: also its TLS listener, on ``tls_port``, with a CA of its own (``ca``)."""

    def __init__(self, folder: Path, users: dict[str, str], tls: bool = False):
        if MOSQUITTO is None:
            raise FileNotFoundError("mosquitto is not installed (apt-get install mosquitto)")
        self.folder, self.users, self.port = folder, users, free_port()
        self.tls_port = free_port() if tls else None
        self.ca = make_certificates(folder / "certs") / "ca.crt" if tls else None
        self.process: subprocess.Popen | None = None
        (folder / "conf.d").mkdir(parents=True, exist_ok=True)
        (folder / "data").mkdir(exist_ok=True)
        passwd, acl = folder / "passwd", folder / "acl"
        for n, (user, password) in enumerate(users.items()):
            subprocess.run(["mosquitto_passwd", *(["-c"] if n == 0 else []), "-b", str(passwd), user, password],
                           check=True, capture_output=True)
        shutil.copy(SHIPPED / "pelituomari.acl", acl)
        listener = shipped_listener(self.port, passwd, acl, (self.tls_port, self.ca.parent) if tls else None)
        (folder / "conf.d" / "pelituomari.conf").write_text(listener, encoding="utf-8")
        # as the OS's /etc/mosquitto/mosquitto.conf, in the test's folder (and as root, kept root)
        (folder / "mosquitto.conf").write_text(
            f"user {os.environ.get('USER') or 'root'}\npersistence true\npersistence_location {folder / 'data'}/\n"
            f"log_dest file {folder / 'mosquitto.log'}\ninclude_dir {folder / 'conf.d'}\n", encoding="utf-8")

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, wait_s: float = 10.0) -> "LocalBroker":
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto stopped at start: {self.process.stderr.read().decode()} {self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.address} within {wait_s} s: {self.log()}")

    def kill(self) -> None:
        """As a power cut would: no chance to save its state."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        path = self.folder / "mosquitto.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""
