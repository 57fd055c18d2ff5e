"""The local web HUD: the AGENDA card, the conversation, mic and backend status, on 127.0.0.1 only."""

from jarvisd.hud.app import create_app
from jarvisd.hud.security import NonLoopbackRefused, load_or_create_token
from jarvisd.hud.server import HudServer, serve_hud
from jarvisd.hud.status import MicControl, StatusBoard

__all__ = ["HudServer", "MicControl", "NonLoopbackRefused", "StatusBoard", "create_app", "load_or_create_token",
           "serve_hud"]
