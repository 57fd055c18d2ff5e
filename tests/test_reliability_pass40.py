"""The fortieth adversarial pass (docs/reliability.md, "Fortieth pass"): each finding's case, failing before its
fix, and the guards beside it."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

SEOUL = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=SEOUL)


_TO_ASCII = str.maketrans({ch: str(i) for digits in ("٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "०१२३४५६७८९", "๐๑๒๓๔๕๖๗๘๙",
                                                           "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗") for i, ch in enumerate(digits)})


@pytest.mark.parametrize("text", [
    "remind me to call Bob in ٣ hours",               # Arabic-Indic digits (an Arabic keyboard)
    "what can I do in ٣ hours?",
    "I need to email Ann in ۲ days",                  # Persian digits
    "in ९० mins",                                     # Devanagari
    "stretch in 𝟐 hours",                             # mathematical bold digits (a styled paste)
    "remind me in ๒ weeks and ๓ days",                # Thai digits, a second part
    "call Bob ٣ days from now",
])
def test_an_english_amount_in_other_script_digits_is_read_not_a_failed_turn(text):
    """ "what can I do in ٣ hours?" in the HUD: every such turn failed ("the turn failed: 'hours'", a KeyError in
    the agenda's time rules, which took any match that is not ASCII for Korean and looked "hours" up among the
    Korean units). Read as the same words in ASCII digits are."""
    from jarvisd.openloop.when import resolve_time, time_spans

    assert time_spans(text) == time_spans(text.translate(_TO_ASCII))
    when, same = resolve_time(text, NOW), resolve_time(text.translate(_TO_ASCII), NOW)
    assert when is not None and same is not None and when.at == same.at


@pytest.mark.parametrize("text, days", [("3시간 뒤에", 0), ("이틀 뒤", 2), ("٣일 뒤", 3), ("in 3 days", 3)])
def test_guard_korean_and_ascii_amounts_read_as_before(text, days):
    from jarvisd.openloop.when import resolve_time

    when = resolve_time(text, NOW)
    assert when is not None and (when.at.date() - NOW.date()).days == days


@pytest.mark.parametrize("zone", ["Asia", "Etc", "America/Argentina"])
def test_a_time_zone_that_names_a_folder_of_zones_is_a_config_error(tmp_path, zone):
    """`general.time_zone = "Asia"` (a region, not a zone): `jarvisd run` and `doctor` ended in an
    IsADirectoryError traceback, exit 1, instead of the config error's one line and exit 2."""
    from jarvisd.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="JARVIS_GENERAL__TIME_ZONE.*unknown time zone"):
        load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": zone})


@pytest.mark.parametrize("zone", ["Asia/Seoul", "America/Argentina/Buenos_Aires", "UTC", ""])
def test_guard_a_zone_file_is_still_a_time_zone(tmp_path, zone):
    from jarvisd.config import load_config

    assert load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": zone}).values["general"][
        "time_zone"] == zone


def test_a_command_reply_naming_a_file_whose_name_is_not_utf8_is_an_answer_not_a_500(tmp_path):
    """A procedure draft saved under a name that is not UTF-8 (`pattern-\\xff\\xfe.md`, copied from another system):
    `/procedures` in the HUD answered 500 `internal_error` ("UnicodeEncodeError: ... surrogates not allowed"),
    for every draft, as long as the file was there: the reply held the name's surrogate escapes."""
    import asyncio
    import os

    import httpx

    from jarvisd.commands import CommandRegistry
    from jarvisd.events import EventBus
    from jarvisd.hud import StatusBoard, create_app
    from jarvisd.memory.commands import procedures_command
    from tests.hud.conftest import HOST, make_service, scripted_turns

    folder = tmp_path / "procedures"
    folder.mkdir()
    (folder / "pattern-tea.md").write_text("x", encoding="utf-8")
    (folder / os.fsdecode(b"pattern-\xff\xfe.md")).write_text("x", encoding="utf-8")
    commands = CommandRegistry()
    commands.register("procedures", procedures_command, "drafts")
    bus = EventBus()
    services = {"data_dir": tmp_path}
    app = create_app(make_service(tmp_path, bus), scripted_turns(bus, commands=commands, services=services), bus,
                     StatusBoard({}), "t" * 43, services=services)

    async def scenario() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=HOST) as client:
            return await client.post("/api/turns", json={"text": "/procedures", "session": "p"},
                                     headers={"Authorization": "Bearer " + "t" * 43})

    answer = asyncio.run(scenario())
    assert answer.status_code == 200, answer.text
    assert "pattern-tea" in answer.json()["reply"]
