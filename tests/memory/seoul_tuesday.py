"""A Korean user's Tuesday, 2026-12-08 14:00 in Seoul, lived through the whole assistant (a scripted SmolLM2-named
model): what dated78 and dated79 read back after each set of turns."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from tests.assistants import scripted_assistant

SEOUL = ZoneInfo("Asia/Seoul")
TUESDAY = datetime(2026, 12, 8, 14, 0, tzinfo=SEOUL)


async def lived_on_tuesday(tmp_path, *turns: str) -> tuple[list[str], list, list, list[str]]:
    """The replies, the chat model's calls, the agenda (desc, due date) and the facts kept after `turns` said on
    Tuesday 2026-12-08 14:00 in Seoul (dated78, dated79)."""
    assistant, chat = scripted_assistant(tmp_path, says="Sure! I can help with that.")
    assistant.desk.service.clock = TUESDAY.timestamp
    try:
        replies = [await assistant.answer(turn, session="s") for turn in turns]
        agenda = [(loop.desc, None if loop.due_ms is None else
                   datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).date().isoformat())
                  for loop in assistant.desk.service.agenda()]
        facts = [item.content for item in assistant.memory.told_facts(assistant.scope("s"))]
        return replies, chat.calls, agenda, facts
    finally:
        await assistant.close()
