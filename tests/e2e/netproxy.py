"""A bad network between the browser and the server: a TCP proxy on loopback that can be
made to misbehave as a train's or a café's Wi-Fi does.

* :meth:`Proxy.stall` -- every connection open now stops forwarding in both directions,
  and nothing is closed (a Wi-Fi that died, a NAT that forgot the connection): neither
  end hears a word.  ``new=True``: connections opened meanwhile are accepted and go
  nowhere too, until :meth:`heal` (the network back: the stalled ones stay dead, as a
  forgotten NAT entry does, and new ones work).
* :attr:`Proxy.delay` / :attr:`Proxy.jitter` -- seconds each chunk waits, each way (the
  jitter varies it; bytes never overtake each other, as TCP keeps them in order).
* :attr:`Proxy.rate` -- bytes a second, each way (0: no limit).
* :meth:`Proxy.cut_after` -- the next ``n`` bytes from the server get through, then every
  connection is cut (a message broken in the middle).

It runs its own event loop in a thread; the test's thread changes its settings.
"""

from __future__ import annotations

import asyncio
import random
import socket
import threading
import time


class Proxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream = upstream_port
        self.delay = 0.0
        self.jitter = 0.0
        self.rate = 0           # bytes a second, each way; 0: as fast as it comes
        self.stalled_new = False
        self.conns: list[_Conn] = []
        self.opened = 0         # connections accepted so far
        self._cut: int | None = None
        self._rng = random.Random(7)
        self.loop = asyncio.new_event_loop()
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self._thread.start()
        started.wait(10)

    # -- the test's side ----------------------------------------------------------------
    def _call(self, fn, *args):
        done = threading.Event()
        out = []

        def run():
            try:
                out.append(fn(*args))
            finally:
                done.set()
        self.loop.call_soon_threadsafe(run)
        done.wait(10)
        return out[0] if out else None

    def stall(self, new: bool = True) -> None:
        """Every open connection goes silent both ways (nothing closed); ``new``: so do
        those opened from now on, until :meth:`heal`."""
        def go():
            self.stalled_new = new
            for c in self.conns:
                c.stalled = True
        self._call(go)

    def heal(self) -> None:
        """New connections work again (the stalled ones stay dead: nobody closes them)."""
        def go():
            self.stalled_new = False
        self._call(go)

    def cut_after(self, n: int) -> None:
        """Let ``n`` more bytes from the server through, then cut every connection."""
        self._call(lambda: setattr(self, "_cut", n))

    def live(self) -> int:
        """Connections open and forwarding."""
        return self._call(lambda: sum(1 for c in self.conns if not c.stalled and not c.done))

    def close(self) -> None:
        async def go():
            for c in self.conns:
                c.abort()
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    # -- the proxy's loop ----------------------------------------------------------------
    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._accept, "127.0.0.1", self.port))
        started.set()
        self.loop.run_forever()

    async def _accept(self, reader, writer) -> None:
        self.opened += 1
        conn = _Conn(self, reader, writer)
        self.conns.append(conn)
        if self.stalled_new:
            conn.stalled = True
            return   # accepted, and goes nowhere: the browser waits
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            conn.abort()
            return
        conn.up_writer = up_w
        asyncio.ensure_future(conn.pump(reader, up_w, downstream=False))
        asyncio.ensure_future(conn.pump(up_r, writer, downstream=True))

    def wait(self) -> float:
        return self.delay + (self._rng.uniform(-self.jitter, self.jitter) if self.jitter else 0)


class _Conn:
    def __init__(self, proxy: Proxy, reader, writer) -> None:
        self.proxy = proxy
        self.writer = writer
        self.up_writer = None
        self.stalled = False
        self.done = False

    def abort(self) -> None:
        self.done = True
        for w in (self.writer, self.up_writer):
            if w is not None:
                w.transport.abort()

    async def pump(self, reader, writer, downstream: bool) -> None:
        """Forward one direction, chunk by chunk, each at its time; a stalled connection
        reads no more (the sender's window fills) and writes nothing."""
        p = self.proxy
        due = 0.0   # when the chunk before is delivered: none overtakes it
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver():
            while True:
                at, data = await queue.get()
                if data is None:
                    break
                pause = at - time.monotonic()
                if pause > 0:
                    await asyncio.sleep(pause)
                while self.stalled and not self.done:
                    await asyncio.sleep(3600)
                if self.done:
                    return
                if p.rate:
                    step = max(1, p.rate // 20)
                    for i in range(0, len(data), step):
                        await self._send(writer, data[i:i + step], downstream)
                        await asyncio.sleep(step / p.rate)
                else:
                    await self._send(writer, data, downstream)
            with_close = not self.done and not self.stalled
            if with_close:
                try:
                    writer.write_eof()
                except OSError:
                    pass

        sender = asyncio.ensure_future(deliver())
        try:
            while not self.done:
                if self.stalled:
                    await asyncio.sleep(3600)   # reads nothing more, ever
                    continue
                data = await reader.read(65536)
                if not data:
                    break
                if self.stalled:
                    await asyncio.sleep(3600)
                    continue
                due = max(due, time.monotonic() + max(0.0, p.wait()))
                queue.put_nowait((due, data))
        except (OSError, asyncio.CancelledError):
            pass
        queue.put_nowait((0, None))
        await sender

    async def _send(self, writer, data: bytes, downstream: bool) -> None:
        p = self.proxy
        if downstream and p._cut is not None:
            if len(data) >= p._cut:
                writer.write(data[:p._cut])
                p._cut = None
                try:
                    await writer.drain()
                except OSError:
                    pass
                for c in list(p.conns):
                    c.abort()
                return
            p._cut -= len(data)
        if self.done:
            return
        writer.write(data)
        try:
            await writer.drain()
        except OSError:
            self.abort()
