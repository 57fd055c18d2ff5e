"""The agenda's side of a conversation, with no language model: agenda intents answered from the agenda,
promises captured and closed by the rules, a due corrected, a reminder snoozed.

`AgendaDesk.handle(text, session)` runs on every user utterance before the agent loop (blocking, a few
milliseconds: call it from a worker thread). It returns the spoken answer when the utterance was about
the agenda, else None and the agent answers. Everything it changes goes through `OpenLoopService` and
its rules (grounded, same_loop, merge, expiry), exactly as the model's judgement does.

```
text ─► intents.match_intent ──► list / due today|tomorrow / promised_to ─► phrases (read aloud)
   │                          └► done / cancel / snooze ─► service.set_status | service.reschedule
   ├► intents.correction_time + a promise captured a moment ago ─► service.reschedule (the due moves)
   └► commitments.read_utterance ─► when.resolve_time per clause ─► Judgement ─► service.apply_judgement
                                                                               └► phrases.confirm_*
```

The desk is one object (`AgendaDesk`, one owner of the session state: the promise in focus, a guess waiting for
a yes, the list read out last) built from rooms, each a mixin over `state.DeskBase`:

| module | room | what it answers |
|---|---|---|
| `front.py` | `AgendaDesk` | one utterance in; the rooms tried in order; the change kept for "undo that" |
| `undoing.py` | `Undoing` | "undo that", "put it back", "actually I didn't" |
| `asking.py` | `Asking` | questions answered from the agenda ("what's on Friday?", "when is the dentist?") |
| `reminding.py` | `Reminding` | reminders, alarms, timers, snoozes, a skipped repeat |
| `closing.py` | `Closing` | promises closed by name, by focus, after a yes; done late, forgotten |
| `moving.py` | `Moving` | corrections ("no, Thursday"), shifts ("push it back a day"), a day moved |
| `capturing.py` | `Capturing` | promises kept from what is said, with their dues and reminders, read back |
| `state.py` | `DeskBase` | the shared state's types, constants and look-ups |
| `words.py` | | the wording rules the rooms share |
"""

from jarvisd.openloop.desk.front import AgendaDesk
from jarvisd.openloop.desk.state import FOCUS_SEC, CaptureMode, DeskReply, LastReminder

__all__ = ["FOCUS_SEC", "AgendaDesk", "CaptureMode", "DeskReply", "LastReminder"]
