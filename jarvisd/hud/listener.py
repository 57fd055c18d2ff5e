"""Who is at the other end of the HUD's port: whose program listens there, before the token is sent to
it, and whose program is connected to it, before a ticket is traded or a connection slot given.

Any local user can listen on 127.0.0.1:8765 while jarvisd's HUD does not (the daemon stopped, or started
after it and ran without its HUD). `jarvisd hud`, `jarvisd mic`, `jarvisd openloop` and the tray sent the
token to whatever answered there, and `jarvisd hud` opened the browser on that program's page (pass 15 of
issue 18: a server run as another user logged `Authorization: Bearer <the token>`). Linux says who owns
each listening socket in /proc/net/tcp and tcp6; a listener of another user gets no token.

The kernel's socket diagnostics name the owner of a connecting client's socket: the HUD trades a ticket only with the user's own programs, and gives other users' connections a
few slots, not all (pass 15: another user's 300 idle connections kept the user's own page refused).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
from pathlib import Path

_LISTEN = "0A"


def listener_uids(port: int, proc: Path = Path("/proc/net")) -> set[int]:
    """The users owning a TCP socket listening on `port` (any address); empty when none or unknown."""
    uids: set[int] = set()
    for name in ("tcp", "tcp6"):
        try:
            lines = (proc / name).read_text(encoding="ascii", errors="replace").splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) < 8 or fields[3] != _LISTEN:
                continue
            try:
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    uids.add(int(fields[7]))
            except (IndexError, ValueError):
                continue
    return uids


def foreign_listener(command: str, host: str, port: int, proc: Path = Path("/proc/net")) -> str | None:
    """Why the token must not go to `host:port` (a program of another user listens there), or None."""
    others = sorted(uid for uid in listener_uids(port, proc) if uid != os.geteuid())
    if not others:
        return None
    return (f"jarvisd {command}: a program of another user (uid {others[0]}) listens on port {port}, not your "
            f"jarvisd: the HUD token is not sent to it. Your daemon's HUD cannot listen there while it does "
            f"(its log says `cannot listen`); stop that program or set another hud.port")


_NETLINK_SOCK_DIAG, _SOCK_DIAG_BY_FAMILY, _NLM_F_REQUEST, _NLMSG_ERROR = 4, 20, 1, 2
_NO_COOKIE = 0xFFFFFFFF
_UID_OFFSET = 16 + 4 + 48 + 12  # nlmsghdr, then inet_diag_msg: family..retrans, the socket id, 3 counters


def peer_uid(peer: tuple[str, int], server: tuple[str, int]) -> int | None:
    """The user owning the client's socket of a TCP connection from `peer` to `server`; None when no local
    socket is that one (a peer on another host, or gone), or no program holds it any more (its client closed
    it: the kernel keeps it a while as uid 0, which a daemon run as root took for its own). Asked of the kernel's socket diagnostics
    (netlink sock_diag, as `ss` does), one socket by its addresses: about 0.06 ms; reading /proc/net/tcp
    walks every socket of the machine (about 14 ms here, too slow for each new connection of a flood).
    OSError when the kernel cannot answer (no sock_diag): then nobody is known."""
    local_ip = _plain(ipaddress.ip_address(peer[0].split("%")[0]))
    remote_ip = _plain(ipaddress.ip_address(server[0].split("%")[0]))
    if local_ip.version != remote_ip.version:
        return None
    family = socket.AF_INET if local_ip.version == 4 else socket.AF_INET6
    sock_id = (struct.pack("!HH", int(peer[1]), int(server[1])) + local_ip.packed.ljust(16, b"\0")
               + remote_ip.packed.ljust(16, b"\0") + struct.pack("=III", 0, _NO_COOKIE, _NO_COOKIE))
    request = struct.pack("=BBBBI", family, socket.IPPROTO_TCP, 0, 0, 0xFFFFFFFF) + sock_id
    message = struct.pack("=IHHII", 16 + len(request), _SOCK_DIAG_BY_FAMILY, _NLM_F_REQUEST, 1, 0) + request
    with socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, _NETLINK_SOCK_DIAG) as diag:
        diag.settimeout(1.0)
        diag.sendto(message, (0, 0))
        reply = diag.recv(8192)
    if len(reply) < 20:
        raise OSError("sock_diag: a short reply")
    kind = struct.unpack_from("=H", reply, 4)[0]
    if kind == _NLMSG_ERROR:
        errno_ = -struct.unpack_from("=i", reply, 16)[0]
        if errno_ == 2:  # ENOENT: no such socket here
            return None
        raise OSError(errno_, f"sock_diag: {os.strerror(errno_)}")
    if len(reply) < _UID_OFFSET + 8:
        raise OSError("sock_diag: a short reply")
    uid, inode = struct.unpack_from("=II", reply, _UID_OFFSET)
    if inode == 0:  # no program holds it any more (closed: orphaned or in TIME_WAIT; the kernel says uid 0)
        return None
    return int(uid)


def _plain(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4-mapped IPv6 address (a dual-stack socket's peer) as the IPv4 address it is."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def is_other_user(uid: int | None) -> bool:
    """A connection known to come from another local user's program (`peer_uid`'s answer). None (no local
    socket: another host, with `allow_non_loopback`) is not known to be one."""
    return uid is not None and uid != os.geteuid()


def is_loopback_peer(host: str) -> bool:
    """A peer address of this computer's loopback (an IPv4-mapped one too): its socket is a local one, so
    `peer_uid` answering None means that socket is closed, not that it is on another host."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return _plain(ip).is_loopback


def peer_owner(peer: tuple[str, int], server: tuple[str, int]) -> tuple[str, int | None]:
    """Whose program is at the client's end of a connection, and its uid: ("other", uid) known to be another
    user's; ("gone", None) its client socket on this computer is closed already (a loopback peer with no
    socket a program holds); ("own", uid or None) the user's, another host's, or the kernel cannot say."""
    try:
        uid = peer_uid(peer, server)
    except (OSError, ValueError):
        return "own", None
    if uid is None:
        return ("gone" if is_loopback_peer(peer[0]) else "own"), None
    return ("other" if is_other_user(uid) else "own"), uid
