"""Serving the table's page with uvicorn: the address to listen on, the join code and its QR code on the
terminal, and the server in the foreground (`serve`) or beside the live chain (`run --web`).

The socket is bound before anything else starts, so a port already taken is said at once.
"""

from __future__ import annotations

import socket
import threading
from typing import TextIO

import segno
import uvicorn

DEFAULT_LISTEN = "0.0.0.0:8080"


def parse_listen(text: str) -> tuple[str, int]:
    """HOST:PORT, [IPv6]:PORT, :PORT or PORT (all interfaces); a ValueError says what is wrong."""
    host, _, port = text.rpartition(":")
    host = host.strip("[]") or "0.0.0.0"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: give HOST:PORT with a port 1-65535, e.g. {DEFAULT_LISTEN}")
    return host, int(port)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket; an OSError says why it cannot be had (the port taken, no such address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def page_urls(sock: socket.socket) -> list[str]:
    """Where phones find the page: the bound address, or for all interfaces this machine's own names and
    addresses as its resolver knows them."""
    host, port = sock.getsockname()[:2]
    if host not in ("0.0.0.0", "::"):
        return [f"http://{_url_host(host)}:{port}"]
    name = socket.gethostname()
    try:
        found = {info[4][0] for info in socket.getaddrinfo(name, None, socket.AF_INET)}
    except OSError:
        found = set()
    addresses = sorted(a for a in found if not a.startswith("127."))
    return [f"http://{a}:{port}" for a in addresses] + [f"http://{name}.local:{port}"]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def announce(urls: list[str], code: str, out: TextIO) -> None:
    """Print where the page is, the join code and a QR code of the first address's join link."""
    join = f"{urls[0]}/join?code={code}"
    print(f"pöydän sivu / the table's page: {', '.join(urls)}", file=out)
    print(f"liity koodilla / join with the code: {code}  ({join})", file=out)
    segno.make(join, error="m").terminal(out=out, compact=True)
    out.flush()


class Server:
    """uvicorn serving an app on a bound socket."""

    def __init__(self, app, sock: socket.socket):
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on")
        self._server, self._sock = uvicorn.Server(config), sock
        self._thread: threading.Thread | None = None

    def run(self) -> None:
        """In the foreground, until Ctrl-C."""
        try:
            self._server.run(sockets=[self._sock])
        finally:
            self._sock.close()

    def start(self) -> None:
        """In a thread beside the caller; returns once it serves."""
        self._thread = threading.Thread(target=self.run, name="web", daemon=True)
        self._thread.start()
        while not self._server.started and self._thread.is_alive():
            self._thread.join(0.01)

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(5.0)
