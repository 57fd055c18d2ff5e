"""Whether the thought model does the daemon's unasked work: reflection ticks and memory consolidation.

Both ask the thought model for a written format (three labelled lines; a JSON list of facts). The embedded
SmolLM2-135M writes neither. Measured on 2026-12-06 with `scripts/probe_background.py` (load 0.5-0.9): 11 of 11
reflections echoed a line of the prompt as their thought ("[지금] 2026-12-06 15:00 (Sun) ...", "지금 떠오른 생각
한 문장" over and over), said nothing, took 6.1-9.2 s each and were stored as `thought` episodes, the text
`/journal write` reads; 6 of 6 fact extractions (5, 10 and 20 turns) had no JSON ("no JSON in the answer: '1.
Good morning, Jarvis. ...'"), 0.7-5.5 s each, so every session stayed pending and was tried again after every
quiet stretch and at every stop, which took 7 s (the shutdown's consolidation budget). With the embedded model
neither runs: the turns stay pending and a capable thought model (Ollama) consolidates them once it is there.
What the user needs without one is done by rules: spoken reminders (`reminders.py`), expiry (the sweep), facts
kept as they are said (`memory/remember_asked.py`).

Pure: the daemon and `jarvisd doctor` ask it with the thought model's name (`"embedded:smollm2-135m"`,
`"llama3.2:3b"`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BackgroundPlan:
    reflect: bool
    consolidate: bool
    why: str

    @property
    def name(self) -> str:
        return "reflection and consolidation" if self.reflect and self.consolidate else "off"


def background_plan(thought_model: str) -> BackgroundPlan:
    if thought_model.startswith("embedded:"):
        small = thought_model.removeprefix("embedded:")
        return BackgroundPlan(False, False, f"the thought model is the embedded {small}, too small to write a "
                                            "reflection or a fact extraction (it echoes the prompt); turns stay "
                                            "pending until a capable thought model consolidates them")
    return BackgroundPlan(True, True, f"the thought model is {thought_model}")
