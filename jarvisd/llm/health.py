"""The model backend failing after start (Ollama answering 500 to every call, stopped, hanging; the embedded model's
process dying on a damaged file): the status part "backend" as the chat model's turns find it, one rule for every
surface (`/api/status`, the HUD, the tray follow the bus).

Before (pass 60a's low, pass 61a): the part said only what the start found ("ollama"/"embedded") while every
model turn answered "Sorry, my model failed: …". Now `FAILS_TO_SAY` model turns failing in a row turn it
"failing", with the last error (which names the fix); the next turn the model answers turns it back. One failure
alone is not a failing part: a single long answer past `llm.timeout_sec` is one slow turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from jarvisd.errors import first_line
from jarvisd.events import Event, StatusChanged

log = logging.getLogger("jarvisd.llm")

FAILS_TO_SAY = 2


class BackendHealth:
    """Whether the chat model answers, as the turns found it; announced as the status part "backend"."""

    def __init__(self, name: str, publish: Callable[[Event], None] | None = None,
                 fails_to_say: int = FAILS_TO_SAY) -> None:
        self.name = name
        self.publish = publish
        self.fails_to_say = fails_to_say
        self.failures = 0            # model turns failed in a row
        self.failing: str | None = None   # the sentence while the part says "failing"

    def failed(self, exc: BaseException) -> None:
        self.failures += 1
        if self.failures < self.fails_to_say:
            return
        sentence = (f"{self.name}: the last {self.failures} model turns failed, the last with: "
                    f"{first_line(exc)}")
        if self.failing is None:   # said once per failing spell; the detail follows the count
            log.error("backend: %s", sentence)
        self.failing = sentence
        self._announce("failing", sentence)

    def works(self) -> None:
        self.failures = 0
        if self.failing is not None:
            self.failing = None
            log.info("backend: %s answers again", self.name)
            self._announce(self.name.split(":", 1)[0], f"{self.name}: works again")

    def _announce(self, state: str, detail: str) -> None:
        if self.publish is not None:
            self.publish(StatusChanged("backend", state, detail))
