"""HTTP connections that cannot hold the server open: a request must arrive in time, and
one address may keep only so many connections open.

uvicorn closes a kept-alive connection that goes quiet, but not one that never finishes
its request: a client that opens connections and sends its headers a byte at a time (or
nothing at all) keeps each open for as long as it likes, and enough of them use up the
process's file descriptors.  :func:`guarded_protocol` makes uvicorn's HTTP protocol class
with deadlines:

* **headers** — from the connection (or, on a kept-alive one, the first byte after a
  response, even a blank line) to the end of the request's headers: ``header_seconds``;
  past it the client gets ``408 Request Timeout`` saying so, and the connection is closed;
  and at most ``header_bytes`` of them (the request line included): past that,
  ``431`` (the parser copies a long header again with each piece of it, so huge headers
  would cost time on the event loop, not only memory);
* **body** — from the end of the headers to the end of the body: ``body_seconds``; past
  it the connection is closed (the application sees the client leave);
* **per address** — a connection beyond ``per_address`` open ones from the same address
  (an IPv6 address's /64: :func:`address_key`) gets ``503`` saying so, and is closed.
  Loopback addresses are exempt unless ``exempt_loopback`` is False: behind a reverse
  proxy on this machine every request comes from loopback, and the proxy limits its
  clients itself.

A WebSocket is an HTTP request until its upgrade: once its headers are in, its deadline
is over, and it stays open as long as the table protocol keeps it (see
:mod:`.connections`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .quietlog import QUIETED

HEADER_SECONDS = 10.0
HEADER_BYTES = 64 * 1024
BODY_SECONDS = 30.0
PER_ADDRESS = 256


def address_key(host: str) -> str:
    """What the limits per address count an address as: an IPv6 address by its /64 — the
    network one subscriber is given, every address of which it may use, so that one
    client's 2**64 addresses are one — an IPv4 address (also written IPv4-mapped,
    ``::ffff:1.2.3.4``) as itself; anything else as it is."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _reply(transport: asyncio.Transport, status: bytes, code: str, message: str) -> None:
    """Answer with ``status`` and the refusal every answer of the server's has
    (``{"detail": {"code", "message"}}``), then close."""
    body = json.dumps({"detail": {"code": code, "message": message}}).encode()
    transport.write(b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
                    b"content-length: " + str(len(body)).encode() + b"\r\n"
                    b"connection: close\r\n\r\n" + body)
    transport.close()


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the deadlines and the per-address cap above."""

    header_seconds: ClassVar[float] = HEADER_SECONDS
    header_bytes: ClassVar[int] = HEADER_BYTES
    body_seconds: ClassVar[float] = BODY_SECONDS
    per_address: ClassVar[int] = PER_ADDRESS
    exempt_loopback: ClassVar[bool] = True
    open_by_address: ClassVar[dict[str, set[asyncio.BaseTransport]]]
    """The transports open per address (a WebSocket's too, after its upgrade)."""

    _deadline: asyncio.TimerHandle | None = None
    _header_bytes: int | None = None
    """Bytes received since the headers' deadline was armed (None: not waiting for them)."""

    # -- the connection ------------------------------------------------------------------
    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        # uvicorn warns of every request that is not HTTP (or asks for an upgrade it does
        # not know): counted, one line a minute
        for quiet in QUIETED:
            quiet.install(self.logger)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if self.per_address and not (self.exempt_loopback and is_loopback(host)):
            mine = self._open_from(address_key(host))
            if len(mine) >= self.per_address:
                _reply(transport, b"503 Service Unavailable", "too-many-connections",
                       f"too many connections from your address ({len(mine)} open); "
                       "close some and try again")
                return
            mine.add(transport)
        self._arm(self.header_seconds, True)

    def _open_from(self, host: str) -> set[asyncio.BaseTransport]:
        """The connections from ``host`` still open (the closed ones forgotten)."""
        table = self.open_by_address
        if len(table) > 10_000:  # many addresses: forget those with nothing open
            for key in [k for k, held in table.items()
                        if all(t.is_closing() for t in held)]:
                del table[key]
        mine = table.setdefault(host, set())
        mine.difference_update([t for t in mine if t.is_closing()])
        return mine

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
        key = address_key(self.client[0] if self.client else "")
        mine = self.open_by_address.get(key)
        if mine is not None:
            mine.discard(self.transport)
            if not mine:
                del self.open_by_address[key]

    # -- the request's deadlines ---------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm(self.header_seconds, True)  # bytes between requests: headers next
        if self._header_bytes is not None:  # headers expected: count them before parsing
            end = data.find(b"\r\n\r\n")  # (the part of this piece that is headers)
            if self._header_bytes + (len(data) if end < 0 else end + 4) > self.header_bytes:
                self._disarm()
                _reply(self.transport, b"431 Request Header Fields Too Large",
                       "headers-too-large", f"the request's headers are over {self.header_bytes // 1024} KiB")
                return
        super().data_received(data)
        if self._header_bytes is not None and not self.transport.is_closing():
            self._header_bytes += len(data)  # still waiting for the end of the headers

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:  # the next request on a kept-alive connection
            self._arm(self.header_seconds, True)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self._arm(self.body_seconds, False)  # (a WebSocket is the table protocol's now)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _arm(self, seconds: float, headers: bool) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired, headers)
        self._header_bytes = 0 if headers else None

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._header_bytes = None

    def send_400_response(self, msg: str) -> None:
        """Not HTTP (a request line or header the parser refuses): the same refusal shape
        as every other answer."""
        _reply(self.transport, b"400 Bad Request", "bad-request",
               f"the request is not valid HTTP: {msg.rstrip('.').lower()}")

    def _expired(self, headers: bool) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if headers:
            _reply(self.transport, b"408 Request Timeout", "too-slow",
                   f"the request's headers did not arrive within {self.header_seconds:g} s")
        else:
            self.transport.close()


def guarded_protocol(header_seconds: float = HEADER_SECONDS, body_seconds: float = BODY_SECONDS,
                     per_address: int = PER_ADDRESS, exempt_loopback: bool = True,
                     header_bytes: int = HEADER_BYTES) -> type[GuardedProtocol]:
    """uvicorn's ``http`` protocol class with these limits (``per_address`` 0: none), with
    its own count of the connections open per address."""
    return type("GuardedProtocol", (GuardedProtocol,), {
        "header_seconds": header_seconds, "body_seconds": body_seconds,
        "header_bytes": header_bytes,
        "per_address": per_address, "exempt_loopback": exempt_loopback,
        "open_by_address": {}})
