"""waitress for the hall (``manage.py serve``), made to shed slow connections instead of stopping.

waitress keeps at most ``connection_limit`` connections and stops accepting new ones while it
holds that many: 1,000 connections that send their headers a byte at a time (from one phone,
or a few) stop every page and save until they end. ``HallServer`` never stops accepting.
It holds at most ``per_address`` connections of one address and ``connection_limit`` in all;
a connection beyond either makes room by closing a *waiting* one (no request being answered,
nothing left to send) of that address, or of the address that holds the most: an idle
keep-alive connection first (a browser opens another when it needs one), then the oldest one
whose request is still coming in. When nothing can be closed, the new connection is; when the
process is out of files, a waiting connection is closed so that the next one fits.

``ConnectionBook`` is the servers' count of connections per address (one book for the
listening sockets of one server, which share their connections' map and the I/O thread:
nothing here is shared between threads).
"""

from __future__ import annotations

import errno
import time
from collections import defaultdict
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

ACCEPT_AT_ONCE = 64


def client_address(addr: Any) -> str:
    """The host of a socket address (the address itself where it is no pair)."""
    return str(addr[0]) if isinstance(addr, tuple) else str(addr)


def waiting(channel: HTTPChannel) -> bool:
    """Whether ``channel`` can be closed without cutting off an answer: no request of it is
    queued or being answered, nothing is left to send, and it is not being closed already."""
    return not (
        channel.requests or channel.total_outbufs_len or channel.will_close
        or channel.close_when_flushed
    )


class ConnectionBook:
    """The open connections of every client address, oldest first."""

    def __init__(self, per_address: int) -> None:
        self.per_address = per_address
        self.by_address: dict[str, dict[int, HTTPChannel]] = defaultdict(dict)
        self.closing: set[int] = set()  # ids of the channels told to close

    def add(self, channel: HTTPChannel) -> None:
        self.by_address[self.address(channel)][id(channel)] = channel

    def remove(self, channel: HTTPChannel) -> None:
        address = self.address(channel)
        channels = self.by_address.get(address)
        if channels is not None:
            channels.pop(id(channel), None)
            if not channels:
                del self.by_address[address]
        self.closing.discard(id(channel))

    @staticmethod
    def address(channel: HTTPChannel) -> str:
        return client_address(getattr(channel, "addr", None))

    def open_at(self, address: str) -> int:
        """Connections of ``address`` that are not being closed."""
        return sum(1 for key in self.by_address.get(address, ()) if key not in self.closing)

    def open(self) -> int:
        return sum(len(channels) for channels in self.by_address.values()) - len(self.closing)

    def busiest(self) -> str | None:
        """The address that holds the most connections not being closed."""
        return max(self.by_address, key=self.open_at, default=None)

    def shed(self, address: str) -> bool:
        """Close a waiting connection of ``address``: its oldest idle one, else the one whose
        request has been coming in for longest. False when every one is busy."""
        candidates = [channel for channel in self.by_address.get(address, {}).values()
                      if waiting(channel)]
        if not candidates:
            return False
        # idle: answered before and now nothing coming in (a fresh connection has had no
        # I/O yet: its request is on its way)
        idle = [channel for channel in candidates
                if channel.request is None and channel.last_activity > channel.creation_time]
        if idle:
            victim = min(idle, key=lambda channel: channel.last_activity)
        else:
            victim = min(candidates, key=lambda channel: channel.creation_time)
        victim.will_close = True  # the I/O loop closes it on its next turn
        self.closing.add(id(victim))
        return True


class HallChannel(HTTPChannel):
    """waitress' connection, counted in its server's ``ConnectionBook``."""

    def __init__(self, server: HallServer, sock: Any, addr: Any, adj: Any,
                 map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        server.book.add(self)

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        self.server.book.remove(self)


class HallServer(TcpWSGIServer):
    """waitress' TCP server that always accepts and sheds waiting connections (module doc)."""

    channel_class = HallChannel
    book: ConnectionBook

    def readable(self) -> bool:
        # as waitress' own readable(), which closes timed-out channels, without its stop at
        # the connection limit: handle_accept makes room instead
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting

    def handle_accept(self) -> None:
        # up to ACCEPT_AT_ONCE waiting connections per turn of the I/O loop, whose every turn
        # asks each open connection whether it reads or writes: a burst of a thousand is
        # taken (and shed) in a few turns, not a thousand
        for _ in range(ACCEPT_AT_ONCE):
            try:
                accepted = self.accept()
                if accepted is None:
                    return
                connection, address = accepted
                self.set_socket_options(connection)
            except OSError as error:
                if error.errno in (errno.EMFILE, errno.ENFILE):
                    # out of files: one waiting connection goes, the next turn accepts again
                    busiest = self.book.busiest()
                    if busiest is not None:
                        self.book.shed(busiest)
                elif self.adj.log_socket_errors:
                    self.logger.warning("server accept() threw an exception", exc_info=True)
                return
            address = self.fix_addr(address)
            if self.make_room(client_address(address)):
                self.channel_class(self, connection, address, self.adj, map=self._map)
            else:
                connection.close()

    def make_room(self, address: str) -> bool:
        """Room for one more connection of ``address``, by shedding waiting ones; False when
        there is none."""
        book = self.book
        if book.open_at(address) >= book.per_address and not book.shed(address):
            return False
        if book.open() >= self.adj.connection_limit:
            busiest = book.busiest()
            return busiest is not None and book.shed(busiest)
        return True


def create_hall_server(application: Any, *, per_address: int, **settings: Any) -> Any:
    """A waitress server (``waitress.create_server``'s, for TCP addresses) of ``HallServer``s
    sharing one ``ConnectionBook`` with ``per_address`` connections per client address."""
    adjustments = Adjustments(**settings)
    if adjustments.unix_socket or adjustments.sockets:
        raise ValueError("the hall's server listens on TCP addresses only")
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adjustments.threads)
    connections: dict[int, Any] = {}
    book = ConnectionBook(per_address)
    servers = []
    for sockinfo in adjustments.listen:
        server = HallServer(
            application, connections, dispatcher=dispatcher, adj=adjustments, sockinfo=sockinfo
        )
        server.book = book
        servers.append(server)
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(
        connections, adjustments,
        [(server.effective_host, server.effective_port) for server in servers],
        dispatcher, servers[-1].log_info,
    )
