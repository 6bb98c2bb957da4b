"""Who may write: anyone on the network may watch the table's page, only a phone that has joined may add
an event. Joining is by the short code printed on the terminal (or its QR code); it hands the phone the
table's token as a cookie, and every write must carry that token (the cookie or an X-Table-Token header).

Wrong codes are counted, and past a few a minute every join is refused for a while, so the code cannot
be guessed by trying them all.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"   # no 0/O, 1/I: read off a screen and typed on a phone
CODE_LENGTH = 6
COOKIE = "pelituomari_token"
HEADER = "x-table-token"
WRONG_CODES_PER_MINUTE = 10


class TableKey:
    """The table's join code and token, made anew each time a server starts."""

    def __init__(self, code: str | None = None, token: str | None = None, clock=time.monotonic):
        self.code = code or "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self.token = token or secrets.token_urlsafe(24)
        self._clock = clock
        self._wrong: deque[float] = deque()

    def join(self, code: str) -> bool | None:
        """True: the code is right; False: it is wrong; None: too many wrong codes lately, try later."""
        now = self._clock()
        while self._wrong and now - self._wrong[0] > 60.0:
            self._wrong.popleft()
        if len(self._wrong) >= WRONG_CODES_PER_MINUTE:
            return None
        if hmac.compare_digest(code.strip().upper().encode(), self.code.encode()):
            return True
        self._wrong.append(now)
        return False

    def admits(self, headers, cookies) -> bool:
        """Whether a request carries the table's token."""
        given = headers.get(HEADER) or cookies.get(COOKIE) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())
