"""A work shift kept with no hour said (everyday74, english71 left): "i'm working nights wednesday through friday" keeps
"Wednesday night shift, by Wednesday", … (`commitments_en._shifts`), and the daemon then said at 8 AM on Wednesday
"Reminder: Wednesday night shift. It's due today." — to someone who came off a night at 7 AM, of a shift that is no
deadline.

Decided: such a shift is the week's schedule, not a deadline. It stays on the agenda (so "what do I have on wednesday"
and "when's my next day off?" read it), but no reminder is planned for it (kept muted, as "don't remind me about it"
would): with no hour there is no start to remind before, and a day-only "due today" is wrong of a shift. A shift
with its hours said ("i work 7pm to 7am wednesday through friday") is an appointment at its start, reminded as
before; a reminder asked for later ("remind me an hour before my wednesday shift") ends the mute, as it ends any."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from jarvisd.openloop.model import OpenLoop

_SHIFT_NAME = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:(?:night|day|late|early)\s+)?shift", re.IGNORECASE)


def schedule_only(loop: OpenLoop, tz: tzinfo) -> bool:
    """Whether `loop` is a shift kept by its day alone (its due the end of that day, no hour said), not a repeat."""
    if loop.due_ms is None or loop.repeat is not None or loop.remind_ms is not None or \
            _SHIFT_NAME.fullmatch(loop.desc.strip()) is None:
        return False
    due = datetime.fromtimestamp(loop.due_ms / 1000, tz)
    return (due.hour, due.minute) == (23, 59)
