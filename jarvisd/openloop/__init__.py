"""Open Loop: promises spoken in conversation, kept on a trustworthy AGENDA (seed 000).

`rules` holds the pure judgement functions; `service` owns the loops and goes through one of the
stores in `stores`; `judge` asks the thought model after each user request; `replay` and `cli` are
the command-line faces.
"""

from jarvisd.openloop.model import AgendaChange, LoopStatus, OpenLoop
from jarvisd.openloop.service import LoopNotFound, OpenLoopService, ReviveRefused

__all__ = [
    "AgendaChange",
    "LoopNotFound",
    "LoopStatus",
    "OpenLoop",
    "OpenLoopService",
    "ReviveRefused",
]
